import { answer } from '@afterglow/bus';
import {
  eventDeleted,
  eventRevealed,
  eventUpdated,
  facesDescribed,
  photoModerated,
  photoProcessed,
  photosCounts,
  photosEventCounts,
  photosGuestbookList,
  photosGuestbookModerate,
  photosList,
  photosModerate,
  photosStats,
  photosUsage,
  thumbnailMade,
} from '@afterglow/contracts';
import { OutboxRelay } from '@afterglow/db';
import type { ServiceModule } from '@afterglow/service-kit';
import { outbox } from './adapters/schema';
import { EventsClient } from './app/events-client';
import { Exports } from './app/export';
import { photosApp } from './app/photos';
import { usageOf } from './app/usage';
import { exportRouter } from './http/export-routes';
import { publicRouter } from './http/public-routes';
import { useFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { photosRouter } from './http/routes';

/** How long a clip's upload may wait for its next bytes before it is given up. */
const CLIP_UPLOAD_TTL_MS = 24 * 3600_000;

export const photosModule: ServiceModule = {
  name: 'photos',
  deps: ['events'],
  asks: ['events', 'billing'],
  async start(ctx) {
    await ctx.database.migrate('photos');
    const events = new EventsClient(ctx.bus);
    await events.start();
    const db = ctx.database.db;
    const relay = new OutboxRelay(db, outbox, ctx.bus, ctx.logger.child({ part: 'outbox' }));
    // clips are read with ffmpeg as they arrive (ADR 033)
    useFfmpeg(ctx.config.FFMPEG_PATH);
    const app = photosApp({
      db,
      grouped: (statement, key) => ctx.database.grouped(statement, key),
      bus: ctx.bus,
      store: ctx.store,
      signer: ctx.signer,
      events,
      relay,
      publicUrl: ctx.publicUrl,
      pushOrigins: ctx.config.AFTERGLOW_PUSH_ORIGINS,
      findMeThreshold: ctx.config.AFTERGLOW_FIND_ME_THRESHOLD,
    });
    // Photos stored but never developed go to developing again: soon after start, then every minute.
    const redriveAfterMs = ctx.config.PHOTOS_REDRIVE_AFTER_MS;
    const redrive = (olderThanMs = redriveAfterMs, limit?: number) =>
      app.developing.redriveUndeveloped(olderThanMs, limit).then(
        (n) => n && ctx.logger.warn({ photos: n }, 'undeveloped photos sent to developing again'),
        (err: unknown) => ctx.logger.warn({ err: String(err) }, 'could not look for undeveloped photos'),
      );
    // Find Me's faces never recorded (a job lost with the in-memory bus, or given up): sent again
    const redriveFaces = (olderThanMs: number) =>
      app.findMe.sendUnindexed({ olderThanMs, tag: `redrive:${Date.now()}`, limit: 5000 }).then(
        (n) =>
          n && ctx.logger.warn({ photos: n }, 'photos without their faces sent to Find Me indexing again'),
        (err: unknown) => ctx.logger.warn({ err: String(err) }, 'could not look for photos without faces'),
      );
    const firstRedrive = setTimeout(() => void redrive(), 2000);
    const redriveTimer = setInterval(() => {
      void redrive();
      void redriveFaces(30 * 60_000);
      // clip uploads left unfinished for a day are given up, with the bytes they had (ADR 033)
      app.clipUploads
        .sweep(CLIP_UPLOAD_TTL_MS)
        .catch((err: unknown) =>
          ctx.logger.warn({ err: String(err) }, 'could not sweep unfinished clip uploads'),
        );
    }, 60_000);
    firstRedrive.unref();
    redriveTimer.unref();
    const processed = await ctx.bus.consume(
      photoProcessed.subject,
      { durable: 'photos-record-renditions', maxDeliver: 10, concurrency: 4 },
      async (msg) => {
        const m = photoProcessed.schema.parse(msg.data);
        await app.developing.recordProcessed(m);
      },
    );
    // a thumbnail made before its photo is developed (issue 26): shown to its host and its guest
    const thumbnails = await ctx.bus.consume(
      thumbnailMade.subject,
      { durable: 'photos-record-thumbnails', maxDeliver: 10, concurrency: 4 },
      async (msg) => {
        await app.developing.recordThumbnail(thumbnailMade.schema.parse(msg.data));
      },
    );
    // Find Me (ADR 036): the faces the media worker found; the event's switch acted on
    const findMe = await Promise.all([
      ctx.bus.consume(
        facesDescribed.subject,
        { durable: 'photos-record-faces', maxDeliver: 10, concurrency: 2 },
        async (msg) => {
          await app.findMe.record(facesDescribed.schema.parse(msg.data));
        },
      ),
      ctx.bus.consume(eventUpdated.subject, { durable: 'photos-find-me', maxDeliver: 10 }, async (msg) => {
        await app.findMe.reconcile(eventUpdated.schema.parse(msg.data).eventId);
      }),
    ]);
    const deleted = await ctx.bus.consume(
      eventDeleted.subject,
      { durable: 'photos-delete-event', maxDeliver: 10 },
      async (msg) => {
        const m = eventDeleted.schema.parse(msg.data);
        const gone = await app.deletion.deleteEvent(m.eventId, m.code);
        ctx.logger.info({ eventId: m.eventId, ...gone }, 'deleted event removed');
      },
    );
    // the events service's host view (how many guests joined)
    const counts = await answer(ctx.bus, photosCounts, ({ eventId }) => app.stats.counts(eventId));
    // the events service's /api/user/* (a host's photos and storage over their events)
    const usage = await answer(ctx.bus, photosUsage, async ({ eventIds }) => ({
      events: await usageOf(db, eventIds),
    }));
    // the back office's questions (ADR 028): the admin service has checked the caller is an admin
    const backOffice = await Promise.all([
      answer(ctx.bus, photosList, (q) => app.backOffice.list(q)),
      answer(ctx.bus, photosStats, (q) => app.backOffice.stats(q)),
      answer(ctx.bus, photosEventCounts, (q) => app.backOffice.eventCounts(q)),
      answer(ctx.bus, photosModerate, (q) => app.backOffice.moderate(q)),
      answer(ctx.bus, photosGuestbookList, (q) => app.guestbookBackOffice.list(q)),
      answer(ctx.bus, photosGuestbookModerate, (q) => app.guestbookBackOffice.moderate(q)),
    ]);
    const exports = new Exports({
      db,
      bus: ctx.bus,
      store: ctx.store,
      events,
      partBytes: ctx.config.AFTERGLOW_EXPORT_PART_MB * 1024 * 1024,
      authors: (deviceIds) => app.guests.authors(deviceIds),
    });
    // The reveal (ADR 035): its time (events' fact), or in live mode the first approved photo
    const reveals = await Promise.all([
      ctx.bus.consume(eventRevealed.subject, { durable: 'photos-reveal', maxDeliver: 10 }, async (msg) => {
        const m = eventRevealed.schema.parse(msg.data);
        await app.reminders.reveal(m.eventId, 'time', new Date(), new Date(m.revealAt));
      }),
      ctx.bus.consume(
        photoModerated.subject,
        { durable: 'photos-reveal-live', maxDeliver: 10 },
        async (msg) => {
          const m = photoModerated.schema.parse(msg.data);
          if (m.status !== 'approved') return;
          const e = await events.get(m.eventId);
          if (e?.liveMode) await app.reminders.reveal(e.id, 'live');
        },
      ),
    ]);
    const router = photosRouter(app, ctx.secret, ctx.origins);
    router.use(publicRouter(app.publicGalleries, ctx.store, ctx.origins));
    router.use(exportRouter(exports, ctx.secret, ctx.logger.child({ part: 'export' })));
    return {
      router,
      afterStart() {
        // Facts left in the outbox go out once every consumer in this process listens (the in-memory
        // bus keeps nothing for a consumer that does not exist yet).
        relay.start();
        // The in-memory bus lost every job with the process that ran it: everything stored and not
        // developed goes straight back to developing.
        if (!ctx.config.NATS_URL) {
          void redrive(0, 10_000);
          void redriveFaces(0);
        }
      },
      async stop() {
        clearTimeout(firstRedrive);
        clearInterval(redriveTimer);
        await processed.stop();
        await thumbnails.stop();
        for (const s of findMe) await s.stop();
        await deleted.stop();
        for (const s of reveals) await s.stop();
        await counts.stop();
        await usage.stop();
        for (const s of backOffice) await s.stop();
        await relay.stop();
        app.uploads.stop();
        await events.stop();
      },
    };
  },
};
