import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { colourRows } from './film-colour';
import { frameSizes, frameSvg, leaks, seeded, stampSvg, stampText } from './film-overlays';

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

type Raw = { width: number; height: number; channels: 4 };
type Recomb4 = Parameters<Sharp['recomb']>[0];

/**
 * Made once and kept: a look's grain tile, a size's frame layer. A few sizes cover nearly every photo
 * (phones shoot a handful of aspect ratios); a frame layer of a 1600×1200 picture is 7.7 MB.
 */
const cache = new Map<string, Promise<Buffer>>();
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) {
    if (cache.size >= 16) cache.delete(cache.keys().next().value!);
    hit = make();
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/**
 * A tile of monochrome grain from a fixed seed, slightly softened so it clumps like film grain rather
 * than sensor noise, as white and black specks laid over the picture: a speck of strength d lightens
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
      .blur(0.5)
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
 * rebate and its perforations, as one layer laid over in plain alpha blending (one pass over the
 * picture instead of three).
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

/**
 * The date stamp of a w×h picture taken at the film's time, in its bottom corner inside the frame
 * (photos and clips alike); null when the picture is too small to hold it.
 */
export function stampLayer(w: number, h: number, film: FilmOptions): OverlayOptions | null {
  const stamp = stampSvg(
    stampText(film.takenAt, film.timezone),
    Math.max(6, Math.round(Math.min(w, h) * 0.04)),
  );
  const { perforated, plain } = frameSizes(w, h);
  const [right, bottom] = w >= h ? [plain, perforated] : [perforated, plain];
  if (stamp.width >= w - right || stamp.height >= h - bottom) return null;
  return {
    input: Buffer.from(stamp.svg),
    left: w - right - stamp.width - Math.round(stamp.height * 0.3),
    top: h - bottom - stamp.height - Math.round(stamp.height * 0.1),
  };
}

/**
 * Gives a sized image the film look: the preset's colour treatment and tint, light leaks seeded from
 * the photo's id, grain, the vignette and the perforated frame, and the date stamp. The same photo
 * (id and date) always comes out the same.
 */
export async function applyFilm(sized: Sharp, film: FilmOptions): Promise<Sharp> {
  const look = filmLook(film.preset);
  // The sized picture with an opaque alpha band, so one 4×4 recombination does the whole colour map
  // (the alpha band carries the offset) before the overlays are composited on top.
  const { data, info } = await sized.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const recomb = [...colourRows(look), [0, 0, 0, 1]];

  const frame = await frameLayer(w, h, film.preset);

  // Leaks are opaque (black where there is none): libvips weighs a translucent source's screen blend
  // oddly. Small layers cost only the area they cover.
  const layers: OverlayOptions[] = leaks(w, h, seeded(film.photoId), film.preset === 'bw').map((l) => ({
    input: Buffer.from(l.svg),
    left: l.left,
    top: l.top,
    blend: 'screen',
  }));
  layers.push({ input: frame, raw: { width: w, height: h, channels: 4 } satisfies Raw });
  const stamp = stampLayer(w, h, film);
  if (stamp) layers.push(stamp);
  return sharp(data, { raw: info })
    .recomb(recomb as Recomb4)
    .composite(layers);
}
