import { setImmediate as turn } from 'node:timers/promises';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { colourRows } from './film-colour';
import { withPass, type Pass } from './film-pass';
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
 * grain rather than sensor noise, as white and black specks laid over the picture: a speck of
 * strength d lightens or darkens a pixel as overlay blending with mid-grey ± d would, give or take.
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
const SLICE = 500_000;

/**
 * The look on an RGB picture, in place, in one pass over it: the colour map, then the light leaks
 * (screen blending) and the frame layer (plain alpha blending), as sharp composites them, with values
 * kept unclamped until the end as libvips keeps them in float. The leaks of a row are gathered first:
 * screening with several is `255 − (255 − v)·Π(1 − leak)`, so each pixel takes one factor a channel.
 * The pass runs in WebAssembly SIMD (film-pass.wat), a row at a time and in slices: the event loop
 * (which serves requests in the embedded profile) gets a turn every `SLICE` pixels.
 */
async function develop(px: Pixels, rows: Row4[], lit: Leak[], frame: Buffer): Promise<void> {
  const { width: w, height: h } = px;
  const data = new Uint8Array(px.data.buffer, px.data.byteOffset, px.data.length);
  const m = Float64Array.from(rows.flat());
  const shapes = lit.map(leakShape);
  const slice = Math.max(1, Math.floor(SLICE / w));
  await withPass(async (pass) => {
    const at = pass.load(data, w, h, m, frame);
    at.keep.fill(1);
    let leaky = false;
    for (let y = 0; y < h; y++) {
      if (y > 0 && y % slice === 0) await turn();
      if (leaky) at.keep.fill(1);
      leaky = false;
      for (const l of shapes) leaky = leakRow(pass, at.keepAt, y, l) || leaky;
      pass.row(at.pxAt + y * w * 3, at.frameAt + y * w * 4, leaky ? at.keepAt : 0, w);
    }
    pass.unload(data, at.pxAt);
  });
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
