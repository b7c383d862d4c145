import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  GUESTBOOK_CODES,
  GUESTBOOK_ENTRIES_PER_DEVICE,
  GUESTBOOK_MESSAGES,
  HttpError,
  badRequest,
  forbidden,
  guestbookAudioKey,
  isUnavailableError,
  type EventRecord,
  type GuestbookKind,
  type GuestbookPostResult,
  type GuestbookStatus,
} from '@afterglow/contracts';
import { isUniqueViolation, type Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { guestbookEntries } from '../adapters/schema';
import type { EventsClient } from '../app/events-client';
import type { HostPlans } from '../app/host-plan';
import { checkDeviceOf } from '../app/upload';
import type { Device } from '../guests';
import { ingestRecording } from './voice';

/** What a new entry holds besides who wrote it and when. */
interface Content {
  kind: GuestbookKind;
  text: string | null;
  audioKey: string | null;
  audioBytes: number | null;
  durationMs: number | null;
}

/** Billing could not say whether the host's plan takes voice messages: nothing is stored. */
const planUnavailable = (cause: unknown) =>
  Object.assign(new HttpError(503, GUESTBOOK_CODES.planUnavailable, GUESTBOOK_MESSAGES.planUnavailable), {
    cause,
  });

/**
 * A guest leaves the hosts a message (issue 23): written, or recorded on plans with voice messages.
 * It uses no shot, needs the guest's device of the event (its cookie, checked by the route), and
 * waits for the host's approval, as a photo does. A guest leaves at most
 * `GUESTBOOK_ENTRIES_PER_DEVICE` messages per event; a retried post (the same `uploadId`) is one entry.
 */
export class GuestbookPosts {
  constructor(private readonly d: { db: Db; store: ObjectStore; events: EventsClient; plans: HostPlans }) {}

  /** `POST /api/events/{code}/guestbook` with `{deviceId, text}`. */
  async text(code: string, device: Device, text: string, uploadId?: string): Promise<GuestbookPostResult> {
    const e = await this.eventOf(code, device);
    const replay = await this.replayed(device.id, uploadId);
    if (replay) return replay;
    return this.insert(e, device, uploadId, randomUUID(), {
      kind: 'text',
      text,
      audioKey: null,
      audioBytes: null,
      durationMs: null,
    });
  }

  /**
   * `POST /api/events/{code}/guestbook` as multipart with an `audio` file: refused where the host's
   * plan takes no voice messages (403), over a minute or not audio (422); stored as it arrived, under
   * the event's prefix, before its row is written (and removed again if the row is refused).
   */
  async voice(
    code: string,
    device: Device,
    file: Buffer | null,
    uploadId?: string,
  ): Promise<GuestbookPostResult> {
    const e = await this.eventOf(code, device);
    const replay = await this.replayed(device.id, uploadId);
    if (replay) return replay;
    const allowed = await this.d.plans.voiceGuestbook(e.hostId).catch((err: unknown) => {
      throw planUnavailable(err);
    });
    if (!allowed) throw forbidden(GUESTBOOK_MESSAGES.voiceNotAllowed, GUESTBOOK_CODES.voiceNotAllowed);
    if (!file || file.length === 0)
      throw badRequest(GUESTBOOK_MESSAGES.audioRequired, GUESTBOOK_CODES.audioRequired);
    const rec = await ingestRecording(file);
    const id = randomUUID();
    const key = guestbookAudioKey(e.id, id, rec.ext);
    try {
      await this.d.store.put(key, rec.data, { contentType: rec.contentType, contentLength: rec.data.length });
    } catch (err) {
      await this.d.store.delete(key).catch(() => {});
      throw Object.assign(
        new HttpError(503, GUESTBOOK_CODES.storageUnavailable, GUESTBOOK_MESSAGES.storageUnavailable),
        { cause: err },
      );
    }
    try {
      const posted = await this.insert(e, device, uploadId, id, {
        kind: 'voice',
        text: null,
        audioKey: key,
        audioBytes: rec.data.length,
        durationMs: rec.durationMs,
      });
      // a retry that lost the race to its first attempt: that one's recording is the entry's
      if (posted.id !== id) await this.d.store.delete(key).catch(() => {});
      return posted;
    } catch (err) {
      // With the database away the row may still have landed: the recording stays (it is under the
      // event's prefix, so it goes with the event at the latest).
      if (!isUnavailableError(err)) await this.d.store.delete(key).catch(() => {});
      throw err;
    }
  }

  /** The event, for a device of it only. */
  private async eventOf(code: string, device: Device): Promise<EventRecord> {
    const e = await this.d.events.getOr404(code);
    checkDeviceOf(e, device);
    return e;
  }

  /**
   * The row, in one statement that writes it only while the device has left fewer than its share of
   * messages; a retried post that raced its first attempt is answered as that one. Its time is the
   * millisecond the keyset cursors name (as a photo's).
   */
  private async insert(
    e: EventRecord,
    device: Device,
    uploadId: string | undefined,
    id: string,
    c: Content,
  ): Promise<GuestbookPostResult> {
    try {
      const { rows } = (await this.d.db.execute(sql`
        insert into ${guestbookEntries}
          (id, event_id, device_id, upload_id, kind, text, audio_key, audio_bytes, duration_ms, status, created_at)
        select ${id}::uuid, ${e.id}::uuid, ${device.id}::uuid, ${uploadId ?? null}::uuid, ${c.kind}::text,
          ${c.text}::text, ${c.audioKey}::text, ${c.audioBytes}::int, ${c.durationMs}::int, 'pending',
          ${new Date().toISOString()}::timestamptz
        where (select count(*) from ${guestbookEntries} where device_id = ${device.id}::uuid)
          < ${GUESTBOOK_ENTRIES_PER_DEVICE}::int
        returning id, status`)) as unknown as { rows: { id: string; status: GuestbookStatus }[] };
      const row = rows[0];
      if (!row) throw forbidden(GUESTBOOK_MESSAGES.limit, GUESTBOOK_CODES.limit);
      return { id: row.id, status: row.status };
    } catch (err) {
      if (uploadId && isUniqueViolation(err)) {
        const replay = await this.replayed(device.id, uploadId);
        if (replay) return replay;
      }
      throw err;
    }
  }

  private async replayed(deviceId: string, uploadId: string | undefined) {
    if (!uploadId) return null;
    const [row] = await this.d.db
      .select({ id: guestbookEntries.id, status: guestbookEntries.status })
      .from(guestbookEntries)
      .where(and(eq(guestbookEntries.deviceId, deviceId), eq(guestbookEntries.uploadId, uploadId)));
    return row ? { id: row.id, status: row.status as GuestbookStatus, replayed: true } : null;
  }
}
