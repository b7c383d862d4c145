import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { colourMap } from './film-colour';
import { frameSizes, frameSvg, leakSvg, seeded, stampSvg, stampText } from './film-overlays';

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

/** Made once and kept: a preset's grain tile, a size's frame; a few sizes cover nearly every photo. */
const cache = new Map<string, Promise<Buffer>>();
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) {
    if (cache.size > 64) cache.clear();
    hit = make();
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/**
 * A tile of monochrome grain around mid-grey (which leaves a pixel as it is in overlay blending),
 * from a fixed seed, slightly softened so it clumps like film grain rather than sensor noise.
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
    return sharp(px, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 1 } })
      .blur(0.5)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer();
  });
}

const rendered = (svg: string) => sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();

/**
 * Gives a sized image the film look: the preset's colour treatment and tint, light leaks seeded from
 * the photo's id, grain, the vignette and the perforated frame, and the date stamp. The same photo
 * (id and date) always comes out the same.
 */
export async function applyFilm(sized: Sharp, film: FilmOptions): Promise<Sharp> {
  const look = filmLook(film.preset);
  // The sized picture with an opaque alpha band, so one 4×4 recombination does the whole colour map
  // (the alpha band carries the offset) before the overlays are composited on top.
  const sizedRaw = sized.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { data, info } = await sizedRaw;
  const { width: w, height: h } = info;
  const raw = (width = w, height = h): { raw: Raw } => ({ raw: { width, height, channels: 4 } });
  const { matrix, offset } = colourMap(look);
  const recomb = [...matrix.map((row, i) => [...row, offset[i]! / 255]), [0, 0, 0, 1]];

  const [leak, grain, frame] = await Promise.all([
    rendered(leakSvg(w, h, seeded(film.photoId), film.preset === 'bw')),
    grainTile(look.grain),
    once(`frame:${w}x${h}:${look.vignette}`, () => rendered(frameSvg(w, h, look.vignette))),
  ]);
  const stamp = stampSvg(
    stampText(film.takenAt, film.timezone),
    Math.max(6, Math.round(Math.min(w, h) * 0.04)),
  );
  const { perforated, plain } = frameSizes(w, h);
  const [right, bottom] = w >= h ? [plain, perforated] : [perforated, plain];

  // Every blended layer is opaque: libvips weighs a translucent source's blend oddly (only 'over' is plain).
  const layers: OverlayOptions[] = [
    { input: leak, ...raw(), blend: 'screen' },
    { input: grain, ...raw(GRAIN_TILE, GRAIN_TILE), tile: true, blend: 'overlay' },
    { input: frame, ...raw() },
  ];
  if (stamp.width < w - right && stamp.height < h - bottom)
    layers.push({
      input: Buffer.from(stamp.svg),
      left: w - right - stamp.width - Math.round(stamp.height * 0.3),
      top: h - bottom - stamp.height - Math.round(stamp.height * 0.1),
    });
  return sharp(data, { raw: info })
    .recomb(recomb as Recomb4)
    .composite(layers);
}
