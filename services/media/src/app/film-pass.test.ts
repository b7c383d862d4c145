import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { GENERATED, assemble, generated } from '../../../../scripts/film-wasm.mjs';
import { runPass, withPass } from './film-pass';
import { passInThread } from './film-pass-thread';

/** A seeded stream of numbers in [0, 1), so a failure shows the same pixels again. */
function numbers(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Leak {
  x0: number;
  x1: number;
  cx: number;
  dy2: number;
  irx: number;
  k: [number, number, number];
  o0: number;
  inner: number;
  outer: number;
}

/**
 * The look's pass as plain arithmetic in doubles, a pixel and a channel at a time: what the
 * WebAssembly pass must make (film.ts' `develop`, before it ran in WebAssembly).
 */
function reference(data: Uint8Array, frame: Uint8Array, w: number, h: number, m: number[], leaks: Leak[][]) {
  const out = Uint8Array.from(data);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const keep = [1, 1, 1];
      for (const l of leaks[y]!) {
        if (x < l.x0 || x >= l.x1) continue;
        const dx = (x + 0.5 - l.cx) * l.irx;
        const d = Math.sqrt(dx * dx + l.dy2);
        if (d >= 1) continue;
        const o = d < 0.45 ? l.o0 + l.inner * d : l.outer * (1 - d);
        for (let c = 0; c < 3; c++) keep[c]! *= 1 - l.k[c]! * o;
      }
      const i = (y * w + x) * 3;
      const f = (y * w + x) * 4;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      const a = frame[f + 3]! / 255;
      for (let c = 0; c < 3; c++) {
        let v = m[c * 4]! * r + m[c * 4 + 1]! * g + m[c * 4 + 2]! * b + m[c * 4 + 3]! * 255;
        v = 255 - (255 - v) * keep[c]!;
        v += (frame[f + c]! - v) * a;
        out[i + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.trunc(v);
      }
    }
  }
  return out;
}

describe('the film look’s pass in WebAssembly', () => {
  it('is the module film-pass.wat assembles to (run `node scripts/film-wasm.mjs` after changing it)', async () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(generated(await assemble()));
  });

  it.each([
    [16, 6],
    [13, 5],
    [14, 4],
    [7, 3],
    [1, 2],
  ])('makes a %i×%i picture as the arithmetic does, leaks, frame and clamping included', async (w, h) => {
    const random = numbers(w * 100 + h);
    const data = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(random() * 256));
    const frame = Buffer.from(Uint8Array.from({ length: w * h * 4 }, () => Math.floor(random() * 256)));
    // a colour map that pushes some values past 0 and 255
    const m = Array.from({ length: 12 }, (_, i) =>
      i % 4 === 3 ? random() * 0.6 - 0.3 : random() * 1.4 - 0.2,
    );
    // an ellipse's span along every other row, as film.ts finds it: the pixels beside the span are
    // outside the ellipse (the pass works on whole fours of pixels)
    const leaks: Leak[][] = Array.from({ length: h }, (_, y) => {
      if (y % 2) return [];
      const cx = random() * w;
      const rx = 1 + random() * w;
      const dy2 = random() * 0.9;
      const half = rx * Math.sqrt(1 - dy2);
      const [x0, x1] = [Math.max(0, Math.floor(cx - half - 0.5)), Math.min(w, Math.ceil(cx + half + 0.5))];
      const k: Leak['k'] = [random(), random(), random()];
      return [{ x0, x1, cx, dy2, irx: 1 / rx, k, o0: 0.8, inner: (0.35 - 0.8) / 0.45, outer: 0.35 / 0.55 }];
    });
    const made = Uint8Array.from(data);
    await withPass(async (pass) => {
      const at = pass.load(made, w, h, Float64Array.from(m), frame);
      for (let y = 0; y < h; y++) {
        at.keep.fill(1);
        for (const l of leaks[y]!)
          pass.leak(at.keepAt, l.x0, l.x1, l.cx, l.dy2, l.irx, ...l.k, l.o0, l.inner, l.outer);
        pass.row(at.pxAt + y * w * 3, at.frameAt + y * w * 4, leaks[y]!.length ? at.keepAt : 0, w);
      }
      pass.unload(made, at.pxAt);
    });
    const want = reference(data, frame, w, h, m, leaks);
    // single precision against double: a level at most, where a value sits on a boundary
    let off = 0;
    for (let i = 0; i < want.length; i++) {
      expect(Math.abs(made[i]! - want[i]!)).toBeLessThanOrEqual(1);
      if (made[i] !== want[i]) off++;
    }
    expect(off / want.length).toBeLessThan(0.02);
  });

  it('leaves the picture’s neighbours in memory alone, the next row’s first pixels included', async () => {
    const w = 5;
    const h = 3;
    const data = new Uint8Array(w * h * 3).fill(100);
    const frame = Buffer.alloc(w * h * 4); // transparent: the colour map alone
    const halve = Float64Array.from([0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0]);
    await withPass(async (pass) => {
      const at = pass.load(data, w, h, halve, frame);
      // the middle row only: the rows beside it keep their bytes
      pass.row(at.pxAt + w * 3, at.frameAt + w * 4, 0, w);
      pass.unload(data, at.pxAt);
    });
    expect([...data.subarray(0, w * 3)].every((v) => v === 100)).toBe(true);
    expect([...data.subarray(w * 3, 2 * w * 3)].every((v) => v === 50)).toBe(true);
    expect([...data.subarray(2 * w * 3)].every((v) => v === 100)).toBe(true);
  });
});

describe('the film look’s pass in a thread of its own', () => {
  const picture = (w: number, h: number, seed: number) => {
    const random = numbers(seed);
    return {
      data: Uint8Array.from({ length: w * h * 3 }, () => Math.floor(random() * 256)),
      frame: Uint8Array.from({ length: w * h * 4 }, () => Math.floor(random() * 256)),
      map: Float64Array.from({ length: 12 }, (_, i) => (i % 5 === 0 ? 0.9 : 0.05)),
      // one leak over the middle of the picture: left, top, width, height, cx, cy, rx, ry, rgb, opacities
      leaks: [Float64Array.of(w / 4, h / 4, w / 2, h / 2, w / 4, h / 4, w / 4, h / 4, 1, 0.6, 0.2, 0.5, 0.3)],
    };
  };

  /** `runPass` on a copy of the picture's pixels, with its frame layer or (`withFrame` false) without */
  const passHere = (p: ReturnType<typeof picture>, w: number, h: number, key: string, withFrame = true) =>
    runPass({
      ...p,
      ...(withFrame ? {} : { frame: undefined }),
      data: Uint8Array.from(p.data),
      width: w,
      height: h,
      frameKey: key,
      nice: 0,
    });

  it('asks for a frame layer it has not got, leaving the pixels as they were, and keeps one it was given', async () => {
    const p = picture(24, 10, 1);
    const wanted = await passHere(p, 24, 10, 'k1', false);
    expect(wanted.frameWanted).toBe(true);
    expect(wanted.data).toEqual(p.data);

    const given = await passHere(p, 24, 10, 'k1');
    const kept = await passHere(p, 24, 10, 'k1', false);
    expect(given.frameWanted).toBeUndefined();
    expect(kept.frameWanted).toBeUndefined();
    expect(Buffer.from(kept.data).equals(Buffer.from(given.data))).toBe(true);
    expect(Buffer.from(given.data).equals(Buffer.from(p.data))).toBe(false);
  });

  it('makes in the thread what it makes here, gives the frame layer once, and the event loop turns meanwhile', async () => {
    const [w, h] = [1600, 900];
    const p = picture(w, h, 2);
    const here = await passHere(p, w, h, 'here');
    let turns = 0;
    let turning = true;
    const spin = (async () => {
      while (turning) {
        turns++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const first = await passInThread({ ...p, width: w, height: h, frameKey: 'thread' });
    // the second picture of the size: the thread has the layer (a wrong one here would show)
    const second = await passInThread({
      ...p,
      frame: new Uint8Array(p.frame.length),
      width: w,
      height: h,
      frameKey: 'thread',
    });
    turning = false;
    await spin;
    expect(first.equals(Buffer.from(here.data))).toBe(true);
    expect(second.equals(first)).toBe(true);
    // the caller's pixels are its own still
    expect(Buffer.from(p.data).equals(first)).toBe(false);
    expect(turns).toBeGreaterThan(2);
  });
});
