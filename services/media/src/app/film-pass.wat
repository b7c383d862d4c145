;; The film look's pass over a row of pixels (film.ts, `develop`), in WebAssembly SIMD, four pixels at
;; a time: their reds, greens and blues each as one f32x4. `scripts/film-wasm.mjs` assembles this file
;; into film-pass-wasm.ts; film-pass.test.ts checks that the two agree.
;;
;; A light leak's ellipse is drawn into the row's leak factors by `leak`, four pixels at a time too.
;;
;; Memory, as film-pass.ts lays it out: bytes 0–191 hold the colour map's twelve numbers (red, green
;; and blue out: what a pixel's red, green and blue each add, then the offset in 0–255 units), each
;; splatted as an f32x4; then a row's leak factors, 48 bytes for every four pixels (their four reds',
;; four greens' and four blues' factors); the frame layer (RGBA, plain alpha); the picture (RGB), with
;; 16 bytes to spare after it (four pixels are read as 16 bytes).
(module
  (memory (export "memory") 1)

  ;; `n` pixels of the picture from byte `px`, with the frame layer's from byte `f`: the colour map,
  ;; then (where `keep` is not 0) the light leaks' screen blending, `255 − (255 − v)·keep`, then the
  ;; frame layer in plain alpha blending; clamped to 0–255 and truncated, as libvips casts float to 8
  ;; bits, and written back in place. The last one to three pixels of a row are made as four and
  ;; written as they are.
  (func (export "row") (param $px i32) (param $f i32) (param $keep i32) (param $n i32)
    (local $end i32)
    (local $rr v128) (local $rg v128) (local $rb v128) (local $ro v128)
    (local $gr v128) (local $gg v128) (local $gb v128) (local $go v128)
    (local $br v128) (local $bg v128) (local $bb v128) (local $bo v128)
    (local $p v128) (local $u v128) (local $a v128)
    (local $r v128) (local $g v128) (local $b v128)
    (local $red v128) (local $green v128) (local $blue v128)
    (local $out v128)
    (local.set $rr (v128.load offset=0 (i32.const 0)))
    (local.set $rg (v128.load offset=16 (i32.const 0)))
    (local.set $rb (v128.load offset=32 (i32.const 0)))
    (local.set $ro (v128.load offset=48 (i32.const 0)))
    (local.set $gr (v128.load offset=64 (i32.const 0)))
    (local.set $gg (v128.load offset=80 (i32.const 0)))
    (local.set $gb (v128.load offset=96 (i32.const 0)))
    (local.set $go (v128.load offset=112 (i32.const 0)))
    (local.set $br (v128.load offset=128 (i32.const 0)))
    (local.set $bg (v128.load offset=144 (i32.const 0)))
    (local.set $bb (v128.load offset=160 (i32.const 0)))
    (local.set $bo (v128.load offset=176 (i32.const 0)))
    (local.set $end (i32.add (local.get $px) (i32.mul (local.get $n) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $px) (local.get $end)))
        ;; four pixels' reds, greens and blues
        (local.set $p (v128.load align=1 (local.get $px)))
        (local.set $r (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $p)
          (v128.const i8x16 0 -1 -1 -1 3 -1 -1 -1 6 -1 -1 -1 9 -1 -1 -1))))
        (local.set $g (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $p)
          (v128.const i8x16 1 -1 -1 -1 4 -1 -1 -1 7 -1 -1 -1 10 -1 -1 -1))))
        (local.set $b (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $p)
          (v128.const i8x16 2 -1 -1 -1 5 -1 -1 -1 8 -1 -1 -1 11 -1 -1 -1))))
        ;; the colour map
        (local.set $red (f32x4.add
          (f32x4.add (f32x4.mul (local.get $rr) (local.get $r)) (f32x4.mul (local.get $rg) (local.get $g)))
          (f32x4.add (f32x4.mul (local.get $rb) (local.get $b)) (local.get $ro))))
        (local.set $green (f32x4.add
          (f32x4.add (f32x4.mul (local.get $gr) (local.get $r)) (f32x4.mul (local.get $gg) (local.get $g)))
          (f32x4.add (f32x4.mul (local.get $gb) (local.get $b)) (local.get $go))))
        (local.set $blue (f32x4.add
          (f32x4.add (f32x4.mul (local.get $br) (local.get $r)) (f32x4.mul (local.get $bg) (local.get $g)))
          (f32x4.add (f32x4.mul (local.get $bb) (local.get $b)) (local.get $bo))))
        ;; the light leaks
        (if (local.get $keep)
          (then
            (local.set $red (f32x4.sub (v128.const f32x4 255 255 255 255)
              (f32x4.mul (f32x4.sub (v128.const f32x4 255 255 255 255) (local.get $red))
                (v128.load offset=0 (local.get $keep)))))
            (local.set $green (f32x4.sub (v128.const f32x4 255 255 255 255)
              (f32x4.mul (f32x4.sub (v128.const f32x4 255 255 255 255) (local.get $green))
                (v128.load offset=16 (local.get $keep)))))
            (local.set $blue (f32x4.sub (v128.const f32x4 255 255 255 255)
              (f32x4.mul (f32x4.sub (v128.const f32x4 255 255 255 255) (local.get $blue))
                (v128.load offset=32 (local.get $keep)))))
            (local.set $keep (i32.add (local.get $keep) (i32.const 48)))))
        ;; the frame layer's four pixels: its alpha, then each channel laid over
        (local.set $u (v128.load align=1 (local.get $f)))
        (local.set $a (f32x4.mul
          (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $u)
            (v128.const i8x16 3 -1 -1 -1 7 -1 -1 -1 11 -1 -1 -1 15 -1 -1 -1)))
          (v128.const f32x4 0x1.010102p-8 0x1.010102p-8 0x1.010102p-8 0x1.010102p-8)))
        (local.set $red (f32x4.add (local.get $red) (f32x4.mul (local.get $a) (f32x4.sub
          (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $u)
            (v128.const i8x16 0 -1 -1 -1 4 -1 -1 -1 8 -1 -1 -1 12 -1 -1 -1)))
          (local.get $red)))))
        (local.set $green (f32x4.add (local.get $green) (f32x4.mul (local.get $a) (f32x4.sub
          (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $u)
            (v128.const i8x16 1 -1 -1 -1 5 -1 -1 -1 9 -1 -1 -1 13 -1 -1 -1)))
          (local.get $green)))))
        (local.set $blue (f32x4.add (local.get $blue) (f32x4.mul (local.get $a) (f32x4.sub
          (f32x4.convert_i32x4_s (i8x16.swizzle (local.get $u)
            (v128.const i8x16 2 -1 -1 -1 6 -1 -1 -1 10 -1 -1 -1 14 -1 -1 -1)))
          (local.get $blue)))))
        ;; clamped to 0–255, truncated, and the four pixels' bytes as RGB RGB RGB RGB
        (local.set $out (v128.or
          (v128.or
            (i32x4.trunc_sat_f32x4_s (f32x4.min (f32x4.max (local.get $red)
              (v128.const f32x4 0 0 0 0)) (v128.const f32x4 255 255 255 255)))
            (i32x4.shl (i32x4.trunc_sat_f32x4_s (f32x4.min (f32x4.max (local.get $green)
              (v128.const f32x4 0 0 0 0)) (v128.const f32x4 255 255 255 255))) (i32.const 8)))
          (i32x4.shl (i32x4.trunc_sat_f32x4_s (f32x4.min (f32x4.max (local.get $blue)
            (v128.const f32x4 0 0 0 0)) (v128.const f32x4 255 255 255 255))) (i32.const 16))))
        (local.set $out (i8x16.swizzle (local.get $out)
          (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 -1 -1 -1 -1)))
        (if (i32.ge_u (i32.sub (local.get $end) (local.get $px)) (i32.const 12))
          (then
            (v128.store64_lane align=1 0 (local.get $px) (local.get $out))
            (v128.store32_lane offset=8 align=1 2 (local.get $px) (local.get $out)))
          (else
            ;; the row's last one to three pixels
            (v128.store16_lane align=1 0 (local.get $px) (local.get $out))
            (v128.store8_lane offset=2 2 (local.get $px) (local.get $out))
            (if (i32.ge_u (i32.sub (local.get $end) (local.get $px)) (i32.const 6))
              (then
                (v128.store8_lane offset=3 3 (local.get $px) (local.get $out))
                (v128.store16_lane offset=4 align=1 2 (local.get $px) (local.get $out))))
            (if (i32.ge_u (i32.sub (local.get $end) (local.get $px)) (i32.const 9))
              (then
                (v128.store16_lane offset=6 align=1 3 (local.get $px) (local.get $out))
                (v128.store8_lane offset=8 8 (local.get $px) (local.get $out))))))
        (local.set $px (i32.add (local.get $px) (i32.const 12)))
        (local.set $f (i32.add (local.get $f) (i32.const 16)))
        (br $next))))

  ;; What a light leak's ellipse leaves of `255 − v` along a row, multiplied into the row's leak
  ;; factors at `keep`, over pixels `x0` to `x1` (whole fours of them: outside the ellipse a factor
  ;; stays as it is). `cx` is the ellipse's centre in the row, `dy2` the square of the row's distance
  ;; from it in radii, `irx` one over its horizontal radius; its colour (0–1) is `kr`, `kg`, `kb`, and
  ;; its opacity falls linearly from `o0` at the centre (by `inner` a radius) to 45% of the way out,
  ;; then to nothing at its edge (`outer`·(1 − d)).
  (func (export "leak") (param $keep i32) (param $x0 i32) (param $x1 i32) (param $cx f32)
    (param $dy2 f32) (param $irx f32) (param $kr f32) (param $kg f32) (param $kb f32) (param $o0 f32)
    (param $inner f32) (param $outer f32)
    (local $at i32) (local $end i32)
    (local $x v128) (local $dx v128) (local $d v128) (local $o v128)
    (local.set $at (i32.add (local.get $keep) (i32.mul (i32.shr_u (local.get $x0) (i32.const 2)) (i32.const 48))))
    (local.set $end (i32.add (local.get $keep)
      (i32.mul (i32.shr_u (i32.add (local.get $x1) (i32.const 3)) (i32.const 2)) (i32.const 48))))
    ;; the centres of the four pixels
    (local.set $x (f32x4.add
      (f32x4.splat (f32.convert_i32_u (i32.and (local.get $x0) (i32.const -4))))
      (v128.const f32x4 0.5 1.5 2.5 3.5)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $dx (f32x4.mul (f32x4.sub (local.get $x) (f32x4.splat (local.get $cx)))
          (f32x4.splat (local.get $irx))))
        (local.set $d (f32x4.sqrt (f32x4.add (f32x4.mul (local.get $dx) (local.get $dx))
          (f32x4.splat (local.get $dy2)))))
        (local.set $o (v128.and
          (v128.bitselect
            (f32x4.add (f32x4.splat (local.get $o0)) (f32x4.mul (f32x4.splat (local.get $inner)) (local.get $d)))
            (f32x4.mul (f32x4.splat (local.get $outer))
              (f32x4.sub (v128.const f32x4 1 1 1 1) (local.get $d)))
            (f32x4.lt (local.get $d) (v128.const f32x4 0.45 0.45 0.45 0.45)))
          (f32x4.lt (local.get $d) (v128.const f32x4 1 1 1 1))))
        (v128.store offset=0 (local.get $at) (f32x4.mul (v128.load offset=0 (local.get $at))
          (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (f32x4.splat (local.get $kr)) (local.get $o)))))
        (v128.store offset=16 (local.get $at) (f32x4.mul (v128.load offset=16 (local.get $at))
          (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (f32x4.splat (local.get $kg)) (local.get $o)))))
        (v128.store offset=32 (local.get $at) (f32x4.mul (v128.load offset=32 (local.get $at))
          (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (f32x4.splat (local.get $kb)) (local.get $o)))))
        (local.set $x (f32x4.add (local.get $x) (v128.const f32x4 4 4 4 4)))
        (local.set $at (i32.add (local.get $at) (i32.const 48)))
        (br $next))))
)
