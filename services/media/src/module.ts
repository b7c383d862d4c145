import { photosFirst } from './app/photos-first';
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import {
  captureKindOf,
  developingSubject,
  eventDeleted,
  facesDescribed,
  facesWanted,
  judgeWanted,
  photoProcessed,
  photoUploaded,
  thumbnailMade,
} from '@afterglow/contracts';
import { describeFaces } from '@afterglow/faces';
import { describeCapture } from './app/faces';
import type { ServiceModule } from '@afterglow/service-kit';
import { developed } from './adapters/schema';
import { useFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { setClipThreads } from './app/clip-pipeline';
import { develop, safetyJudge } from './app/develop';
import { safetyScore } from './app/safety';
import { DEVELOPING_NICE, lowerLibvipsThreads } from './app/priority';
import { setFilmPassNice } from './app/film-pass-thread';
import { slots } from './app/slots';

/**
 * The media worker: `photo.uploaded` -> renditions in storage -> a row in `media.developed` ->
 * `photo.processed` carrying the renditions (the photos service keeps them); a photo's thumbnail is
 * stored and announced first (`photo.thumbnail.made`), while its display still encodes, so the host
 * and the guest who took it see it sooner (issue 26). It acknowledges only after
 * all of that, so a crash means redelivery; rendition keys are deterministic and the row's primary key
 * is the photo id, so a redelivery overwrites the same objects and adds no row. A job for a photo
 * already developed makes nothing: it announces the renditions stored before.
 */
export const mediaModule: ServiceModule = {
  name: 'media',
  deps: [],
  asks: [],
  async start(ctx) {
    await ctx.database.migrate('media');
    const db = ctx.database.db;
    const log = ctx.logger.child({ part: 'renditions' });
    // Beside the web services (embedded mode) developing leaves a core to ingest: a guest's upload is
    // acknowledged first and developed a moment later. Alone, the worker takes every core.
    const shared = ctx.modules.some((m) => m === 'gateway' || m === 'photos');
    // the film look's thread, too (app/film-pass-thread.ts)
    setFilmPassNice(shared ? DEVELOPING_NICE : 0);
    const concurrency = Math.max(
      1,
      ctx.config.MEDIA_CONCURRENCY || availableParallelism() - (shared ? 1 : 0),
    );
    // The AI safety filter (ADR 027), for photos whose host's plan has it: the model loads at the first.
    const aiLog = ctx.logger.child({ part: 'ai-filter' });
    const threshold = ctx.config.AFTERGLOW_AI_FILTER_THRESHOLD;
    useFfmpeg(ctx.config.FFMPEG_PATH);
    setClipThreads(ctx.config.AFTERGLOW_CLIP_THREADS);
    const judgeOf = (photoId: string) =>
      safetyJudge(
        threshold,
        async (image) => {
          const started = Date.now();
          const score = await safetyScore(image);
          aiLog.debug({ photoId, score, ms: Date.now() - started }, 'scored');
          return score;
        },
        (err) => aiLog.error({ photoId, err: String(err) }, 'AI safety filter failed; photo held for review'),
      );
    // A photo's pixels are made in one of `concurrency` slots; twice as many photos are taken from the
    // bus, so one stores and records its renditions while the next one's are made (app/slots.ts).
    const photoPixels = slots(concurrency);
    const developJob = async (msg: { data: unknown }) => {
      const m = photoUploaded.schema.parse(msg.data);
      // beside the web services, developing's pixel work yields to their uploads (app/priority.ts)
      if (shared) await lowerLibvipsThreads(DEVELOPING_NICE);
      // A photo the filter must judge is developed now and judged from the filter's own queue (below),
      // so a burst of them never waits for the filter; a clip's sampled frames are judged as it develops.
      const judgeLater = m.aiFilter === true && captureKindOf(m.kind) === 'photo';
      const fact = await develop(
        db,
        ctx.store,
        m,
        (ms) => log.debug({ photoId: m.photoId, ms }, 'renditions made'),
        judgeLater ? undefined : judgeOf(m.photoId),
        // the thumbnail, stored before the display: announced at once (the photo is not developed yet)
        async (thumb) => {
          if (thumb.kind !== 'thumb') return;
          await ctx.bus.publish(
            thumbnailMade.subject,
            thumbnailMade.schema.parse({
              photoId: m.photoId,
              eventId: m.eventId,
              thumb,
              madeAt: new Date().toISOString(),
              kind: captureKindOf(m.kind),
            }),
            { msgId: `${thumbnailMade.subject}:${m.photoId}` },
          );
        },
        // a clip's ffmpeg keeps its own queue's limit (below)
        captureKindOf(m.kind) === 'photo' ? photoPixels : undefined,
      );
      if (!fact) {
        log.info({ photoId: m.photoId }, 'original gone; skipping');
        return;
      }
      if (judgeLater)
        await ctx.bus.publish(judgeWanted.subject, m, { msgId: `${judgeWanted.subject}:${m.photoId}` });
      else await ctx.bus.publish(photoProcessed.subject, fact, { msgId: `photo.processed:${m.photoId}` });
    };
    const jobs = {
      maxDeliver: 5,
      backoffMs: [500, 2000, 10000],
      // How long a crashed worker's job waits before another takes it; a running job keeps its
      // delivery alive with in-progress acks, so a slow render is never taken twice.
      ackWaitMs: 20_000,
    };
    // photos first: while one develops, clips' ffmpeg waits (app/photos-first.ts)
    const sub = await ctx.bus.consume(
      developingSubject('photo'),
      { ...jobs, durable: 'media-renditions', concurrency: concurrency * 2 },
      (msg) => photosFirst.photo(() => developJob(msg)),
    );
    // Clips from a queue of their own (ADR 033): a few at most at once (one by default), whatever
    // the photos' concurrency, so a clip's seconds of ffmpeg never keep a photo waiting.
    const clips = await ctx.bus.consume(
      developingSubject('clip'),
      { ...jobs, durable: 'media-clips', concurrency: ctx.config.AFTERGLOW_CLIP_CONCURRENCY },
      developJob,
    );
    // The AI safety filter (ADR 027), one photo at a time in its low-priority thread: it reads the
    // display rendition developing stored, and its verdict goes out with \`photo.processed\`.
    const judging = await ctx.bus.consume(
      judgeWanted.subject,
      { ...jobs, durable: 'media-judge', concurrency: 1 },
      async (msg) => {
        const m = judgeWanted.schema.parse(msg.data);
        const fact = await develop(db, ctx.store, m, undefined, judgeOf(m.photoId));
        if (!fact) {
          aiLog.info({ photoId: m.photoId }, 'photo gone before it was judged; skipping');
          return;
        }
        await ctx.bus.publish(photoProcessed.subject, fact, { msgId: `photo.processed:${m.photoId}` });
      },
    );
    // Find Me's faces (ADR 036), one capture at a time, each once no photo is developing: a face is
    // looked for after its photo shows, and never keeps another photo from showing.
    const facesLog = ctx.logger.child({ part: 'find-me' });
    const faces = await ctx.bus.consume(
      facesWanted.subject,
      { ...jobs, durable: 'media-faces', concurrency: 1 },
      async (msg) => {
        const m = facesWanted.schema.parse(msg.data);
        await photosFirst.idle();
        const started = Date.now();
        const found = await describeCapture(ctx.store, m, describeFaces, (err) =>
          facesLog.warn({ photoId: m.photoId, err: String(err) }, 'a picture the face model cannot read'),
        );
        if (!found) return;
        facesLog.debug({ photoId: m.photoId, faces: found.faces.length, ms: Date.now() - started }, 'faces');
        await ctx.bus.publish(facesDescribed.subject, facesDescribed.schema.parse(found));
      },
    );
    // The photos service removes a deleted event's objects; the worker forgets its rows about them.
    const deleted = await ctx.bus.consume(
      eventDeleted.subject,
      { durable: 'media-forget-event', maxDeliver: 10 },
      async (msg) => {
        const m = eventDeleted.schema.parse(msg.data);
        await db.delete(developed).where(eq(developed.eventId, m.eventId));
      },
    );
    return {
      async stop() {
        await sub.stop();
        await clips.stop();
        await judging.stop();
        await faces.stop();
        await deleted.stop();
      },
    };
  },
};
