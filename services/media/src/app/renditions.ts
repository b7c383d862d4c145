import sharp from 'sharp';
import { MAX_UPLOAD_PIXELS, type Rendition } from '@afterglow/contracts';
import type { ObjectStore } from '@afterglow/storage';
import { applyFilm, type FilmOptions } from './film';
import { applyWatermark } from './watermark';

type Image = ReturnType<typeof sharp>;

export const THUMB_SIZE = 400;
export const DISPLAY_SIZE = 1600;

/** The steps of the host's plan a photo's renditions take (ADR 025). */
export interface PlanSteps {
  /** the free plan's mark on the display rendition (and so on the thumbnail made from it) */
  watermark: boolean;
}

/** What storage needs of a rendition: its kind, its file extension and its content type. */
export interface RenditionFacts {
  kind: string;
  ext: string;
  contentType: string;
}

/**
 * A kind of rendition and the code that makes it, from the original or from a rendition made before
 * it in `KINDS`, given the photo's film look when its event has film mode on and the steps of its
 * host's plan. A new kind is one more entry here.
 */
export interface RenditionKind extends RenditionFacts {
  /** 'original', or the kind of an earlier entry */
  from: string;
  make(input: Image, film: FilmOptions | null, plan: PlanSteps): Image | Promise<Image>;
}

export const KINDS: readonly RenditionKind[] = [
  {
    // EXIF orientation applied; no metadata (EXIF, GPS, ICC comments) kept, since sharp writes none
    // unless asked. In film mode it has the event's film look (the original never does), then the
    // free plan's watermark over it.
    kind: 'display',
    ext: 'jpg',
    contentType: 'image/jpeg',
    from: 'original',
    make: async (img, film, plan) => {
      const sized = img
        .rotate()
        .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true });
      const looked = film ? await applyFilm(sized, film) : sized;
      return (plan.watermark ? await applyWatermark(looked) : looked).jpeg({
        quality: 82,
        progressive: true,
        mozjpeg: false,
      });
    },
  },
  {
    // made from the display rendition, so it has the same film look and watermark
    kind: 'thumb',
    ext: 'webp',
    contentType: 'image/webp',
    from: 'display',
    make: (img) =>
      img
        .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 }),
  },
];

/** Where a rendition is stored: the same key every time, so making it again overwrites it. */
export const renditionKey = (eventId: string, photoId: string, k: Pick<RenditionKind, 'kind' | 'ext'>) =>
  `events/${eventId}/renditions/${photoId}/${k.kind}.${k.ext}`;

export interface Made {
  kind: RenditionFacts;
  data: Buffer;
  width: number;
  height: number;
  /** a video's length */
  durationMs?: number;
  /** a picture only the AI safety filter looks at (a clip's sampled frame): never stored */
  judgeOnly?: boolean;
}

/**
 * Makes every kind in order, with the film look when `film` is given and the plan's steps; the
 * original is decoded once (with JPEG shrink-on-load), and a truncated or oversized one is refused.
 */
export async function makeRenditions(
  original: Buffer,
  film: FilmOptions | null = null,
  plan: PlanSteps = { watermark: false },
  kinds = KINDS,
): Promise<Made[]> {
  const made = new Map<string, Made & { kind: RenditionKind }>();
  for (const k of kinds) {
    const source = k.from === 'original' ? original : made.get(k.from)?.data;
    if (!source) throw new Error(`rendition ${k.kind} is made from ${k.from}, which is not made before it`);
    const input =
      k.from === 'original'
        ? sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' })
        : sharp(source);
    const { data, info } = await (await k.make(input, film, plan)).toBuffer({ resolveWithObject: true });
    made.set(k.kind, { kind: k, data, width: info.width, height: info.height });
  }
  return [...made.values()];
}

/** Stores what was made; answers the renditions as `photo.processed` carries them. */
export async function storeRenditions(
  store: ObjectStore,
  eventId: string,
  photoId: string,
  made: Made[],
): Promise<Rendition[]> {
  return Promise.all(
    made
      .filter((m) => !m.judgeOnly)
      .map(async (m) => {
        const key = renditionKey(eventId, photoId, m.kind);
        await store.put(key, m.data, { contentType: m.kind.contentType });
        return {
          kind: m.kind.kind,
          key,
          width: m.width,
          height: m.height,
          bytes: m.data.length,
          ...(m.durationMs !== undefined && { durationMs: m.durationMs }),
        };
      }),
  );
}

/**
 * The renditions already stored for a photo, read back from storage (a repeated job for a developed
 * photo answers with them instead of making them again); null when one of them is missing.
 */
export async function storedRenditions(
  store: ObjectStore,
  eventId: string,
  photoId: string,
  kinds = KINDS,
): Promise<Rendition[] | null> {
  const found = await Promise.all(
    kinds.map(async (k) => {
      const key = renditionKey(eventId, photoId, k);
      const data = await store.getBuffer(key);
      if (!data) return null;
      const { width, height } = await sharp(data).metadata();
      return { kind: k.kind, key, width, height, bytes: data.length };
    }),
  );
  return found.every((r) => r !== null) ? found : null;
}
