import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import {
  CLIP_CODES,
  CLIP_MAX_BYTES,
  CLIP_MESSAGES,
  HttpError,
  notFound,
  type ClipUploadMetadata,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { clipUploads, type ClipUploadRow } from '../adapters/schema';
import { shotsRemaining, type Device, type Guests } from '../guests';
import type { EventsClient } from './events-client';
import {
  checkDeviceOf,
  checkNotEnded,
  clipSecondsOf,
  noShots,
  type UploadResult,
  type Uploads,
} from './upload';

/** Where an upload's bytes wait, part by part, in the order they arrived (keys sort by offset). */
const partsOf = (id: string) => `uploads/${id}/`;
const partKey = (id: string, offset: number) => `${partsOf(id)}${String(offset).padStart(10, '0')}`;

const offsetMismatch = () =>
  new HttpError(409, 'offset_mismatch', 'Upload-Offset does not match what has arrived');

/** What a PATCH answers: how much has arrived, and the capture once every byte has. */
export interface Appended {
  offset: number;
  done: (UploadResult & { photoId: string }) | null;
}

/**
 * A clip's resumable upload (tus 1.0.0, ADR 033). Created with its length and metadata once the event,
 * the plan and the device's roll allow a clip; its bytes arrive in PATCHes from the offset that has
 * arrived (a PATCH cut off keeps what came, so the client resumes from there); the last byte hands the
 * whole file to the upload every capture takes (`Uploads.upload`: the clip's checks, the shot, the row
 * and its developing job), once, whatever was retried.
 */
export class ClipUploads {
  constructor(
    private readonly d: { db: Db; store: ObjectStore; events: EventsClient },
    private readonly uploads: Uploads,
    private readonly guests: Guests,
  ) {}

  /** Starts an upload, or answers the one this device started for the same capture. */
  async create(
    code: string,
    device: Device,
    length: number,
    meta: ClipUploadMetadata,
  ): Promise<ClipUploadRow> {
    const e = await this.d.events.getOr404(code);
    checkDeviceOf(e, device);
    const [before] = await this.d.db
      .select()
      .from(clipUploads)
      .where(and(eq(clipUploads.deviceId, device.id), eq(clipUploads.uploadId, meta.uploadId)));
    if (before) return before;
    if (length > CLIP_MAX_BYTES) throw new HttpError(413, CLIP_CODES.tooBig, CLIP_MESSAGES.tooBig);
    checkNotEnded(e);
    // the event takes clips and its host's plan has them (checked again when the clip is whole)
    clipSecondsOf(e, await this.uploads.planOf(e), 'clip');
    if (device.shotsTaken >= e.maxShotsPerDevice) throw noShots();
    const [row] = await this.d.db
      .insert(clipUploads)
      .values({
        id: randomUUID(),
        eventId: e.id,
        deviceId: device.id,
        uploadId: meta.uploadId,
        caption: meta.caption,
        length,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // the same capture started at the same moment from elsewhere (another tab): that one
    const [other] = await this.d.db
      .select()
      .from(clipUploads)
      .where(and(eq(clipUploads.deviceId, device.id), eq(clipUploads.uploadId, meta.uploadId)));
    return other!;
  }

  /** An upload of the event with `code`, or 404. */
  async get(code: string, id: string): Promise<ClipUploadRow> {
    const e = await this.d.events.getOr404(code);
    const [row] = await this.d.db.select().from(clipUploads).where(eq(clipUploads.id, id));
    if (!row || row.eventId !== e.id) throw notFound('Upload not found', 'upload_not_found');
    return row;
  }

  /**
   * Takes the bytes of a PATCH that starts at `offset`: as many as the request brings before it ends
   * or is cut off (never past the upload's length), kept as one part. The last byte finishes the
   * upload; a finished upload answers its capture again.
   */
  async append(code: string, row: ClipUploadRow, offset: number, body: Readable): Promise<Appended> {
    if (row.photoId) return { offset: row.length, done: await this.finished(code, row) };
    if (offset !== row.offset) throw offsetMismatch();
    const wanted = row.length - offset;
    const chunks: Buffer[] = [];
    let got = 0;
    let tooLong = false;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        if (got + chunk.length > wanted) {
          tooLong = true;
          break;
        }
        chunks.push(chunk);
        got += chunk.length;
      }
    } catch {
      // the connection dropped mid-PATCH: what arrived is kept, and the client resumes after it
    }
    if (tooLong) throw new HttpError(413, 'upload_too_long', 'The upload is longer than its Upload-Length');
    if (got > 0) {
      await this.d.store.put(partKey(row.id, offset), Buffer.concat(chunks, got), {
        contentType: 'application/octet-stream',
      });
      const [moved] = await this.d.db
        .update(clipUploads)
        .set({ offset: offset + got })
        .where(and(eq(clipUploads.id, row.id), eq(clipUploads.offset, offset)))
        .returning();
      if (!moved) {
        // another PATCH took this offset meanwhile: its part is the one kept
        throw offsetMismatch();
      }
      row = moved;
    }
    if (row.offset < row.length) return { offset: row.offset, done: null };
    return { offset: row.length, done: await this.finish(code, row) };
  }

  /** Every byte is here: the file becomes a capture (or is refused, and the upload is over). */
  private async finish(code: string, row: ClipUploadRow): Promise<Appended['done']> {
    const parts: Buffer[] = [];
    for await (const part of this.d.store.list(partsOf(row.id))) {
      const data = await this.d.store.getBuffer(part.key);
      if (data) parts.push(data);
    }
    const file = Buffer.concat(parts);
    if (file.length !== row.length)
      throw new Error(`upload ${row.id}: ${file.length} of ${row.length} bytes stored`);
    const device = await this.guests.device(row.deviceId);
    if (!device) throw notFound('Device not found', 'device_not_found');
    let result: UploadResult;
    try {
      result = await this.uploads.upload(code, device, file, row.caption, row.uploadId, 'clip');
    } catch (err) {
      // refused for good (too long, not a video, no shots left): the upload is over and nothing is
      // kept; a passing failure (storage busy) keeps it, to finish on the client's next PATCH
      if (err instanceof HttpError && err.status < 500) await this.discard(row.id);
      throw err;
    }
    await this.d.db.update(clipUploads).set({ photoId: result.photoId }).where(eq(clipUploads.id, row.id));
    await this.d.store.deletePrefix(partsOf(row.id));
    return result;
  }

  /** A finished upload's capture, as the upload answers a retry of it. */
  private async finished(code: string, row: ClipUploadRow): Promise<Appended['done']> {
    const device = await this.guests.device(row.deviceId);
    if (!device) throw notFound('Device not found', 'device_not_found');
    const e = await this.d.events.getOr404(code);
    return {
      photoId: row.photoId!,
      shotsRemaining: shotsRemaining(e, device.shotsTaken),
      replayed: true,
    };
  }

  private async discard(id: string): Promise<void> {
    await this.d.store.deletePrefix(partsOf(id));
    await this.d.db.delete(clipUploads).where(eq(clipUploads.id, id));
  }

  /** Uploads started this long ago and never finished are removed, with their parts. */
  async sweep(olderThanMs: number): Promise<number> {
    const stale = await this.d.db
      .delete(clipUploads)
      .where(
        and(
          sql`${clipUploads.photoId} is null`,
          sql`${clipUploads.createdAt} < now() - (${olderThanMs} * interval '1 millisecond')`,
        ),
      )
      .returning({ id: clipUploads.id });
    for (const s of stale) await this.d.store.deletePrefix(partsOf(s.id));
    return stale.length;
  }
}
