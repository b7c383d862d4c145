import sharp from 'sharp';
import { MAX_UPLOAD_PIXELS, type Rendition } from '@afterglow/contracts';
import type { ObjectStore } from '@afterglow/storage';
import { developFilm, type FilmOptions } from './film';
import type { Pixels } from './film-overlays';
import { markPixels } from './watermark';

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
  /**
   * The rendition's pixels, developed from its source. Kinds made from this one start from these
   * pixels, kept in memory, rather than decoding the file they were encoded into. Without it, `make`
   * works on the source itself, and later kinds decode this kind's file.
   */
  develop?(input: Image, film: FilmOptions | null, plan: PlanSteps): Promise<Pixels>;
  /** the rendition encoded: from its developed pixels, or else from its source */
  make(input: Image, film: FilmOptions | null, plan: PlanSteps): Image | Promise<Image>;
  /**
   * handed to `makeRenditions`' `early` as soon as it is encoded, while later kinds may still encode
   * (the thumbnail: stored and announced before the display, issue 26)
   */
  early?: boolean;
}

/** A picture's pixels as sharp reads them. */
const image = (px: Pixels) =>
  sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels as 1 | 2 | 3 | 4 } });

export const KINDS: readonly RenditionKind[] = [
  {
    // EXIF orientation applied; no metadata (EXIF, GPS, ICC comments) kept, since sharp writes none
    // unless asked. In film mode it has the event's film look (the original never does), then the
    // free plan's watermark over it.
    kind: 'display',
    ext: 'jpg',
    contentType: 'image/jpeg',
    from: 'original',
    develop: async (img, film, plan) => {
      const sized = img
        .rotate()
        .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true });
      if (!film && !plan.watermark) {
        const { data, info } = await sized.raw().toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height, channels: info.channels };
      }
      const px = film ? await developFilm(sized, film) : await rgb(sized);
      if (plan.watermark) await markPixels(px);
      return px;
    },
    make: (img) => img.jpeg({ quality: 82, progressive: true, mozjpeg: false }),
  },
  {
    // made from the display's pixels, so it has the same film look and watermark; it is small and
    // quick, so it is announced while the display's JPEG still encodes
    kind: 'thumb',
    ext: 'webp',
    contentType: 'image/webp',
    from: 'display',
    early: true,
    make: (img) =>
      img
        .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 }),
  },
];

/** A sized picture's pixels as RGB (what is laid over a picture works on three channels). */
async function rgb(img: Image): Promise<Pixels> {
  const { data, info } = await img
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

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
 * Makes every kind, with the film look when `film` is given and the plan's steps; the original is
 * decoded once (with JPEG shrink-on-load), and a truncated or oversized one is refused. Each kind's
 * pixels are developed in order; the encoding (the display's JPEG, the thumbnail from the display's
 * pixels) then runs side by side. A kind marked `early` is handed to `early` as soon as it is
 * encoded (the display may still be encoding); what `early` starts is the caller's to wait for.
 * Answers them in the order of `kinds`.
 */
export async function makeRenditions(
  original: Buffer,
  film: FilmOptions | null = null,
  plan: PlanSteps = { watermark: false },
  kinds = KINDS,
  early?: (made: Made) => void,
): Promise<Made[]> {
  const pixels = new Map<string, Pixels>();
  const made = new Map<string, Promise<Made & { kind: RenditionKind }>>();
  for (const k of kinds) {
    let input: Image;
    if (k.from === 'original')
      input = sharp(original, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' });
    else {
      const px = pixels.get(k.from);
      const file = made.get(k.from);
      if (!px && !file)
        throw new Error(`rendition ${k.kind} is made from ${k.from}, which is not made before it`);
      input = px ? image(px) : sharp((await file!).data);
    }
    if (k.develop) {
      const px = await k.develop(input, film, plan);
      pixels.set(k.kind, px);
      input = image(px);
    }
    let encoded = Promise.resolve(k.make(input, film, plan))
      .then((img) => img.toBuffer({ resolveWithObject: true }))
      .then(({ data, info }) => ({ kind: k, data, width: info.width, height: info.height }));
    if (k.early && early) encoded = encoded.then((m) => (early(m), m));
    // awaited below; until then a failure must not count as unhandled
    encoded.catch(() => {});
    made.set(k.kind, encoded);
  }
  return Promise.all(made.values());
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
