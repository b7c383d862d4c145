import { metrics } from '@opentelemetry/api';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  AI_FLAG_REASON,
  captureKindOf,
  developingSubject,
  photoUploaded,
  renditionsOf,
  type EventRecord,
  type NamedRendition,
  type PhotoProcessed,
  type ThumbnailMade,
} from '@afterglow/contracts';
import { outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { outbox, photos, renditions, type PhotoRow } from '../adapters/schema';
import type { EventsClient } from './events-client';
import type { DevelopingPlan, HostPlans } from './host-plan';
import type { LiveNotices } from './live';
import { recordRenditions } from './renditions';

/** What follows a capture's developing once it shows (Find Me's indexing, ADR 036). */
export type AfterDeveloped = (photo: PhotoRow, e: EventRecord, made: NamedRendition[]) => Promise<void>;

/**
 * The outbox fact that sends a stored photo to developing, with its kind (the worker's pipeline), its
 * event's film look (when the event is known) and the steps of its host's plan (watermark, AI filter);
 * its msgId makes a resend within the window a duplicate.
 */
export const developingJob = (
  p: Pick<PhotoRow, 'id' | 'eventId' | 'deviceId' | 'kind' | 'originalKey' | 'createdAt'>,
  e: Pick<EventRecord, 'filmMode' | 'filmPreset' | 'timezone'> | null,
  plan: DevelopingPlan | null = null,
) => ({
  subject: developingSubject(captureKindOf(p.kind)),
  msgId: `photo.uploaded:${p.id}`,
  payload: photoUploaded.schema.parse({
    photoId: p.id,
    eventId: p.eventId,
    deviceId: p.deviceId,
    kind: captureKindOf(p.kind),
    originalKey: p.originalKey,
    uploadedAt: p.createdAt.toISOString(),
    ...(e && { filmMode: e.filmMode, filmPreset: e.filmPreset, timezone: e.timezone }),
    ...(plan && { watermark: plan.watermark, aiFilter: plan.aiFilter }),
  }),
});

/**
 * Developing, as this service sees it: the media worker's renditions recorded when `photo.processed`
 * arrives (the photo is then developed), and photos stored but never developed sent again.
 */
export class Developing {
  /**
   * Time from the upload's acknowledgement to the renditions recorded: the pipeline's headline figure.
   * Made here, not at import: the metrics API has no proxy, so an instrument made before the SDK
   * starts would record nothing.
   */
  private readonly uploadToRendition = metrics
    .getMeter('afterglow-photos')
    .createHistogram('afterglow.photos.upload_to_rendition_ms', {
      description: 'From upload acknowledged to renditions recorded',
      unit: 'ms',
    });
  /** Time from the upload's acknowledgement to its thumbnail recorded (issue 26: shown to its host first). */
  private readonly uploadToThumbnail = metrics
    .getMeter('afterglow-photos')
    .createHistogram('afterglow.photos.upload_to_thumbnail_ms', {
      description: 'From upload acknowledged to thumbnail recorded',
      unit: 'ms',
    });

  constructor(
    private readonly d: {
      db: Db;
      store: ObjectStore;
      events: EventsClient;
      relay: OutboxRelay;
      plans: HostPlans;
    },
    private readonly live: LiveNotices,
    private readonly afterDeveloped?: AfterDeveloped,
  ) {}

  /**
   * Sends photos that were stored but never developed to developing again: a job lost with the
   * in-memory bus at a restart, or one that gave up while a dependency was away. Only photos older than
   * `olderThanMs` (beyond the bus's 2-minute dedupe window, and past any job still running) and younger
   * than a day are taken; the media worker makes renditions once per photo, so a photo that is being
   * developed after all costs it one lookup. Answers how many were sent.
   */
  async redriveUndeveloped(olderThanMs: number, limit = 500): Promise<number> {
    const now = Date.now();
    const rows = await this.d.db
      .select()
      .from(photos)
      .where(
        and(
          isNull(photos.processedAt),
          lt(photos.createdAt, new Date(now - olderThanMs)),
          gt(photos.createdAt, new Date(now - 24 * 3600_000)),
        ),
      )
      .orderBy(asc(photos.createdAt))
      .limit(limit);
    if (rows.length === 0) return 0;
    const events = new Map<string, { e: EventRecord; plan: DevelopingPlan } | null>();
    for (const r of rows)
      if (!events.has(r.eventId)) {
        const e = await this.d.events.get(r.eventId).catch(() => null);
        const plan = e && (await this.d.plans.developing(e.hostId).catch(() => null));
        events.set(r.eventId, e && plan ? { e, plan } : null);
      }
    // a photo whose event or plan cannot be asked now waits for the next round (a free host's photo
    // is never developed without its watermark)
    const ready = rows.filter((r) => events.get(r.eventId));
    if (ready.length === 0) return 0;
    await this.d.db.insert(outbox).values(
      ready.map((r) => {
        const known = events.get(r.eventId)!;
        return outboxRow(developingJob(r, known.e, known.plan));
      }),
    );
    this.d.relay.kick();
    return ready.length;
  }

  /**
   * `photo.thumbnail.made` (issue 26): the thumbnail of a photo still developing, recorded so that those
   * who may see the photo before it is developed (its host, the device that took it: `visibleTo`) are
   * shown it, and the host told as for a developed photo. The photo stays undeveloped: everyone else,
   * venue screens and the live display go on waiting for `photo.processed`, and nothing about holding
   * changes. Late (the photo developed meanwhile: `photo.processed` recorded the same thumbnail) or
   * repeated, it changes nothing; for a photo deleted meanwhile, the stored thumbnail is removed.
   */
  async recordThumbnail(m: ThumbnailMade): Promise<void> {
    const found = await this.d.db.transaction(async (tx) => {
      // Locked, so a `photo.processed` or a deletion at the same moment goes before or after this.
      const [row] = await tx.select().from(photos).where(eq(photos.id, m.photoId)).for('update');
      if (!row || row.processedAt) return { row, recorded: false };
      // a redelivery of the same thumbnail records nothing and tells nobody again
      const [had] = await tx
        .select({ key: renditions.key, bytes: renditions.bytes })
        .from(renditions)
        .where(and(eq(renditions.photoId, row.id), eq(renditions.kind, m.thumb.kind)));
      if (had?.key === m.thumb.key && had.bytes === m.thumb.bytes) return { row, recorded: false };
      await recordRenditions(tx, row.id, [m.thumb]);
      return { row, recorded: true };
    });
    if (!found.row) {
      await this.d.store.delete(m.thumb.key);
      return;
    }
    if (!found.recorded) return;
    const u = found.row;
    this.uploadToThumbnail.record(Date.now() - u.createdAt.getTime());
    // the host's moderation and dashboard refresh; the guest's Your Shots shows it at its next poll
    await this.live.notify({
      type: 'photo_uploaded',
      eventId: u.eventId,
      photoId: u.id,
      audience: 'host',
      developing: true,
    });
  }

  /**
   * `photo.processed`: the renditions recorded once, then the host told (and every watcher if approved
   * and not held). The AI safety filter's verdict (ADR 027) lands in the same update that develops the
   * photo: a photo it holds is never developed and unheld, not even for a moment.
   */
  async recordProcessed(m: PhotoProcessed): Promise<void> {
    const made = renditionsOf(m);
    const now = new Date();
    const u = await this.d.db.transaction(async (tx) => {
      const [row] = await tx
        .update(photos)
        .set({
          processedAt: now,
          ...(m.safetyScore !== undefined && { safetyScore: m.safetyScore }),
          ...(m.held === true && {
            heldAt: sql`coalesce(${photos.heldAt}, ${now.toISOString()}::timestamptz)`,
            flagCount: sql`${photos.flagCount} + 1`,
            flagReason: AI_FLAG_REASON,
          }),
        })
        .where(and(eq(photos.id, m.photoId), isNull(photos.processedAt)))
        .returning();
      if (row) await recordRenditions(tx, row.id, made);
      return row;
    });
    if (!u) {
      // Already recorded (a redelivery), or the photo was deleted (by its guest, or with its event)
      // while its renditions were being made: then they must not outlive it.
      const [still] = await this.d.db.select({ id: photos.id }).from(photos).where(eq(photos.id, m.photoId));
      if (!still) await Promise.all(made.map((r) => this.d.store.delete(r.key)));
      return;
    }
    this.uploadToRendition.record(u.processedAt!.getTime() - u.createdAt.getTime());
    const e = await this.d.events.get(u.eventId);
    if (!e) return;
    // Find Me (ADR 036): its faces are described after it shows, never before
    await this.afterDeveloped?.(u, e, made);
    await this.live.notify({ type: 'photo_uploaded', eventId: e.id, photoId: u.id, audience: 'host' });
    // (a held photo's notice reaches the host alone: audienceOf leaves it out for everyone else)
    if (u.status === 'approved') await this.live.approved(e, u);
  }
}
