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
  private frame: { layer: Buffer; at: number } | null = null;

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
  load(data: Uint8Array, w: number, h: number, m: Float64Array, frame: Buffer) {
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
