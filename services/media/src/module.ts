import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import { eventDeleted, photoProcessed, photoUploaded } from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { renditions } from './adapters/schema';
import { makeRenditions, renditionKeys } from './app/renditions';

/**
 * The media worker: `photo.uploaded` -> renditions in storage -> a row in `media.renditions` ->
 * `photo.processed`. It acknowledges only after all of that, so a crash means redelivery; rendition
 * keys are deterministic and the row's primary key is the photo id, so a redelivery overwrites the
 * same objects and adds no row.
 */
export const mediaModule: ServiceModule = {
  name: 'media',
  deps: [],
  async start(ctx) {
    await ctx.database.migrate('media');
    const db = ctx.database.db;
    const log = ctx.logger.child({ part: 'renditions' });
    // Beside the web services (embedded mode) developing leaves a core to ingest: a guest's upload is
    // acknowledged first and developed a moment later. Alone, the worker takes every core.
    const shared = ctx.modules.some((m) => m === 'gateway' || m === 'photos');
    const concurrency = Math.max(
      1,
      ctx.config.MEDIA_CONCURRENCY || availableParallelism() - (shared ? 1 : 0),
    );
    const sub = await ctx.bus.consume(
      photoUploaded.subject,
      {
        durable: 'media-renditions',
        concurrency,
        maxDeliver: 5,
        backoffMs: [500, 2000, 10000],
        // How long a crashed worker's job waits before another takes it; a running job keeps its
        // delivery alive with in-progress acks, so a slow render is never taken twice.
        ackWaitMs: 20_000,
      },
      async (msg) => {
        const m = photoUploaded.schema.parse(msg.data);
        const [done] = await db.select().from(renditions).where(eq(renditions.photoId, m.photoId));
        let row = done;
        if (!row) {
          const original = await ctx.store.getBuffer(m.originalKey);
          if (!original) {
            // Deleted by its guest before we got to it: nothing to make.
            log.info({ photoId: m.photoId }, 'original gone; skipping');
            return;
          }
          const started = Date.now();
          const r = await makeRenditions(original);
          const keys = renditionKeys(m.eventId, m.photoId);
          await Promise.all([
            ctx.store.put(keys.thumbKey, r.thumb, { contentType: 'image/webp' }),
            ctx.store.put(keys.displayKey, r.display, { contentType: 'image/jpeg' }),
          ]);
          [row] = await db
            .insert(renditions)
            .values({ photoId: m.photoId, eventId: m.eventId, ...keys, width: r.width, height: r.height })
            .onConflictDoUpdate({ target: renditions.photoId, set: { processedAt: new Date() } })
            .returning();
          log.debug({ photoId: m.photoId, ms: Date.now() - started }, 'renditions made');
        }
        await ctx.bus.publish(
          photoProcessed.subject,
          photoProcessed.schema.parse({
            photoId: row!.photoId,
            eventId: row!.eventId,
            thumbKey: row!.thumbKey,
            displayKey: row!.displayKey,
            width: row!.width,
            height: row!.height,
            processedAt: row!.processedAt.toISOString(),
          }),
          { msgId: `photo.processed:${m.photoId}` },
        );
      },
    );
    // The photos service removes a deleted event's objects; the worker forgets its rows about them.
    const deleted = await ctx.bus.consume(
      eventDeleted.subject,
      { durable: 'media-forget-event', maxDeliver: 10 },
      async (msg) => {
        const m = eventDeleted.schema.parse(msg.data);
        await db.delete(renditions).where(eq(renditions.eventId, m.eventId));
      },
    );
    return {
      async stop() {
        await sub.stop();
        await deleted.stop();
      },
    };
  },
};
