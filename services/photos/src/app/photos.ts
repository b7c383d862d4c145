import { randomUUID } from 'node:crypto';
import { metrics } from '@opentelemetry/api';
import { and, asc, desc, eq, gt, lt, or, sql, inArray, ne, isNotNull, isNull } from 'drizzle-orm';
import {
  HttpError,
  IMAGE_URL_TTL_SECONDS,
  isUnavailableError,
  forbidden,
  notFound,
  photoDeleted,
  photoModerated,
  photoUploaded,
  type DeviceDto,
  type EventRecord,
  type EventStats,
  type PhotoDto,
  type PhotoStatus,
  type Principal,
} from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import { isUniqueViolation, type Db } from '@afterglow/db';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';
import { devices, eventCounters, outbox, photos, type DeviceRow, type PhotoRow } from '../adapters/schema';
import type { EventsClient } from './events-client';
import { cleanJpeg, inspectJpeg } from './jpeg';
import { traceHeaders, type OutboxRelay } from './outbox';

/** Transient notifications the realtime service fans out to WebSocket rooms. */
export const LIVE_SUBJECT = 'live.photos';
export interface LiveNotice {
  type: 'photo_uploaded' | 'photo_moderated' | 'photo_approved';
  eventId: string;
  photoId: string;
  /** 'host': only the event's host (and admins) may receive it; 'all': every watcher of the event */
  audience: 'host' | 'all';
  status?: PhotoStatus;
}

export const isHostOf = (e: EventRecord, p: Principal | null) => !!p && (p.userId === e.hostId || p.isAdmin);
export const hasEnded = (e: EventRecord, now = Date.now()) => Date.parse(e.endsAt) < now;
export const isRevealed = (e: EventRecord, now = Date.now()) =>
  e.revealAt !== null && Date.parse(e.revealAt) <= now;

/**
 * What a guest (or anyone holding the code) may see of someone else's photo: after the reveal every
 * photo the host did not reject; before it, in live mode, the approved ones; otherwise nothing.
 * Only photos whose renditions exist are shown.
 */
export function guestMaySee(
  e: EventRecord,
  row: Pick<PhotoRow, 'status' | 'processedAt'>,
  now = Date.now(),
): boolean {
  if (row.status === 'rejected' || !row.processedAt) return false;
  if (isRevealed(e, now)) return true;
  return e.liveMode && row.status === 'approved';
}

class Rollback extends Error {
  constructor(readonly kind: 'no_shots' | 'event_full' | 'replay') {
    super(kind);
  }
}

export interface UploadResult {
  photoId: string;
  shotsRemaining: number;
  replayed: boolean;
}

export interface PageOpts {
  limit?: number;
  cursor?: string;
}

/** The outbox fact that sends a stored photo to developing; its msgId makes a resend within the window a duplicate. */
const uploadedFact = (p: Pick<PhotoRow, 'id' | 'eventId' | 'deviceId' | 'originalKey' | 'createdAt'>) => ({
  subject: photoUploaded.subject,
  msgId: `photo.uploaded:${p.id}`,
  payload: photoUploaded.schema.parse({
    photoId: p.id,
    eventId: p.eventId,
    deviceId: p.deviceId,
    originalKey: p.originalKey,
    uploadedAt: p.createdAt.toISOString(),
  }),
});

const noShots = () => new HttpError(403, 'no_shots_remaining', 'No shots remaining');

/** A failed write to object storage, whatever the store said: the photo itself was fine. */
const storageUnavailable = (cause: unknown) =>
  Object.assign(
    new HttpError(
      503,
      'storage_unavailable',
      'Photo storage is busy right now. Your shot was not used; please try again in a moment.',
    ),
    { cause },
  );

export class PhotosApp {
  /**
   * Time from the upload's acknowledgement to both renditions recorded: the pipeline's headline
   * figure. Made here, not at import: the metrics API has no proxy, so an instrument made before the
   * SDK starts would record nothing.
   */
  private readonly uploadToRendition = metrics
    .getMeter('afterglow-photos')
    .createHistogram('afterglow.photos.upload_to_rendition_ms', {
      description: 'From upload acknowledged to renditions recorded',
      unit: 'ms',
    });

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly store: ObjectStore,
    private readonly signer: UrlSigner,
    readonly events: EventsClient,
    private readonly relay: OutboxRelay,
  ) {}

  async event(idOrCode: string): Promise<EventRecord> {
    const e = await this.events.get(idOrCode);
    if (!e) throw notFound('Event not found', 'event_not_found');
    return e;
  }

  // ---------- devices ----------

  async device(deviceId: string): Promise<DeviceRow | null> {
    const [d] = await this.db.select().from(devices).where(eq(devices.id, deviceId));
    return d ?? null;
  }

  toDeviceDto(d: DeviceRow, e: EventRecord): DeviceDto {
    return {
      id: d.id,
      eventId: d.eventId,
      anonId: d.anonId,
      displayName: d.displayName,
      shotsTaken: d.shotsTaken,
      shotsRemaining: Math.max(0, e.maxShotsPerDevice - d.shotsTaken),
      createdAt: d.createdAt.toISOString(),
    };
  }

  /**
   * Joins a guest. A browser that already holds a device of this event (its cookie) with the same
   * anonId gets that device back; anyone else gets a new one, within the plan's guest limit.
   */
  async join(code: string, anonId: string, displayName: string | null, ownedDeviceIds: string[]) {
    const e = await this.event(code);
    if (ownedDeviceIds.length) {
      const [mine] = await this.db
        .select()
        .from(devices)
        .where(
          and(eq(devices.eventId, e.id), eq(devices.anonId, anonId), inArray(devices.id, ownedDeviceIds)),
        );
      if (mine) {
        const [d] = await this.db
          .update(devices)
          .set({ displayName: displayName ?? mine.displayName, lastSeenAt: new Date() })
          .where(eq(devices.id, mine.id))
          .returning();
        return { event: e, device: d!, created: false };
      }
    }
    if (e.maxGuests !== null) {
      const [c] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .where(eq(devices.eventId, e.id));
      if ((c?.n ?? 0) >= e.maxGuests)
        throw forbidden('This event has reached its guest limit', 'guest_limit_reached');
    }
    const [d] = await this.db.insert(devices).values({ eventId: e.id, anonId, displayName }).returning();
    return { event: e, device: d!, created: true };
  }

  // ---------- uploads ----------

  async upload(
    code: string,
    device: DeviceRow,
    file: Buffer,
    caption: string | null,
    uploadId: string | undefined,
  ): Promise<UploadResult> {
    const e = await this.event(code);
    if (device.eventId !== e.id) throw forbidden('This device belongs to another event', 'device_mismatch');
    if (hasEnded(e)) throw forbidden('This event has ended, photos can no longer be taken', 'event_ended');
    if (device.shotsTaken >= e.maxShotsPerDevice) {
      // A retry of the roll's last upload is answered as the first was.
      const replay = uploadId ? await this.replayed(device.id, uploadId, e) : null;
      if (replay) return replay;
      throw noShots();
    }
    // Stored without comments or trailing bytes: a polyglot's payload never reaches storage.
    const jpeg = cleanJpeg(file);
    const info = await inspectJpeg(jpeg);

    const photoId = randomUUID();
    const originalKey = `events/${e.id}/originals/${photoId}.jpg`;
    // The original is stored before the row exists; if the row is refused it is removed again. Storage
    // that refuses the write costs the guest nothing: no shot is counted, and the same uploadId may retry.
    try {
      await this.store.put(originalKey, jpeg, { contentType: 'image/jpeg', contentLength: jpeg.length });
    } catch (err) {
      await this.store.delete(originalKey).catch(() => {});
      throw storageUnavailable(err);
    }
    let shotsTaken: number;
    try {
      shotsTaken = await this.db.transaction(async (tx) => {
        const now = new Date();
        const fact = uploadedFact({
          id: photoId,
          eventId: e.id,
          deviceId: device.id,
          originalKey,
          createdAt: now,
        });
        const trace = traceHeaders();
        // One statement for the shot, the event's count, the row and its outbox fact: each step
        // happens only if the one before it did, so the answer says where it stopped.
        const { rows } = (await tx.execute(sql`
          with d as (
            update photos.devices set shots_taken = shots_taken + 1, last_seen_at = ${now.toISOString()}::timestamptz
            where id = ${device.id}::uuid and shots_taken < ${e.maxShotsPerDevice}::int
            returning shots_taken
          ), c as (
            insert into photos.event_counters (event_id, photo_count)
            select ${e.id}::uuid, 1 from d
            on conflict (event_id) do update set photo_count = photos.event_counters.photo_count + 1
            where photos.event_counters.photo_count < ${e.maxPhotos}::int
            returning photo_count
          ), p as (
            insert into photos.photos
              (id, event_id, device_id, upload_id, caption, status, original_key, width, height, bytes, created_at)
            select ${photoId}::uuid, ${e.id}::uuid, ${device.id}::uuid, ${uploadId ?? null}::uuid,
              ${e.allowCaptions ? caption : null}::text, 'pending', ${originalKey}::text, ${info.width}::int,
              ${info.height}::int, ${jpeg.length}::int, ${now.toISOString()}::timestamptz
            from c
            returning id
          ), o as (
            insert into photos.outbox (subject, msg_id, payload, headers)
            select ${fact.subject}::text, ${fact.msgId}::text,
              ${JSON.stringify(fact.payload)}::jsonb, ${trace ? JSON.stringify(trace) : null}::jsonb
            from p
            returning id
          )
          select (select shots_taken from d) as shots, (select count(*) from o)::int as n`)) as unknown as {
          rows: { shots: number | null; n: number }[];
        };
        const r = rows[0];
        if (r?.shots == null) throw new Rollback('no_shots');
        if (!r.n) throw new Rollback('event_full');
        return r.shots;
      });
    } catch (err) {
      if (isUnavailableError(err)) {
        // The database went away mid-transaction: the commit may still have landed. Remove the
        // original only once the database says no row points at it.
        this.unsureOriginals.set(originalKey, photoId);
        this.sweepUnsureSoon();
        throw err;
      }
      await this.store.delete(originalKey).catch(() => {});
      if (uploadId && (err instanceof Rollback || isUniqueViolation(err))) {
        // A retried upload whose first attempt was stored (possibly while this one was on its way).
        const replay = await this.replayed(device.id, uploadId, e);
        if (replay) return replay;
      }
      if (err instanceof Rollback) {
        if (err.kind === 'no_shots') throw noShots();
        if (err.kind === 'event_full')
          throw forbidden("This event has reached its plan's photo limit", 'photo_limit_reached');
      }
      throw err;
    }
    this.relay.kick();
    return { photoId, shotsRemaining: Math.max(0, e.maxShotsPerDevice - shotsTaken), replayed: false };
  }

  /** Originals of uploads whose transaction failed with the database away: kept until we know. */
  private readonly unsureOriginals = new Map<string, string>();
  private sweepTimer: NodeJS.Timeout | null = null;

  private sweepUnsureSoon(delayMs = 2000): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      void this.sweepUnsure().then(
        () => {
          if (this.unsureOriginals.size) this.sweepUnsureSoon(5000);
        },
        () => this.sweepUnsureSoon(5000),
      );
    }, delayMs);
    this.sweepTimer.unref();
  }

  /** Deletes the unsure originals no photo row refers to (their transaction did not commit). */
  async sweepUnsure(): Promise<void> {
    for (const [key, photoId] of [...this.unsureOriginals]) {
      const [row] = await this.db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId));
      if (!row) await this.store.delete(key);
      this.unsureOriginals.delete(key);
    }
  }

  stop(): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
  }

  private async replayed(deviceId: string, uploadId: string, e: EventRecord): Promise<UploadResult | null> {
    const [p] = await this.db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.deviceId, deviceId), eq(photos.uploadId, uploadId)));
    if (!p) return null;
    const d = await this.device(deviceId);
    return {
      photoId: p.id,
      shotsRemaining: Math.max(0, e.maxShotsPerDevice - (d?.shotsTaken ?? 0)),
      replayed: true,
    };
  }

  // ---------- reading ----------

  private sign(key: string | null): string | null {
    return key ? this.signer.sign(key, IMAGE_URL_TTL_SECONDS) : null;
  }

  toDto(row: PhotoRow, device: Pick<DeviceRow, 'displayName' | 'anonId'> | null, asHost: boolean): PhotoDto {
    const dto: PhotoDto = {
      id: row.id,
      eventId: row.eventId,
      caption: row.caption,
      status: row.status as PhotoStatus,
      createdAt: row.createdAt.toISOString(),
      thumbUrl: this.sign(row.thumbKey),
      displayUrl: this.sign(row.displayKey),
      storageKeyThumb: row.thumbKey,
      storageKeyDisplay: row.displayKey,
      processed: row.processedAt !== null,
      width: row.width,
      height: row.height,
      // The anonymous id is a guest's only credential besides the cookie: show just its tail.
      device: { displayName: device?.displayName ?? null, anonId: device ? device.anonId.slice(-4) : '' },
      deviceDisplayName: device?.displayName ?? null,
    };
    if (asHost) {
      dto.flagCount = row.flagCount;
      dto.originalUrl = this.sign(row.originalKey) ?? undefined;
    }
    return dto;
  }

  private async list(
    where: ReturnType<typeof and>,
    page: PageOpts,
  ): Promise<{ rows: { photo: PhotoRow; device: DeviceRow | null }[]; nextCursor: string | null }> {
    const limit = Math.min(Math.max(page.limit ?? 200, 1), 500);
    const cur = page.cursor ? decodeCursor(page.cursor) : null;
    const conds = [where];
    if (cur)
      conds.push(or(lt(photos.createdAt, cur.at), and(eq(photos.createdAt, cur.at), lt(photos.id, cur.id))));
    const rows = await this.db
      .select({ photo: photos, device: devices })
      .from(photos)
      .leftJoin(devices, eq(devices.id, photos.deviceId))
      .where(and(...conds))
      .orderBy(desc(photos.createdAt), desc(photos.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const slice = more ? rows.slice(0, limit) : rows;
    const last = slice[slice.length - 1];
    return {
      rows: slice,
      nextCursor: more && last ? encodeCursor(last.photo.createdAt, last.photo.id) : null,
    };
  }

  /** GET /api/events/{code}/photos: the host sees every photo; others what guestMaySee allows. */
  async eventPhotos(code: string, viewer: Principal | null, page: PageOpts) {
    const e = await this.event(code);
    const host = isHostOf(e, viewer);
    const revealed = isRevealed(e);
    let where;
    if (host) where = eq(photos.eventId, e.id);
    else if (revealed)
      where = and(eq(photos.eventId, e.id), ne(photos.status, 'rejected'), isNotNull(photos.processedAt));
    else if (e.liveMode)
      where = and(eq(photos.eventId, e.id), eq(photos.status, 'approved'), isNotNull(photos.processedAt));
    const { rows, nextCursor } = where ? await this.list(where, page) : { rows: [], nextCursor: null };
    return {
      photos: rows.map((r) => this.toDto(r.photo, r.device, host)),
      revealed,
      revealAt: e.revealAt,
      liveMode: e.liveMode,
      nextCursor,
    };
  }

  async pending(idOrCode: string, viewer: Principal | null, page: PageOpts) {
    const e = await this.event(idOrCode);
    this.assertHost(e, viewer);
    const { rows, nextCursor } = await this.list(
      and(eq(photos.eventId, e.id), eq(photos.status, 'pending')),
      page,
    );
    return { photos: rows.map((r) => this.toDto(r.photo, r.device, true)), nextCursor };
  }

  /** Approved photos: the host any time; others in live mode or after the reveal. */
  async approved(eventId: string, viewer: Principal | null, page: PageOpts) {
    const e = await this.event(eventId);
    const host = isHostOf(e, viewer);
    if (!host && !e.liveMode && !isRevealed(e)) return { photos: [], nextCursor: null };
    const conds = [eq(photos.eventId, e.id), eq(photos.status, 'approved')];
    if (!host) conds.push(isNotNull(photos.processedAt));
    const { rows, nextCursor } = await this.list(and(...conds), page);
    return { photos: rows.map((r) => this.toDto(r.photo, r.device, host)), nextCursor };
  }

  async devicePhotos(device: DeviceRow) {
    const e = await this.event(device.eventId);
    const rows = await this.db
      .select()
      .from(photos)
      .where(eq(photos.deviceId, device.id))
      .orderBy(desc(photos.createdAt), desc(photos.id));
    return {
      photos: rows.map((p) => this.toDto(p, device, false)),
      shotsTaken: device.shotsTaken,
      shotsRemaining: Math.max(0, e.maxShotsPerDevice - device.shotsTaken),
      maxShots: e.maxShotsPerDevice,
    };
  }

  async stats(eventId: string, viewer: Principal | null): Promise<EventStats> {
    const e = await this.event(eventId);
    this.assertHost(e, viewer);
    return this.counts(e.id);
  }

  async counts(eventId: string): Promise<EventStats & { deviceCount: number }> {
    const [[g], byStatus, [f]] = await Promise.all([
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .where(eq(devices.eventId, eventId)),
      this.db
        .select({ status: photos.status, n: sql<number>`count(*)::int` })
        .from(photos)
        .where(eq(photos.eventId, eventId))
        .groupBy(photos.status),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(photos)
        .where(and(eq(photos.eventId, eventId), gt(photos.flagCount, 0))),
    ]);
    const by = Object.fromEntries(byStatus.map((r) => [r.status, r.n])) as Record<string, number>;
    const approved = by.approved ?? 0;
    const pending = by.pending ?? 0;
    const rejected = by.rejected ?? 0;
    return {
      activeGuests: g?.n ?? 0,
      deviceCount: g?.n ?? 0,
      photoStats: { total: approved + pending + rejected, approved, pending, rejected, flagged: f?.n ?? 0 },
    };
  }

  // ---------- moderation ----------

  private assertHost(e: EventRecord, viewer: Principal | null): void {
    if (!viewer) throw new HttpError(401, 'unauthorized', 'Sign in required');
    if (!isHostOf(e, viewer)) throw forbidden('Only the host can do this', 'not_host');
  }

  async moderate(photoId: string, viewer: Principal | null, action: { status?: PhotoStatus; flag?: string }) {
    const [row] = await this.db.select().from(photos).where(eq(photos.id, photoId));
    if (!row) throw notFound('Photo not found', 'photo_not_found');
    const e = await this.event(row.eventId);
    this.assertHost(e, viewer);
    const patch: Partial<PhotoRow> = { moderatedAt: new Date() };
    if (action.status) patch.status = action.status;
    if (action.flag) {
      patch.flagCount = row.flagCount + 1;
      patch.flagReason = action.flag;
    }
    const updated = await this.db.transaction(async (tx) => {
      const [u] = await tx.update(photos).set(patch).where(eq(photos.id, photoId)).returning();
      const fact = photoModerated.schema.parse({
        photoId,
        eventId: row.eventId,
        status: u!.status,
        previousStatus: row.status,
        flagged: u!.flagCount > 0,
        at: new Date().toISOString(),
      });
      await tx.insert(outbox).values({
        headers: traceHeaders(),
        subject: photoModerated.subject,
        msgId: `photo.moderated:${photoId}:${randomUUID()}`,
        payload: fact,
      });
      return u!;
    });
    this.relay.kick();
    await this.notify({
      type: 'photo_moderated',
      eventId: e.id,
      photoId,
      audience: 'host',
      status: updated.status as PhotoStatus,
    });
    if (updated.status === 'approved' && row.status !== 'approved' && updated.processedAt)
      await this.announceApproved(e, updated);
    const [device] = await this.db.select().from(devices).where(eq(devices.id, updated.deviceId));
    return this.toDto(updated, device ?? null, true);
  }

  /** A guest removes their own photo before the reveal (the shot stays used). */
  async deleteOwn(photoId: string, device: DeviceRow): Promise<void> {
    const [row] = await this.db.select().from(photos).where(eq(photos.id, photoId));
    if (!row || row.deviceId !== device.id) throw notFound('Photo not found', 'photo_not_found');
    const e = await this.event(row.eventId);
    if (isRevealed(e))
      throw forbidden('Photos can no longer be deleted after the reveal', 'already_revealed');
    await this.db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.id, photoId));
      await tx
        .update(eventCounters)
        .set({ photoCount: sql`greatest(${eventCounters.photoCount} - 1, 0)` })
        .where(eq(eventCounters.eventId, row.eventId));
      await tx.insert(outbox).values({
        headers: traceHeaders(),
        subject: photoDeleted.subject,
        msgId: `photo.deleted:${photoId}`,
        payload: photoDeleted.schema.parse({ photoId, eventId: row.eventId, at: new Date().toISOString() }),
      });
    });
    this.relay.kick();
    await Promise.all(
      [row.originalKey, row.thumbKey, row.displayKey]
        .filter((k): k is string => !!k)
        .map((k) => this.store.delete(k)),
    );
    await this.notify({ type: 'photo_moderated', eventId: e.id, photoId, audience: 'host' });
  }

  /**
   * An event was deleted (`event.deleted`): its photo rows, devices and counter go, then every object
   * stored under the event (originals and renditions, including any a crash left without a row).
   * Safe to run again: a redelivery finds nothing left and deletes nothing more.
   */
  async deleteEvent(
    eventId: string,
    code?: string,
  ): Promise<{ photos: number; devices: number; objects: number }> {
    this.events.forget(eventId, code);
    const { p, d } = await this.db.transaction(async (tx) => {
      const p = await tx.delete(photos).where(eq(photos.eventId, eventId)).returning({ id: photos.id });
      const d = await tx.delete(devices).where(eq(devices.eventId, eventId)).returning({ id: devices.id });
      await tx.delete(eventCounters).where(eq(eventCounters.eventId, eventId));
      return { p, d };
    });
    const objects = await this.store.deletePrefix(`events/${eventId}/`);
    return { photos: p.length, devices: d.length, objects };
  }

  // ---------- renditions ----------

  /**
   * Sends photos that were stored but never developed to developing again: a job lost with the
   * in-memory bus at a restart, or one that gave up while a dependency was away. Only photos older than
   * `olderThanMs` (beyond the bus's 2-minute dedupe window, and past any job still running) and younger
   * than a day are taken; the media worker makes renditions once per photo, so a photo that is being
   * developed after all costs it one lookup. Answers how many were sent.
   */
  async redriveUndeveloped(olderThanMs: number, limit = 500): Promise<number> {
    const now = Date.now();
    const rows = await this.db
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
    await this.db.insert(outbox).values(rows.map(uploadedFact));
    this.relay.kick();
    return rows.length;
  }

  async recordProcessed(m: {
    photoId: string;
    thumbKey: string;
    displayKey: string;
    width: number;
    height: number;
  }) {
    const [u] = await this.db
      .update(photos)
      .set({
        thumbKey: m.thumbKey,
        displayKey: m.displayKey,
        width: m.width,
        height: m.height,
        processedAt: new Date(),
      })
      .where(and(eq(photos.id, m.photoId), sql`${photos.processedAt} is null`))
      .returning();
    if (!u) {
      // Already recorded (a redelivery), or the photo was deleted (by its guest, or with its event)
      // while its renditions were being made: then they must not outlive it.
      const [still] = await this.db.select({ id: photos.id }).from(photos).where(eq(photos.id, m.photoId));
      if (!still) await Promise.all([this.store.delete(m.thumbKey), this.store.delete(m.displayKey)]);
      return;
    }
    this.uploadToRendition.record(u.processedAt!.getTime() - u.createdAt.getTime());
    const e = await this.events.get(u.eventId);
    if (!e) return;
    await this.notify({ type: 'photo_uploaded', eventId: e.id, photoId: u.id, audience: 'host' });
    if (u.status === 'approved') await this.announceApproved(e, u);
  }

  private async announceApproved(e: EventRecord, row: PhotoRow) {
    await this.notify({
      type: 'photo_approved',
      eventId: e.id,
      photoId: row.id,
      audience: e.liveMode || isRevealed(e) ? 'all' : 'host',
      status: 'approved',
    });
  }

  private async notify(n: LiveNotice) {
    try {
      await this.bus.notify(LIVE_SUBJECT, n);
    } catch {
      // Live notices are a courtesy on top of polling; a lost one is repaired by the next poll.
    }
  }
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only what encodeCursor makes: an ISO time within years 0000-9999 and a UUID (the database compares both). */
function decodeCursor(c: string): { at: Date; id: string } {
  const [at, id, ...rest] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  const d = new Date(at ?? '');
  if (rest.length || !id || !CURSOR_AT.test(at ?? '') || Number.isNaN(d.getTime()) || !CURSOR_ID.test(id))
    throw new HttpError(400, 'bad_cursor', 'Invalid cursor');
  return { at: d, id };
}
