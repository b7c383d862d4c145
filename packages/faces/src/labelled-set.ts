import sharp, { type Sharp } from 'sharp';
import { describeFaces, describeSelfie, faceDistance, largestFace, type Face } from './faces';
import { SAMPLE_COUNT, cropAround, samplePhoto } from './samples';

/**
 * A labelled set of faces available offline, for choosing Find Me's threshold (ADR 036) from measured
 * precision and recall: the identities are the faces found in face-api's demo group photos (the
 * gallery, as the index would hold them), and each query is a picture made from one of those faces (a
 * close-up as a selfie frames it, mirrored, smaller, larger, in other light, pasted onto another
 * scene) labelled with the face it came from. Nothing here is fetched or written anywhere.
 *
 * The labels say which face a query was cut from, not who the person is: if the same person appears in
 * two demo photos, a query matching their other face counts as a false match.
 */

/** A face of the gallery: which demo photo and which face of it (left to right). */
export interface Identity {
  id: string;
  photo: number;
  index: number;
  face: Face;
}

/** A picture made from one gallery face, labelled with that face's id. */
export interface LabelledQuery {
  identity: string;
  variant: QueryVariant;
  image: Buffer;
}

export const QUERY_VARIANTS = [
  /** a close-up as a selfie frames it (a margin of 0.35 of the face around it) */
  'crop',
  /** a wider close-up (a margin of 0.8: shoulders, neighbours' edges) */
  'wide',
  /** the close-up mirrored, as a front camera shows it */
  'mirrored',
  /** the close-up scaled down until the face is about 56 px wide */
  'small',
  /** the close-up scaled up twice */
  'large',
  /** darker and flatter (brightness 0.6, contrast 0.7) */
  'dim',
  /** brighter and harsher (contrast 1.5) */
  'harsh',
  /** the close-up, greyscale */
  'grey',
  /** the close-up tilted by 12 degrees */
  'tilted',
  /** the close-up pasted onto another scene (1280x960, shapes and noise), off centre */
  'pasted',
] as const;
export type QueryVariant = (typeof QUERY_VARIANTS)[number];

/** Every face of the demo group photos, each photo's faces left to right. */
export async function labelledGallery(): Promise<Identity[]> {
  const out: Identity[] = [];
  for (let photo = 1; photo <= SAMPLE_COUNT; photo++) {
    const faces = (await describeFaces(samplePhoto(photo))).sort((a, b) => a.box.x - b.box.x);
    faces.forEach((face, index) => out.push({ id: `${photo}:${index}`, photo, index, face }));
  }
  return out;
}

/** A scene with no face in it, for the pasted queries: a gradient, shapes and sensor noise. */
async function scene(seed: number, width = 1280, height = 960): Promise<Buffer> {
  const hue = (seed * 53) % 360;
  const shapes = Array.from({ length: 14 }, (_, k) => {
    const x = (k * 211 + seed * 71) % width;
    const y = (k * 127 + seed * 43) % height;
    const r = 40 + ((k * 41 + seed) % 140);
    return `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" fill="hsl(${(hue + k * 31) % 360},60%,${25 + (k % 5) * 12}%)" fill-opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},50%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 150) % 360},45%,30%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  // sensor-like noise from a seeded generator, so every run makes the same scenes
  let a = (seed * 2654435761) >>> 0;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    noise[i] = 108 + (((t ^ (t >>> 14)) >>> 0) % 41);
  }
  const grain = await sharp(noise, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .removeAlpha()
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

const jpeg = (img: Sharp) => img.jpeg({ quality: 88 }).toBuffer();

/** The pictures made from one face, one per variant asked for. */
async function queriesOf(
  id: Identity,
  photo: Buffer,
  photoWidth: number,
  variants: readonly QueryVariant[],
): Promise<LabelledQuery[]> {
  const crop = await cropAround(photo, id.face);
  const { width = 0 } = await sharp(crop).metadata();
  const facePx = id.face.box.width * photoWidth;
  const make: Record<QueryVariant, () => Promise<Buffer>> = {
    crop: async () => crop,
    wide: () => cropAround(photo, id.face, false, 0.8),
    mirrored: () => cropAround(photo, id.face, true),
    small: () => jpeg(sharp(crop).resize(Math.max(24, Math.round((width * 56) / facePx)))),
    large: () => jpeg(sharp(crop).resize(width * 2, null, { kernel: 'lanczos3' })),
    dim: () =>
      jpeg(
        sharp(crop)
          .modulate({ brightness: 0.6 })
          .linear(0.7, 0.3 * 128 * 0.6),
      ),
    harsh: () =>
      jpeg(
        sharp(crop)
          .linear(1.5, -0.5 * 128)
          .modulate({ brightness: 1.1 }),
      ),
    grey: () => jpeg(sharp(crop).greyscale()),
    tilted: () => jpeg(sharp(crop).rotate(12, { background: '#6b7280' })),
    pasted: async () => {
      const bg = await scene(id.photo * 7 + id.index);
      // the face about 150 px wide, somewhere left of centre, a third down
      const scale = Math.min(1.5, 150 / facePx);
      const w = Math.round(width * scale);
      const piece = await sharp(crop).resize(w).toBuffer();
      const { height: h = 0 } = await sharp(piece).metadata();
      return jpeg(
        sharp(bg).composite([
          {
            input: piece,
            left: Math.min(1280 - w, 200 + ((id.index * 173) % 600)),
            top: Math.min(960 - h, 240),
          },
        ]),
      );
    },
  };
  const out: LabelledQuery[] = [];
  for (const v of variants) out.push({ identity: id.id, variant: v, image: await make[v]() });
  return out;
}

/** The queries made from every gallery face (each variant of each face, labelled). */
export async function labelledQueries(
  gallery: readonly Identity[],
  variants: readonly QueryVariant[] = QUERY_VARIANTS,
): Promise<LabelledQuery[]> {
  const out: LabelledQuery[] = [];
  for (let photo = 1; photo <= SAMPLE_COUNT; photo++) {
    const image = samplePhoto(photo);
    const { width = 0 } = await sharp(image).metadata();
    for (const id of gallery.filter((g) => g.photo === photo))
      out.push(...(await queriesOf(id, image, width, variants)));
  }
  return out;
}

/** A query as the search sees it: its label, and the descriptor of its largest face (null: no face found). */
export interface QueryOutcome {
  identity: string;
  variant: QueryVariant;
  descriptor: ArrayLike<number> | null;
}

/** Describes each query as the search does (its largest face), one at a time. */
export async function describeQueries(queries: readonly LabelledQuery[]): Promise<QueryOutcome[]> {
  const out: QueryOutcome[] = [];
  for (const q of queries) {
    const face = largestFace(await describeSelfie(q.image));
    out.push({ identity: q.identity, variant: q.variant, descriptor: face?.descriptor ?? null });
  }
  return out;
}

export interface PrecisionRecall {
  threshold: number;
  /** (query, gallery face) pairs within the threshold whose labels agree */
  truePositives: number;
  /** pairs within the threshold whose labels differ; `falseAcrossPhotos` of them with a face of another photo */
  falsePositives: number;
  falseAcrossPhotos: number;
  /** queries whose own face was not within the threshold (no face found, or too far) */
  falseNegatives: number;
  precision: number | null;
  recall: number | null;
}

/**
 * Precision and recall of 'a gallery face within `threshold` of the query's face is a match': every
 * query has exactly one true gallery face (its label); a query where no face was found counts against
 * recall.
 */
export function precisionRecall(
  gallery: readonly Identity[],
  outcomes: readonly QueryOutcome[],
  threshold: number,
): PrecisionRecall {
  let tp = 0;
  let fp = 0;
  let across = 0;
  for (const q of outcomes) {
    if (!q.descriptor) continue;
    const photo = q.identity.split(':')[0];
    for (const g of gallery) {
      if (faceDistance(q.descriptor, g.face.descriptor) > threshold) continue;
      if (g.id === q.identity) tp++;
      else {
        fp++;
        if (String(g.photo) !== photo) across++;
      }
    }
  }
  return {
    threshold,
    truePositives: tp,
    falsePositives: fp,
    falseAcrossPhotos: across,
    falseNegatives: outcomes.length - tp,
    precision: tp + fp > 0 ? tp / (tp + fp) : null,
    recall: outcomes.length > 0 ? tp / outcomes.length : null,
  };
}

/** Pairs of gallery faces of different photos within `threshold`: perhaps one person in both. */
export function galleryPairsWithin(gallery: readonly Identity[], threshold: number) {
  const pairs: { a: string; b: string; distance: number }[] = [];
  for (let i = 0; i < gallery.length; i++)
    for (let j = i + 1; j < gallery.length; j++) {
      const a = gallery[i]!;
      const b = gallery[j]!;
      if (a.photo === b.photo) continue;
      const d = faceDistance(a.face.descriptor, b.face.descriptor);
      if (d <= threshold) pairs.push({ a: a.id, b: b.id, distance: d });
    }
  return pairs.sort((x, y) => x.distance - y.distance);
}
