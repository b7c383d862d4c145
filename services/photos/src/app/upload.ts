import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CAPTURE_KIND_FACTS,
  CLIP_CODES,
  CLIP_MESSAGES,
  DEFAULT_CAPTURE_KIND,
  HttpError,
  PLAN_CODES,
  PLAN_MESSAGES,
  forbidden,
  hasEnded,
  isUnavailableError,
  originalStorageKey,
  type CaptureKind,
  type EventRecord,
} from '@afterglow/contracts';
import { isUniqueViolation, traceHeaders, type Db, type OutboxRelay } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { photos } from '../adapters/schema';
import { notYours, shotsRemaining, type Device, type Guests } from '../guests';
import { INGEST, type Capture } from './capture-ingest';
import { developingJob } from './developing';
import type { EventsClient } from './events-client';
import type { DevelopingPlan, HostPlans } from './host-plan';

class Rollback extends Error {
  constructor(readonly kind: 'no_shots' | 'event_full' | 'not_yours' | 'device_mismatch') {
    super(kind);
  }
}

export interface UploadResult {
  photoId: string;
  shotsRemaining: number;
  replayed: boolean;
}

export const noShots = () => new HttpError(403, 'no_shots_remaining', 'No shots remaining');

const deviceMismatch = () => forbidden('This device belongs to another event', 'device_mismatch');

/** Refuses a device of another event, and an event that has ended: no capture is taken then. */
export function checkDeviceOf(e: EventRecord, device: Device): void {
  if (device.eventId !== e.id) throw deviceMismatch();
}
export function checkNotEnded(e: EventRecord): void {
  if (hasEnded(e)) throw forbidden('This event has ended, photos can no longer be taken', 'event_ended');
}

/**
 * The longest clip the event and its host's plan take (ADR 033); a clip is refused where they take
 * none.
 */
export function clipSecondsOf(e: EventRecord, plan: DevelopingPlan, kind: CaptureKind): number {
  const seconds = Math.min(e.clipSeconds, plan.clipSeconds);
  if (kind === 'clip' && (!e.allowClips || seconds <= 0))
    throw forbidden(CLIP_MESSAGES.notAllowed, CLIP_CODES.notAllowed);
  return seconds;
}

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

/** Billing could not say what the host's plan allows: the shot is not used, and may be sent again. */
const planUnavailable = (cause: unknown) =>
  Object.assign(
    new HttpError(
      503,
      'plan_unavailable',
      'Photos cannot be taken just now. Your shot was not used; please try again in a moment.',
    ),
    { cause },
  );

/**
 * A guest's shot: the original stored, then in one statement (in a group commit with the shots that
 * arrive with it) the shot counted on the device's roll, the event's photo count raised within its
 * plan, the row written and its `photo.uploaded` fact put in the outbox. A retried upload (the same
 * uploadId) is answered as the first was, and counted once.
 *
 * The device is named by its id alone (its cookie proven by the route): the statement reads it where
 * it counts the shot, so an upload reads nothing of the database before it (a device that is gone,
 * of another event or out of shots is refused from the statement's answer, and its original removed).
 */
export class Uploads {
  /** Originals of uploads whose transaction failed with the database away: kept until we know. */
  private readonly unsureOriginals = new Map<string, string>();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly d: {
      db: Db;
      store: ObjectStore;
      events: EventsClient;
      relay: OutboxRelay;
      plans: HostPlans;
      grouped: (statement: SQL, key?: string) => Promise<Record<string, unknown>[]>;
    },
    private readonly guests: Guests,
  ) {}

  async upload(
    code: string,
    device: Pick<Device, 'id'>,
    file: Capture,
    caption: string | null,
    uploadId: string | undefined,
    kind: CaptureKind = DEFAULT_CAPTURE_KIND,
  ): Promise<UploadResult> {
    const e = await this.d.events.getOr404(code);
    checkNotEnded(e);
    // the host's plan decides the steps developing takes (a watermark on the free plan)
    const plan = await this.planOf(e);
    // clips where the event takes them and the host's plan has them (ADR 033)
    const clipSeconds = clipSecondsOf(e, plan, kind);
    // the kind's own checks and cleaning (a photo: a real, complete JPEG without comments or trailers;
    // a clip: a video no longer than the event allows, kept as it came)
    const capture = await INGEST[kind](file, { clipSeconds });

    const photoId = randomUUID();
    const originalKey = originalStorageKey(e.id, photoId, kind, capture.ext);
    // The original is stored before the row exists; if the row is refused it is removed again. Storage
    // that refuses the write costs the guest nothing: no shot is counted, and the same uploadId may retry.
    try {
      await this.d.store.put(originalKey, capture.data, {
        contentType: capture.contentType ?? CAPTURE_KIND_FACTS[kind].contentType,
        contentLength: capture.data.length,
      });
    } catch (err) {
      await this.d.store.delete(originalKey).catch(() => {});
      throw storageUnavailable(err);
    }
    let shotsTaken: number;
    try {
      const now = new Date();
      const fact = developingJob(
        { id: photoId, eventId: e.id, deviceId: device.id, kind, originalKey, createdAt: now },
        e,
        plan,
      );
      const trace = traceHeaders();
      // One call for the shot, the event's count, the row and its outbox fact (`photos.take_capture`,
      // migration 0014): each step happens only if the one before it did, so the answer says where it
      // stopped (and one that stopped rolls itself back). It runs in the database's next group commit
      // with the uploads arriving with it, and is answered only once that has committed.
      const [r] = (await this.d.grouped(
        sql`select shots, n, device_event, rollback from photos.take_capture(
          ${device.id}::uuid, ${e.id}::uuid, ${e.maxShotsPerDevice}::int, ${e.maxPhotos}::int,
          ${now.toISOString()}::timestamptz, ${photoId}::uuid, ${kind}::text, ${uploadId ?? null}::uuid,
          ${e.allowCaptions ? caption : null}::text, ${originalKey}::text, ${capture.width}::int,
          ${capture.height}::int, ${capture.data.length}::int, ${fact.subject}::text, ${fact.msgId}::text,
          ${JSON.stringify(fact.payload)}::jsonb, ${trace ? JSON.stringify(trace) : null}::jsonb)`,
        // the group takes its locks (the event's counter, the device) in one order on every replica
        `${e.id}:${device.id}`,
      )) as {
        shots: number | null;
        n: number;
        device_event: string | null;
      }[];
      if (r?.shots == null) {
        // why the roll took no shot: the device is gone, of another event, or out of shots
        if (r?.device_event == null) throw new Rollback('not_yours');
        throw new Rollback(r.device_event === e.id ? 'no_shots' : 'device_mismatch');
      }
      if (!r.n) throw new Rollback('event_full');
      shotsTaken = r.shots;
    } catch (err) {
      if (isUnavailableError(err)) {
        // The database went away mid-transaction: the commit may still have landed. Remove the
        // original only once the database says no row points at it.
        this.unsureOriginals.set(originalKey, photoId);
        this.sweepUnsureSoon();
        throw err;
      }
      await this.d.store.delete(originalKey).catch(() => {});
      if (err instanceof Rollback && err.kind === 'not_yours') throw notYours();
      if (err instanceof Rollback && err.kind === 'device_mismatch') throw deviceMismatch();
      if (uploadId && (err instanceof Rollback || isUniqueViolation(err))) {
        // A retried upload whose first attempt was stored (possibly while this one was on its way).
        const replay = await this.replayed(device.id, uploadId, e);
        if (replay) return replay;
      }
      if (err instanceof Rollback) {
        if (err.kind === 'no_shots') throw noShots();
        if (err.kind === 'event_full') throw forbidden(PLAN_MESSAGES.photoLimit, PLAN_CODES.photoLimit);
      }
      throw err;
    }
    this.d.relay.kick();
    return { photoId, shotsRemaining: shotsRemaining(e, shotsTaken), replayed: false };
  }

  /** What the event's host's plan allows its captures, as billing answers it (503 when it cannot). */
  planOf(e: EventRecord): Promise<DevelopingPlan> {
    return this.d.plans.developing(e.hostId).catch((err: unknown) => {
      throw planUnavailable(err);
    });
  }

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
      const [row] = await this.d.db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId));
      if (!row) await this.d.store.delete(key);
      this.unsureOriginals.delete(key);
    }
  }

  stop(): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
  }

  private async replayed(deviceId: string, uploadId: string, e: EventRecord): Promise<UploadResult | null> {
    const [p] = await this.d.db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.deviceId, deviceId), eq(photos.uploadId, uploadId)));
    if (!p) return null;
    const d = await this.guests.device(deviceId);
    return { photoId: p.id, shotsRemaining: shotsRemaining(e, d?.shotsTaken ?? 0), replayed: true };
  }
}
