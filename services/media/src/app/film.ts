import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { colourRows } from './film-colour';
import { passInThread } from './film-pass-thread';
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

/** A size's frame layer's name, in film.ts's keeper and in the film pass's thread. */
const frameKey = (w: number, h: number, preset: string) => {
  const look = filmLook(preset);
  return `frame:${w}x${h}:${look.vignette}:${look.grain}`;
};

/**
 * Everything of the look that is the same for every picture of a size: grain, vignette, the film
 * rebate and its perforations, as one RGBA layer (plain alpha) laid over in plain alpha blending (one
 * pass over the picture instead of three).
 */
function frameLayer(w: number, h: number, preset: string): Promise<Buffer> {
  const look = filmLook(preset);
  return once(frameKey(w, h, preset), async () => {
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
  // the look's pass in a thread of its own (film-pass-thread.ts)
  px.data = await passInThread({
    data: px.data,
    width: px.width,
    height: px.height,
    map: Float64Array.from(colourRows(look).flat()),
    leaks: leaks(px.width, px.height, seeded(film.photoId), film.preset === 'bw').map(leakShape),
    frameKey: frameKey(px.width, px.height, film.preset),
    frame,
  });
  if (at && stamp) layOver(px, stamp, at.left, at.top);
  return px;
}

/** A sized image with the film look (`developFilm`), as a sharp image of its pixels. */
export async function applyFilm(sized: Sharp, film: FilmOptions): Promise<Sharp> {
  const { data, width, height, channels } = await developFilm(sized, film);
  return sharp(data, { raw: { width, height, channels: channels as 3 } });
}
