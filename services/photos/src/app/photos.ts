import { randomUUID } from 'node:crypto';
import { metrics } from '@opentelemetry/api';
import { and, desc, eq, gt, lt, or, sql, inArray, ne, isNotNull } from 'drizzle-orm';
import {
  HttpError,
  IMAGE_URL_TTL_SECONDS,
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
import { inspectJpeg } from './jpeg';
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

const noShots = () => new HttpError(403, 'no_shots_remaining', 'No shots remaining');

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
    if (uploadId) {
      const replay = await this.replayed(device.id, uploadId, e);
      if (replay) return replay;
    }
    if (device.shotsTaken >= e.maxShotsPerDevice) throw noShots();
    const info = await inspectJpeg(file);

    const photoId = randomUUID();
    const originalKey = `events/${e.id}/originals/${photoId}.jpg`;
    // The original is stored before the row exists; if the row is refused it is removed again.
    await this.store.put(originalKey, file, { contentType: 'image/jpeg', contentLength: file.length });
    let shotsTaken: number;
    try {
      shotsTaken = await this.db.transaction(async (tx) => {
        const [d] = await tx
          .update(devices)
          .set({ shotsTaken: sql`${devices.shotsTaken} + 1`, lastSeenAt: new Date() })
          .where(and(eq(devices.id, device.id), lt(devices.shotsTaken, e.maxShotsPerDevice)))
          .returning({ shotsTaken: devices.shotsTaken });
        if (!d) throw new Rollback('no_shots');
        const [c] = await tx
          .insert(eventCounters)
          .values({ eventId: e.id, photoCount: 1 })
          .onConflictDoUpdate({
            target: eventCounters.eventId,
            set: { photoCount: sql`${eventCounters.photoCount} + 1` },
            setWhere: lt(eventCounters.photoCount, e.maxPhotos),
          })
          .returning({ n: eventCounters.photoCount });
        if (!c) throw new Rollback('event_full');
        const now = new Date();
        await tx.insert(photos).values({
          id: photoId,
          eventId: e.id,
          deviceId: device.id,
          uploadId: uploadId ?? null,
          caption: e.allowCaptions ? caption : null,
          status: 'pending',
          originalKey,
          width: info.width,
          height: info.height,
          bytes: file.length,
          createdAt: now,
        });
        const fact = photoUploaded.schema.parse({
          photoId,
          eventId: e.id,
          deviceId: device.id,
          originalKey,
          uploadedAt: now.toISOString(),
        });
        await tx.insert(outbox).values({
          subject: photoUploaded.subject,
          msgId: `photo.uploaded:${photoId}`,
          payload: fact,
          headers: traceHeaders(),
        });
        return d.shotsTaken;
      });
    } catch (err) {
      await this.store.delete(originalKey).catch(() => {});
      if (err instanceof Rollback) {
        if (err.kind === 'no_shots') throw noShots();
        if (err.kind === 'event_full')
          throw forbidden("This event has reached its plan's photo limit", 'photo_limit_reached');
      }
      if (uploadId && isUniqueViolation(err)) {
        const replay = await this.replayed(device.id, uploadId, e);
        if (replay) return replay;
      }
      throw err;
    }
    this.relay.kick();
    return { photoId, shotsRemaining: Math.max(0, e.maxShotsPerDevice - shotsTaken), replayed: false };
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

  // ---------- renditions ----------

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
    if (!u) return; // already recorded (redelivery) or deleted meanwhile
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

function decodeCursor(c: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  const d = new Date(at ?? '');
  if (!id || Number.isNaN(d.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new HttpError(400, 'bad_cursor', 'Invalid cursor');
  return { at: d, id };
}
