import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  describeFaces,
  describeSelfie,
  faceDistance,
  largestFace,
  samplePhoto,
  SAMPLE_COUNT,
} from '@afterglow/faces';
import {
  describeQueries,
  galleryPairsWithin,
  labelledQueries,
  precisionRecall,
  type Identity,
  type QueryVariant,
} from '../../packages/faces/src/labelled-set';
import type { Guest } from './client';
import { round, sleep, summary } from './stats';
import { seeded } from '../../services/media/src/app/film-overlays';

/**
 * Find Me (ADR 036) in the bench: the photos a party's phones send with real faces in them, the bare
 * face model on them, an event's faces written straight into a stopped server's database, the search
 * request, and precision and recall on a labelled set (packages/faces/src/labelled-set.ts).
 */

/**
 * `count` phone-sized photos with real faces: face-api's demo group photos (3–5 faces each) cycled,
 * each one made distinct (mirrored every other round, cropped by a few per cent, its light nudged,
 * re-encoded at another quality) and 1920 px on its long side.
 */
export async function facePhotos(count: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const n = 1 + (i % SAMPLE_COUNT);
    const round_ = Math.floor(i / SAMPLE_COUNT);
    const src = samplePhoto(n);
    const { width = 0, height = 0 } = await sharp(src).metadata();
    const cut = 0.01 * (round_ % 4); // up to 3 % off the left and top, half that off the right and bottom
    const left = Math.round(width * cut);
    const top = Math.round(height * cut);
    let img = sharp(src)
      .extract({
        left,
        top,
        width: width - left - Math.round((width * cut) / 2),
        height: height - top - Math.round((height * cut) / 2),
      })
      .resize(1920, 1920, { fit: 'inside' })
      .modulate({ brightness: 1 + 0.02 * ((round_ % 3) - 1) });
    if (round_ % 2 === 1) img = img.flop();
    out.push(await img.jpeg({ quality: 78 + (round_ % 5) * 4 }).toBuffer());
  }
  return out;
}

/** The bare model: `describeFaces` in this process, one picture at a time, as the media worker runs it. */
export async function bareDescribe(pictures: Buffer[]) {
  await describeFaces(pictures[0]!); // the models are loaded (and warm) before the clock starts
  const times: number[] = [];
  let faces = 0;
  const t0 = performance.now();
  for (const p of pictures) {
    const t = performance.now();
    faces += (await describeFaces(p)).length;
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    photos: pictures.length,
    faces,
    seconds: round(seconds, 2)!,
    photosPerSecond: round(pictures.length / seconds, 2),
    facesPerSecond: round(faces / seconds, 2),
    msPerPhoto: summary(times),
  };
}

/**
 * Polls `count()` until it reaches `want` or the time is up: when it did (performance.now() time), the
 * last count, when the count first rose above zero, and how long each poll took to answer.
 */
export async function pollUntil(
  count: () => Promise<number>,
  want: number,
  timeoutMs: number,
  stepMs = 200,
): Promise<{
  at: number;
  last: number;
  reached: boolean;
  first: { at: number; count: number } | null;
  pollMs: number[];
}> {
  const until = performance.now() + timeoutMs;
  let first: { at: number; count: number } | null = null;
  const pollMs: number[] = [];
  for (;;) {
    const asked = performance.now();
    const last = await count();
    const at = performance.now();
    pollMs.push(at - asked);
    if (last > 0 && !first) first = { at, count: last };
    if (last >= want) return { at, last, reached: true, first, pollMs };
    if (at > until) return { at, last, reached: false, first, pollMs };
    await sleep(stepMs);
  }
}

// ------------------------------------------------------------------ search at scale

const D = 128;

/** A standard normal number (Box–Muller) from a seeded generator. */
function gaussian(rand: () => number): number {
  const u = Math.max(1e-12, rand());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/**
 * How strangers' faces are drawn: each of the 128 numbers from a normal distribution fitted to that
 * number over the real faces of the demo photos (their mean and spread), so a random face sits as far
 * from a real selfie as another person's face does (about 0.8), not as far as two isotropic random
 * vectors (about 1.4, where the search's early exit would make it look faster than it is).
 */
export function strangerModel(real: ArrayLike<number>[]) {
  const mean = new Float64Array(D);
  const sd = new Float64Array(D);
  for (const v of real) for (let k = 0; k < D; k++) mean[k]! += v[k]! / real.length;
  for (const v of real) for (let k = 0; k < D; k++) sd[k]! += (v[k]! - mean[k]!) ** 2 / (real.length - 1);
  for (let k = 0; k < D; k++) sd[k] = Math.sqrt(sd[k]!);
  return { mean, sd };
}

const hex = (v: ArrayLike<number>) => {
  const b = Buffer.alloc(D * 4);
  for (let k = 0; k < D; k++) b.writeFloatLE(v[k]!, k * 4);
  return b.toString('hex');
};

export interface FaceSeed {
  photos: number;
  faces: number;
  /** faces planted near the selfie, one in each of as many distinct photos */
  planted: number;
}

/**
 * An event's developed photos and their faces, written straight into the stopped server's database:
 * `photos` photos (with thumb and display renditions, so an answer can be built) over 20 guests,
 * `faces` faces spread evenly over them with descriptors drawn from `model`, and `planted` faces within
 * 0.12–0.30 of `selfie` in as many distinct photos. The event is marked revealed (an hour ago) with
 * Find Me on. Answers the planted photos' ids.
 */
export async function seedEventFaces(
  dataDir: string,
  eventId: string,
  size: FaceSeed,
  selfie: ArrayLike<number>,
  model: ReturnType<typeof strangerModel>,
): Promise<{ plantedPhotoIds: string[] }> {
  // the same descriptors every run
  const rand = seeded('find-me-strangers');
  const devices = Array.from({ length: 20 }, () => randomUUID());
  const photoIds = Array.from({ length: size.photos }, () => randomUUID());
  const plantedAt = new Map<number, number>(); // photo index -> planted face number
  for (let k = 0; k < size.planted; k++)
    plantedAt.set(Math.floor(((k + 0.5) * size.photos) / size.planted), k);
  const plantedPhotoIds = [...plantedAt.keys()].map((i) => photoIds[i]!);

  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pg'));
  try {
    await db.query(
      `insert into photos.devices (id, event_id, anon_id, display_name)
         select d, $2::uuid, gen_random_uuid(), 'Guest ' || n from unnest($1::uuid[]) with ordinality t(d, n)`,
      [devices, eventId],
    );
    // every photo developed, most pending and some approved (both show after the reveal), one in 50 rejected
    await db.query(
      `insert into photos.photos (id, event_id, device_id, status, original_key, width, height, bytes,
           created_at, processed_at, faces_at)
         select p, $2::uuid, ($3::uuid[])[1 + (n % 20)],
                case when n % 50 = 7 then 'rejected' when n % 3 = 0 then 'approved' else 'pending' end,
                'events/' || $2::text || '/originals/' || p || '.jpg', 1920, 1280, 400000,
                now() - interval '2 hours' + (n || ' seconds')::interval, now() - interval '90 minutes', now()
         from unnest($1::uuid[]) with ordinality t(p, n)`,
      [photoIds, eventId, devices],
    );
    await db.query(
      `insert into photos.renditions (photo_id, kind, key, width, height, bytes)
         select p, k, 'events/' || $2::text || '/renditions/' || p || '/' || k || '.jpg',
                case when k = 'thumb' then 400 else 1600 end, case when k = 'thumb' then 267 else 1067 end,
                case when k = 'thumb' then 30000 else 250000 end
         from unnest($1::uuid[]) p, unnest(array['thumb','display']) k`,
      [photoIds, eventId],
    );
    // planted photos are never the rejected ones: they must be found
    await db.query(`update photos.photos set status = 'approved' where id = any($1::uuid[])`, [
      plantedPhotoIds,
    ]);
    const BATCH = 2000;
    for (let from = 0; from < size.faces; from += BATCH) {
      const ids: string[] = [];
      const boxes: string[] = [];
      const scores: number[] = [];
      const descriptors: string[] = [];
      for (let f = from; f < Math.min(size.faces, from + BATCH); f++) {
        const photo = Math.floor((f * size.photos) / size.faces);
        const first = f === Math.ceil((photo * size.faces) / size.photos);
        const k = first ? plantedAt.get(photo) : undefined;
        const v = new Float64Array(D);
        if (k !== undefined) {
          // the selfie, moved 0.12–0.30 away in a random direction
          const dir = Array.from({ length: D }, () => gaussian(rand));
          const norm = Math.hypot(...dir);
          const r = 0.12 + (0.18 * k) / Math.max(1, size.planted - 1);
          for (let j = 0; j < D; j++) v[j] = selfie[j]! + (r * dir[j]!) / norm;
        } else for (let j = 0; j < D; j++) v[j] = model.mean[j]! + model.sd[j]! * gaussian(rand);
        ids.push(photoIds[photo]!);
        const x = (f % 4) * 0.22 + 0.04;
        boxes.push(JSON.stringify({ x, y: 0.2, width: 0.12, height: 0.18 }));
        scores.push(0.8 + 0.19 * rand());
        descriptors.push(hex(v));
      }
      await db.query(
        `insert into photos.faces (photo_id, event_id, box, score, descriptor)
           select p, $2::uuid, b::jsonb, s, decode(d, 'hex')
           from unnest($1::uuid[], $3::text[], $4::real[], $5::text[]) t(p, b, s, d)`,
        [ids, eventId, boxes, scores, descriptors],
      );
    }
    await db.query(
      `insert into photos.event_counters (event_id, photo_count) values ($1, $2)
         on conflict (event_id) do update set photo_count = excluded.photo_count`,
      [eventId, size.photos],
    );
    await db.query(`insert into photos.find_me_events (event_id) values ($1) on conflict do nothing`, [
      eventId,
    ]);
    // revealed an hour ago (and announced, so no reveal pass runs during the measurement)
    await db.query(
      `update events.events set find_me = true, reveal_at = now() - interval '1 hour',
           reveal_announced_at = now() - interval '1 hour' where id = $1`,
      [eventId],
    );
    await db.exec('analyze');
  } finally {
    await db.close();
  }
  return { plantedPhotoIds };
}

/** `POST /api/events/{code}/find-me` as the gallery sends it: the device, consent, the selfie. */
export async function findMe(g: Guest, selfie: Buffer) {
  const boundary = `----afterglowfindme${randomUUID().replace(/-/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="deviceId"\r\n\r\n${g.deviceId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="selfie"; filename="selfie.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    selfie,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t = performance.now();
  const a = await g.session.send(
    'POST',
    `/api/events/${g.code}/find-me`,
    { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    body,
  );
  const ms = performance.now() - t;
  if (a.status !== 200) throw new Error(`find-me answered ${a.status}: ${a.body.slice(0, 300)}`);
  const timing = String(a.headers['server-timing'] ?? '');
  const dur = (name: string) => {
    const m = timing.match(new RegExp(`${name};dur=([0-9.]+)`));
    return m ? Number(m[1]) : null;
  };
  const found = JSON.parse(a.body) as { photos: { id: string; score: number }[]; faces: number };
  return { ms, describeMs: dur('describe'), matchMs: dur('match'), found };
}

/** The selfie: group photo 1's largest face cut out with a margin, as a phone's front camera frames it. */
export async function benchSelfie(): Promise<{ image: Buffer; descriptor: number[] }> {
  const { cropAround } = await import('@afterglow/faces');
  const photo = samplePhoto(1);
  const face = largestFace(await describeFaces(photo));
  if (!face) throw new Error('no face in demo photo 1');
  const image = await cropAround(photo, face);
  const own = largestFace(await describeSelfie(image));
  if (!own) throw new Error('no face in the selfie');
  return { image, descriptor: own.descriptor };
}

// ------------------------------------------------------------------ precision and recall

export const THRESHOLD_SWEEP = [0.4, 0.45, 0.5, 0.55, 0.6];

/**
 * Precision and recall of Find Me's rule (a face within the threshold is the same person) on the
 * labelled set: the demo photos' faces as the gallery, `variants` of each as queries. At `threshold`
 * and over the sweep; with per-variant detection and recall, and the gallery's own cross-photo pairs
 * within the threshold (perhaps one person in two photos).
 */
export async function labelledPrecisionRecall(
  threshold: number,
  variants: readonly QueryVariant[],
  gallery: Identity[],
) {
  let t = performance.now();
  const queries = await labelledQueries(gallery, variants);
  const makeMs = performance.now() - t;
  t = performance.now();
  const outcomes = await describeQueries(queries);
  const describeMs = performance.now() - t;
  const detected = outcomes.filter((o) => o.descriptor).length;
  const at = precisionRecall(gallery, outcomes, threshold);
  const r3 = (v: number | null) => (v === null ? null : round(v, 3));
  const pr = (p: ReturnType<typeof precisionRecall>) => ({
    ...p,
    precision: r3(p.precision),
    recall: r3(p.recall),
    recallOfDetected: detected ? r3(p.truePositives / detected) : null,
  });
  // rank 1: the nearest gallery face is the query's own, whatever the distance
  const rank1 = outcomes.filter((o) => {
    if (!o.descriptor) return false;
    let best: Identity | null = null;
    let bestD = Infinity;
    for (const g of gallery) {
      const d = faceDistance(o.descriptor, g.face.descriptor);
      if (d < bestD) [best, bestD] = [g, d];
    }
    return best?.id === o.identity;
  }).length;
  const byVariant: Record<string, { queries: number; detected: number; recall: number | null }> = {};
  for (const v of variants) {
    const of = outcomes.filter((o) => o.variant === v);
    byVariant[v] = {
      queries: of.length,
      detected: of.filter((o) => o.descriptor).length,
      recall: r3(precisionRecall(gallery, of, threshold).recall),
    };
  }
  return {
    gallery: gallery.length,
    photos: SAMPLE_COUNT,
    variants: [...variants],
    queries: outcomes.length,
    detected,
    rank1,
    threshold,
    atThreshold: pr(at),
    sweep: THRESHOLD_SWEEP.map((th) => pr(precisionRecall(gallery, outcomes, th))),
    byVariant,
    galleryPairsAcrossPhotos: galleryPairsWithin(gallery, Math.max(threshold, ...THRESHOLD_SWEEP)).map(
      (p) => ({ ...p, distance: round(p.distance, 3) }),
    ),
    makeSeconds: round(makeMs / 1000, 1),
    describeMsPerQuery: round(describeMs / Math.max(1, outcomes.length)),
  };
}
