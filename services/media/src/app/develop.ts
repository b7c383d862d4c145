import { eq } from 'drizzle-orm';
import { captureKindOf, processedMessage, type PhotoProcessed, type Rendition } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { developed } from '../adapters/schema';
import type { DevelopJob } from './job';
import { PIPELINES } from './pipelines';
import { storeRenditions, type Made } from './renditions';

export { filmOf, type DevelopJob } from './job';

/** The AI safety filter's verdict on a display rendition (ADR 027). */
export interface SafetyVerdict {
  safetyScore?: number;
  held: boolean;
}
export type SafetyJudge = (display: Buffer) => Promise<SafetyVerdict>;

/**
 * The filter at a threshold: held at or above it. A classifier that fails holds the photo for the
 * host's review, unscored (fail closed), and says why with `onError`.
 */
export const safetyJudge =
  (
    threshold: number,
    score: (image: Buffer) => Promise<number>,
    onError: (err: unknown) => void,
  ): SafetyJudge =>
  async (display) => {
    try {
      const safetyScore = await score(display);
      return { safetyScore, held: safetyScore >= threshold };
    } catch (err) {
      onError(err);
      return { held: true };
    }
  };

/** The verdict on a capture judged by several pictures (a clip's frames): its worst picture's. */
function worst(verdicts: SafetyVerdict[]): SafetyVerdict {
  const held = verdicts.some((v) => v.held);
  const scores = verdicts.map((v) => v.safetyScore).filter((s): s is number => s !== undefined);
  return { held, ...(scores.length === verdicts.length && { safetyScore: Math.max(...scores) }) };
}

/**
 * Develops one capture with its kind's pipeline (ADR 030; a message without a kind is a photo): its
 * renditions into storage, then a row in `media.developed`. Answers the `photo.processed` message to
 * publish, or null when the original is gone (deleted by its guest or with its event before the job
 * ran). A capture developed before is not developed again: the answer names the renditions stored then
 * (unless one is missing, which makes them all again). When the job asks for the AI filter
 * (`aiFilter`) and a `judge` is given, the rendition the pipeline names (a photo's display; a clip's
 * poster and frames sampled from it, the worst of them counting) is judged before the answer, which
 * carries the verdict. A rendition the pipeline makes early (a photo's thumbnail, issue 26) is stored
 * at once and handed to `early` (which announces it) while the others are still being made; they are
 * stored only after `early` has finished, so the thumbnail is always stored and announced first.
 * The renditions are made inside `pixels` (the worker's pixel slots, app/slots.ts); storing and
 * recording them happen outside it.
 */
export async function develop(
  db: Db,
  store: ObjectStore,
  job: DevelopJob,
  onMade?: (ms: number) => void,
  judge?: SafetyJudge,
  early?: (made: Rendition) => Promise<void>,
  pixels: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<PhotoProcessed | null> {
  const kind = captureKindOf(job.kind);
  const pipeline = PIPELINES[kind];
  const [done] = await db.select().from(developed).where(eq(developed.photoId, job.photoId));
  let made: Rendition[] | null = done ? await pipeline.stored(store, job.eventId, job.photoId) : null;
  let at = done?.developedAt;
  let judged: Buffer[] = [];
  if (!made || !at) {
    const original = await store.getBuffer(job.originalKey);
    if (!original) return null;
    const started = Date.now();
    const first = new Map<Made, Rendition>();
    // The early rendition is stored and announced beside the pixel work, and outside its slot: the next
    // photo's pixels need not wait for this one's storage and bus.
    const earlyDone: Promise<void>[] = [];
    const fresh = await pixels(() =>
      pipeline.make(original, job, (m) => {
        const done = (async () => {
          const [r] = await storeRenditions(store, job.eventId, job.photoId, [m]);
          first.set(m, r!);
          await early?.(r!);
        })();
        // awaited below, once the pixels are made; until then a failure must not count as unhandled
        done.catch(() => {});
        earlyDone.push(done);
      }),
    );
    await Promise.all(earlyDone);
    judged = fresh.filter((m) => m.judgeOnly || m.kind.kind === pipeline.judged).map((m) => m.data);
    const rest = await storeRenditions(
      store,
      job.eventId,
      job.photoId,
      fresh.filter((m) => !first.has(m)),
    );
    // in the pipeline's order, as before
    made = fresh.filter((m) => !m.judgeOnly).map((m) => first.get(m) ?? rest.shift()!);
    const [row] = await db
      .insert(developed)
      .values({ photoId: job.photoId, eventId: job.eventId })
      .onConflictDoUpdate({ target: developed.photoId, set: { developedAt: new Date() } })
      .returning({ at: developed.developedAt });
    at = row!.at;
    onMade?.(Date.now() - started);
  }
  let verdict: SafetyVerdict | undefined;
  if (job.aiFilter === true && judge) {
    if (!judged.length) {
      const key = made.find((r) => r.kind === pipeline.judged)?.key;
      const stored = key ? await store.getBuffer(key) : null;
      if (stored) judged = [stored];
    }
    verdict = judged.length ? worst(await Promise.all(judged.map((image) => judge(image)))) : { held: true };
  }
  return { ...processedMessage(job.photoId, job.eventId, made, at, verdict), kind };
}
