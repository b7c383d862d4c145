import { FILM_PASS_WASM } from './film-pass-wasm';

/** The compiled pass (film-pass.wat): compiled once, instantiated per picture developed at once. */
const compiled = new WebAssembly.Module(Buffer.from(FILM_PASS_WASM, 'base64'));

const PAGE = 65_536;
/** The colour map's twelve numbers at the start of memory, each splatted as an f32x4. */
const MAP_BYTES = 192;
/** Bytes after the picture that the pass may read (four pixels are read as 16 bytes). */
const SPARE = 16;
const align16 = (n: number) => (n + 15) & ~15;

/**
 * One instance of the pass with its own memory, for one picture at a time: pictures developed side
 * by side (the worker's slots) take one each, and an idle one is used again with its memory, which
 * keeps the last frame layer copied into it (one a size: copying it again is skipped for the next
 * picture of that size).
 */
class Pass {
  private readonly memory: WebAssembly.Memory;
  /**
   * film-pass.wat's `row`: the pass over `n` pixels from byte `px`, with the frame's from `f` and the
   * leak factors at `keep` (0: none)
   */
  readonly row: (px: number, f: number, keep: number, n: number) => void;
  /** film-pass.wat's `leak` */
  readonly leak: (
    keep: number,
    x0: number,
    x1: number,
    cx: number,
    dy2: number,
    irx: number,
    kr: number,
    kg: number,
    kb: number,
    o0: number,
    inner: number,
    outer: number,
  ) => void;
  /** the frame layer in memory now, and where */
  private frame: { layer: Uint8Array; at: number } | null = null;

  constructor() {
    const instance = new WebAssembly.Instance(compiled);
    this.memory = instance.exports.memory as WebAssembly.Memory;
    this.row = instance.exports.row as Pass['row'];
    this.leak = instance.exports.leak as Pass['leak'];
  }

  /**
   * Lays out a w×h picture: the colour map (`m`, three rows of four: red, green, blue out), a row's
   * leak factors, the frame layer (copied unless it is there already) and the picture (copied in).
   * Answers the leak factors' view (for every four pixels their four reds', greens' and blues') and
   * the offsets the pass works at.
   */
  load(data: Uint8Array, w: number, h: number, m: Float64Array, frame: Uint8Array) {
    const keepAt = MAP_BYTES;
    const keepFloats = Math.ceil(w / 4) * 12;
    const frameAt = align16(keepAt + keepFloats * 4);
    const pxAt = align16(frameAt + w * h * 4);
    const end = pxAt + w * h * 3 + SPARE;
    if (end > this.memory.buffer.byteLength) {
      this.memory.grow(Math.ceil((end - this.memory.buffer.byteLength) / PAGE));
    }
    const buffer = this.memory.buffer;
    // red, green and blue out: what a pixel's red, green and blue each add, then the offset (0–255)
    const map = new Float32Array(buffer, 0, 48);
    for (let i = 0; i < 12; i++) map.fill(i % 4 === 3 ? m[i]! * 255 : m[i]!, i * 4, i * 4 + 4);
    if (this.frame?.layer !== frame || this.frame.at !== frameAt) {
      new Uint8Array(buffer, frameAt, frame.length).set(frame);
      this.frame = { layer: frame, at: frameAt };
    }
    new Uint8Array(buffer, pxAt, data.length).set(data);
    return { keep: new Float32Array(buffer, keepAt, keepFloats), keepAt, frameAt, pxAt };
  }

  /** The picture, developed, copied back out of memory into `data`. */
  unload(data: Uint8Array, pxAt: number): void {
    data.set(new Uint8Array(this.memory.buffer, pxAt, data.length));
  }
}

const idle: Pass[] = [];

/** Runs `use` with a pass of its own, kept for the next picture after. */
export async function withPass<T>(use: (pass: Pass) => Promise<T>): Promise<T> {
  const pass = idle.pop() ?? new Pass();
  try {
    return await use(pass);
  } finally {
    idle.push(pass);
  }
}

export type { Pass };

/**
 * A picture's look, as the film pass's thread is asked for it (film-pass-worker.ts): the RGB pixels
 * (moved to the thread and back, not copied), the colour map's twelve numbers, the light leaks'
 * shapes (`leakShape` in film.ts) and the frame layer of the picture's size, named by `frameKey`: the
 * thread keeps the layers it was given, so a layer is sent once (again when the thread asks for it).
 */
export interface PassRequest {
  data: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  map: Float64Array;
  leaks: Float64Array[];
  frameKey: string;
  frame?: Uint8Array;
  /** the thread's scheduling priority (nice): beside the web services, developing yields to them */
  nice: number;
}

/** The pixels, developed; or, untouched, with the frame layer asked for (the thread has not got it). */
export interface PassAnswer {
  data: Uint8Array<ArrayBuffer>;
  frameWanted?: true;
}

/** Frame layers the thread was given, by key: as many as film.ts keeps (the oldest forgotten first). */
const frames = new Map<string, Uint8Array>();
const FRAMES = 16;

/**
 * The look on an RGB picture, in place, in one pass over it (the thread's side of `PassRequest`): the
 * colour map, then the light leaks (screen blending) and the frame layer (plain alpha blending), as
 * sharp composites them, with values kept unclamped until the end as libvips keeps them in float. The
 * leaks of a row are gathered first: screening with several is `255 − (255 − v)·Π(1 − leak)`, so each
 * pixel takes one factor a channel. The pass runs in WebAssembly SIMD (film-pass.wat), a row at a
 * time.
 */
export async function runPass(r: PassRequest): Promise<PassAnswer> {
  if (r.frame) {
    frames.delete(r.frameKey);
    frames.set(r.frameKey, r.frame);
    if (frames.size > FRAMES) frames.delete(frames.keys().next().value!);
  }
  const frame = frames.get(r.frameKey);
  if (!frame) return { data: r.data, frameWanted: true };
  const { data, width: w, height: h } = r;
  await withPass(async (pass) => {
    const at = pass.load(data, w, h, r.map, frame);
    at.keep.fill(1);
    let leaky = false;
    for (let y = 0; y < h; y++) {
      if (leaky) at.keep.fill(1);
      leaky = false;
      for (const l of r.leaks) leaky = leakRow(pass, at.keepAt, y, l) || leaky;
      pass.row(at.pxAt + y * w * 3, at.frameAt + y * w * 4, leaky ? at.keepAt : 0, w);
    }
    pass.unload(data, at.pxAt);
  });
  return { data };
}

/**
 * What a leak's ellipse leaves of `255 − v` along row `y` of the picture, multiplied into the row's
 * leak factors by the pass (film-pass.wat's `leak`); answers whether it reaches the row.
 */
function leakRow(pass: Pass, keepAt: number, y: number, l: Float64Array): boolean {
  const left = l[0]!;
  const top = l[1]!;
  if (y < top || y >= top + l[3]!) return false;
  const [cx, cy, rx, ry, kr, kg, kb, o0, o45] = [
    l[4]!,
    l[5]!,
    l[6]!,
    l[7]!,
    l[8]!,
    l[9]!,
    l[10]!,
    l[11]!,
    l[12]!,
  ];
  const dy = (y - top + 0.5 - cy) / ry;
  const dy2 = dy * dy;
  if (dy2 >= 1) return false;
  const half = rx * Math.sqrt(1 - dy2);
  const from = Math.max(0, Math.floor(cx - half - 0.5));
  const to = Math.min(l[2]!, Math.ceil(cx + half + 0.5));
  if (to <= from) return false;
  // the gradient's two pieces: o0 → o45 over 0–0.45 of the way out, o45 → 0 over the rest
  pass.leak(
    keepAt,
    left + from,
    left + to,
    left + cx,
    dy2,
    1 / rx,
    kr,
    kg,
    kb,
    o0,
    (o45 - o0) / 0.45,
    o45 / 0.55,
  );
  return true;
}
