import { setImmediate as turn } from 'node:timers/promises';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { colourRows } from './film-colour';
import {
  frameSizes,
  frameSvg,
  keeper,
  layOver,
  leaks,
  rasterised,
  seeded,
  stampSvg,
  stampText,
  type Leak,
  type Pixels,
} from './film-overlays';

/** What developing needs to give a photo its event's film look. */
export interface FilmOptions {
  photoId: string;
  preset: string;
  /** the event's time zone, for the date stamp */
  timezone: string;
  /** when the photo was taken (uploaded) */
  takenAt: Date;
}

const GRAIN_TILE = 256;
/**
 * How much the grain is softened (the blur's sigma, in pixels of the display rendition). At 0.8 it
 * clumps as a print's grain does and stays subtle, as the presets promise; at 0.5 it was single-pixel
 * noise, which made a film display's JPEG 2.4× a plain one's bytes (395 against 167 KB for the bench's
 * 1600×900) and its encoding 1.6× as long. At 0.8: 237 KB, and the encoding 1.2×.
 */
const GRAIN_SOFTNESS = 0.8;

/**
 * Made once and kept: a look's grain tile, a size's frame layer. A few sizes cover nearly every photo
 * (phones shoot a handful of aspect ratios); a frame layer of a 1600×1200 picture is 7.7 MB.
 */
const once = keeper<Buffer>(16);

/**
 * A tile of monochrome grain from a fixed seed, softened (`GRAIN_SOFTNESS`) so it clumps like film
 * grain rather than sensor noise, as white and black specks laid over the picture: a speck of strength d lightens
 * or darkens a pixel as overlay blending with mid-grey ± d would, give or take.
 */
function grainTile(amount: number): Promise<Buffer> {
  return once(`grain:${amount}`, async () => {
    const random = seeded('afterglow grain');
    const px = Buffer.alloc(GRAIN_TILE * GRAIN_TILE);
    for (let i = 0; i < px.length; i++) {
      // sum of four uniforms: near-Gaussian, with no platform-dependent maths
      const n = (random() + random() + random() + random() - 2) * 1.73;
      px[i] = Math.max(0, Math.min(255, Math.round(128 + n * amount * 255)));
    }
    const soft = await sharp(px, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 1 } })
      .blur(GRAIN_SOFTNESS)
      .raw()
      .toBuffer();
    const rgba = Buffer.alloc(soft.length * 4);
    for (let i = 0; i < soft.length; i++) {
      const d = soft[i]! - 128;
      rgba.fill(d > 0 ? 255 : 0, i * 4, i * 4 + 3);
      rgba[i * 4 + 3] = Math.min(255, 2 * Math.abs(d));
    }
    return rgba;
  });
}

/**
 * Everything of the look that is the same for every picture of a size: grain, vignette, the film
 * rebate and its perforations, as one RGBA layer (plain alpha) laid over in plain alpha blending (one
 * pass over the picture instead of three).
 */
function frameLayer(w: number, h: number, preset: string): Promise<Buffer> {
  const look = filmLook(preset);
  return once(`frame:${w}x${h}:${look.vignette}:${look.grain}`, async () => {
    // a picture smaller than the tile takes a corner of it
    const [tw, th] = [Math.min(GRAIN_TILE, w), Math.min(GRAIN_TILE, h)];
    const tile = await grainTile(look.grain);
    const grain =
      tw === GRAIN_TILE && th === GRAIN_TILE
        ? tile
        : await sharp(tile, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 } })
            .extract({ left: 0, top: 0, width: tw, height: th })
            .raw()
            .toBuffer();
    return sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: grain, raw: { width: tw, height: th, channels: 4 }, tile: true },
        { input: Buffer.from(frameSvg(w, h, look.vignette)) },
      ])
      .raw()
      .toBuffer();
  });
}

/** The date stamp's SVG and where it goes on a w×h picture; null when the picture is too small to hold it. */
function stampPlace(w: number, h: number, film: FilmOptions) {
  const stamp = stampSvg(
    stampText(film.takenAt, film.timezone),
    Math.max(6, Math.round(Math.min(w, h) * 0.04)),
  );
  const { perforated, plain } = frameSizes(w, h);
  const [right, bottom] = w >= h ? [plain, perforated] : [perforated, plain];
  if (stamp.width >= w - right || stamp.height >= h - bottom) return null;
  return {
    svg: stamp.svg,
    left: w - right - stamp.width - Math.round(stamp.height * 0.3),
    top: h - bottom - stamp.height - Math.round(stamp.height * 0.1),
  };
}

/**
 * The date stamp of a w×h picture taken at the film's time, in its bottom corner inside the frame
 * (photos and clips alike); null when the picture is too small to hold it.
 */
export function stampLayer(w: number, h: number, film: FilmOptions): OverlayOptions | null {
  const at = stampPlace(w, h, film);
  return at && { input: Buffer.from(at.svg), left: at.left, top: at.top };
}

type Row4 = [number, number, number, number];

/** Pixels worked on between two turns of the event loop: about 2 ms. */
const SLICE = 150_000;

/**
 * The look on an RGB picture, in place, in one pass over it: the colour map, then the light leaks
 * (screen blending) and the frame layer (plain alpha blending), as sharp composites them, with values
 * kept unclamped until the end as libvips keeps them in float. The leaks of a row are gathered first:
 * screening with several is `255 − (255 − v)·Π(1 − leak)`, so each pixel takes one factor a channel.
 * It runs in JavaScript, in slices: the event loop (which serves requests in the embedded profile)
 * gets a turn every `SLICE` pixels.
 */
async function develop(px: Pixels, rows: Row4[], lit: Leak[], frame: Buffer): Promise<void> {
  const { width: w, height: h } = px;
  // plain Uint8Arrays (Buffers of sharp's and of Node's own differ in shape, which the JIT notices)
  const data = new Uint8Array(px.data.buffer, px.data.byteOffset, px.data.length);
  const under = new Uint8Array(frame.buffer, frame.byteOffset, frame.length);
  const m = Float64Array.from(rows.flat());
  const shapes = lit.map(leakShape);
  const keep = new Float64Array(w * 3).fill(1);
  let leaky = false;
  const slice = Math.max(1, Math.floor(SLICE / w));
  for (let y = 0; y < h; y++) {
    if (y > 0 && y % slice === 0) await turn();
    if (leaky) keep.fill(1);
    leaky = false;
    for (const l of shapes) leaky = leakRow(keep, y, l) || leaky;
    developRow(data, under, leaky ? keep : null, m, y * w * 3, y * w * 4, w);
  }
}

const INV_255 = 1 / 255;

/** One row (`w` pixels) of `develop`, from `at` in the picture and `f` in the frame layer; `keep` null: no leak. */
function developRow(
  data: Uint8Array,
  under: Uint8Array,
  keep: Float64Array | null,
  m: Float64Array,
  at: number,
  f: number,
  w: number,
): void {
  // the colour map's rows, offsets (in 0–255 units) last
  const [r0, r1, r2, r3] = [m[0]!, m[1]!, m[2]!, m[3]! * 255];
  const [g0, g1, g2, g3] = [m[4]!, m[5]!, m[6]!, m[7]! * 255];
  const [b0, b1, b2, b3] = [m[8]!, m[9]!, m[10]!, m[11]! * 255];
  const end = at + w * 3;
  // Two copies of one loop, with and without leaks, each as plain as it can be: it runs for every
  // pixel. No test for a transparent frame pixel either: grain makes that an unpredictable branch.
  if (keep) {
    for (let i = at, j = 0; i < end; i += 3, j += 3, f += 4) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const a = under[f + 3]! * INV_255;
      let v = 255 - (255 - (r0 * r + r1 * g + r2 * b + r3)) * keep[j]!;
      v += (under[f]! - v) * a;
      // clamped and truncated, as libvips casts float to 8 bits
      data[i] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
      v = 255 - (255 - (g0 * r + g1 * g + g2 * b + g3)) * keep[j + 1]!;
      v += (under[f + 1]! - v) * a;
      data[i + 1] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
      v = 255 - (255 - (b0 * r + b1 * g + b2 * b + b3)) * keep[j + 2]!;
      v += (under[f + 2]! - v) * a;
      data[i + 2] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
    }
    return;
  }
  for (let i = at; i < end; i += 3, f += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const a = under[f + 3]! * INV_255;
    let v = r0 * r + r1 * g + r2 * b + r3;
    v += (under[f]! - v) * a;
    data[i] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
    v = g0 * r + g1 * g + g2 * b + g3;
    v += (under[f + 1]! - v) * a;
    data[i + 1] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
    v = b0 * r + b1 * g + b2 * b + b3;
    v += (under[f + 2]! - v) * a;
    data[i + 2] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
  }
}

/**
 * A leak's numbers: its box in the picture, its ellipse in the box, its colour (0–1) and opacities.
 * In a Float64Array: an object of them would change shape between leaks whose numbers happen to be
 * whole, which the JIT notices.
 */
const leakShape = ({ left, top, width, height, shape: s }: Leak): Float64Array =>
  Float64Array.of(
    left,
    top,
    width,
    height,
    s.cx,
    s.cy,
    s.rx,
    s.ry,
    s.rgb[0] / 255,
    s.rgb[1] / 255,
    s.rgb[2] / 255,
    s.opacity[0],
    s.opacity[1],
  );

/**
 * What a leak's ellipse leaves of `255 − v` along row `y` of the picture, multiplied into `keep`;
 * answers whether it reaches the row.
 */
function leakRow(keep: Float64Array, y: number, l: Float64Array): boolean {
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
  // the gradient's two pieces: o0 → o45 over 0–0.45 of the way out, o45 → 0 over the rest
  const [inner, outer] = [(o45 - o0) / 0.45, o45 / 0.55];
  const irx = 1 / rx;
  for (let x = from, j = (left + from) * 3; x < to; x++, j += 3) {
    const dx = (x + 0.5 - cx) * irx;
    const d = Math.sqrt(dx * dx + dy2);
    if (d >= 1) continue;
    const o = d < 0.45 ? o0 + inner * d : outer * (1 - d);
    keep[j] = keep[j]! * (1 - kr * o);
    keep[j + 1] = keep[j + 1]! * (1 - kg * o);
    keep[j + 2] = keep[j + 2]! * (1 - kb * o);
  }
  return true;
}

/**
 * A sized image developed with the film look, as RGB pixels: the preset's colour treatment and tint,
 * light leaks seeded from the photo's id, grain, the vignette and the perforated frame, and the date
 * stamp. The picture is read out of libvips once and the look made in one pass over it; the frame
 * layer (per size) and the stamp (per date and size) are made once and kept, and the leaks are drawn
 * from their shapes rather than rendered. The same photo (id and date) always comes out the same.
 */
export async function developFilm(sized: Sharp, film: FilmOptions): Promise<Pixels> {
  const look = filmLook(film.preset);
  const { data, info } = await sized
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px: Pixels = { data, width: info.width, height: info.height, channels: 3 };
  const at = stampPlace(px.width, px.height, film);
  const [frame, stamp] = await Promise.all([
    frameLayer(px.width, px.height, film.preset),
    at && rasterised(at.svg),
  ]);
  await develop(
    px,
    colourRows(look),
    leaks(px.width, px.height, seeded(film.photoId), film.preset === 'bw'),
    frame,
  );
  if (at && stamp) layOver(px, stamp, at.left, at.top);
  return px;
}

/** A sized image with the film look (`developFilm`), as a sharp image of its pixels. */
export async function applyFilm(sized: Sharp, film: FilmOptions): Promise<Sharp> {
  const { data, width, height, channels } = await developFilm(sized, film);
  return sharp(data, { raw: { width, height, channels: channels as 3 } });
}
