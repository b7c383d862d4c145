import { eq } from 'drizzle-orm';
import { processedMessage, type PhotoUploaded, type Rendition } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { developed } from '../adapters/schema';
import type { FilmOptions } from './film';
import { makeRenditions, storeRenditions, storedRenditions } from './renditions';

export type DevelopJob = Pick<PhotoUploaded, 'photoId' | 'eventId' | 'originalKey'> &
  Partial<
    Pick<PhotoUploaded, 'uploadedAt' | 'filmMode' | 'filmPreset' | 'timezone' | 'watermark' | 'aiFilter'>
  >;

/** The film look a job asks for: none unless its event had film mode on (a message of before says nothing). */
export const filmOf = (job: DevelopJob): FilmOptions | null =>
  job.filmMode
    ? {
        photoId: job.photoId,
        preset: job.filmPreset ?? 'classic',
        timezone: job.timezone ?? 'UTC',
        takenAt: job.uploadedAt ? new Date(job.uploadedAt) : new Date(),
      }
    : null;

/**
 * Develops one photo: its renditions into storage, then a row in `media.developed`. Answers the
 * `photo.processed` message to publish, or null when the original is gone (deleted by its guest or
 * with its event before the job ran). A photo developed before is not developed again: the answer
 * names the renditions stored then (unless one is missing, which makes them all again).
 */
export async function develop(db: Db, store: ObjectStore, job: DevelopJob, onMade?: (ms: number) => void) {
  const [done] = await db.select().from(developed).where(eq(developed.photoId, job.photoId));
  let made: Rendition[] | null = done ? await storedRenditions(store, job.eventId, job.photoId) : null;
  let at = done?.developedAt;
  if (!made || !at) {
    const original = await store.getBuffer(job.originalKey);
    if (!original) return null;
    const started = Date.now();
    made = await storeRenditions(
      store,
      job.eventId,
      job.photoId,
      await makeRenditions(original, filmOf(job), { watermark: job.watermark === true }),
    );
    const [row] = await db
      .insert(developed)
      .values({ photoId: job.photoId, eventId: job.eventId })
      .onConflictDoUpdate({ target: developed.photoId, set: { developedAt: new Date() } })
      .returning({ at: developed.developedAt });
    at = row!.at;
    onMade?.(Date.now() - started);
  }
  return processedMessage(job.photoId, job.eventId, made, at);
}
