import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLAN_MESSAGES } from '@afterglow/contracts';
import type { ObjectStore } from '@afterglow/storage';
import { eventCounters, photos } from '../adapters/schema';
import { isoIn, jpeg, useWorld } from '../test-support/world';

describe('uploading a shot (PGlite, filesystem store)', () => {
  let refuseWrites = false;
  // a store that can be made to refuse writes, as one that is away would
  const w = useWorld({
    store: (s): ObjectStore => ({
      ...s,
      put: (...a) => (refuseWrites ? Promise.reject(new Error('store away')) : s.put(...a)),
    }),
  });
  let shot: Buffer;
  beforeAll(async () => {
    shot = await jpeg(64, 48);
  });

  const freshDevice = async (e = w.event()) => ({ e, d: await w.device(e) });

  it('stores the original, counts the shot and sends the photo to developing', async () => {
    const { e, d } = await freshDevice();
    const r = await w.app.uploads.upload(e.code, d, shot, 'Cheers!', randomUUID());
    expect(r).toEqual({ photoId: expect.any(String), shotsRemaining: 11, replayed: false });
    const [row] = await w.db.select().from(photos).where(eq(photos.id, r.photoId));
    expect(row).toMatchObject({
      caption: 'Cheers!',
      status: 'pending',
      width: 64,
      height: 48,
      processedAt: null,
    });
    expect(await w.store.head(row!.originalKey)).not.toBeNull();
    const facts = await w.published('photo.uploaded');
    expect(facts).toContainEqual(
      expect.objectContaining({
        photoId: r.photoId,
        eventId: e.id,
        deviceId: d.id,
        originalKey: row!.originalKey,
      }),
    );
    const [counter] = await w.db.select().from(eventCounters).where(eq(eventCounters.eventId, e.id));
    expect(counter!.photoCount).toBe(1);
  });

  it('sends the event’s film look with the photo, and the original exactly as the guest sent it', async () => {
    const { e, d } = await freshDevice(
      w.event({ filmMode: true, filmPreset: 'cool400', timezone: 'Asia/Tokyo' }),
    );
    const r = await w.app.uploads.upload(e.code, d, shot, null, randomUUID());
    const [row] = await w.db.select().from(photos).where(eq(photos.id, r.photoId));
    expect((await w.store.getBuffer(row!.originalKey))!.equals(shot)).toBe(true);
    expect(await w.published('photo.uploaded')).toContainEqual(
      expect.objectContaining({
        photoId: r.photoId,
        filmMode: true,
        filmPreset: 'cool400',
        timezone: 'Asia/Tokyo',
      }),
    );
  });

  it('drops the caption when the event allows none', async () => {
    const { e, d } = await freshDevice(w.event({ allowCaptions: false }));
    const r = await w.app.uploads.upload(e.code, d, shot, 'Cheers!', undefined);
    const [row] = await w.db.select().from(photos).where(eq(photos.id, r.photoId));
    expect(row!.caption).toBeNull();
  });

  it('answers a retried upload as the first, counted once, even once the roll is full', async () => {
    const { e, d } = await freshDevice(w.event({ maxShotsPerDevice: 1 }));
    const uploadId = randomUUID();
    const first = await w.app.uploads.upload(e.code, d, shot, null, uploadId);
    expect(first.shotsRemaining).toBe(0);
    // the device as the route reads it before each request: the roll now full
    const again = await w.app.uploads.upload(
      e.code,
      (await w.app.guests.device(d.id))!,
      shot,
      null,
      uploadId,
    );
    expect(again).toEqual({ photoId: first.photoId, shotsRemaining: 0, replayed: true });
    // a retry carrying the stale device (sent before the first answer) is answered the same way
    expect(await w.app.uploads.upload(e.code, d, shot, null, uploadId)).toEqual(again);
    await expect(w.app.uploads.upload(e.code, d, shot, null, randomUUID())).rejects.toMatchObject({
      status: 403,
      code: 'no_shots_remaining',
      message: 'No shots remaining',
    });
    expect(await w.db.select().from(photos).where(eq(photos.deviceId, d.id))).toHaveLength(1);
  });

  it("refuses a shot after the event, from another event's device, or past the plan's photo limit", async () => {
    const ended = await freshDevice(w.event({ endsAt: isoIn(-1000) }));
    await expect(w.app.uploads.upload(ended.e.code, ended.d, shot, null, undefined)).rejects.toMatchObject({
      status: 403,
      code: 'event_ended',
      message: 'This event has ended, photos can no longer be taken',
    });
    const { e, d } = await freshDevice(w.event({ maxPhotos: 1 }));
    await expect(w.app.uploads.upload(e.code, ended.d, shot, null, undefined)).rejects.toMatchObject({
      status: 403,
      code: 'device_mismatch',
    });
    await w.app.uploads.upload(e.code, d, shot, null, undefined);
    const late = await w.device(e);
    await expect(w.app.uploads.upload(e.code, late, shot, null, undefined)).rejects.toMatchObject({
      status: 403,
      code: 'photo_limit_reached',
      message: PLAN_MESSAGES.photoLimit,
    });
    // the refused shot was not counted, and its original not kept
    expect((await w.app.guests.device(late.id))!.shotsTaken).toBe(0);
    const kept = [];
    for await (const o of w.store.list(`events/${e.id}/originals/`)) kept.push(o);
    expect(kept).toHaveLength(1);
  });

  it('tells from its own statement a device that is gone or of another event, and keeps no original', async () => {
    const { e } = await freshDevice();
    const other = await w.device(w.event());
    await expect(
      w.app.uploads.upload(e.code, { id: randomUUID() }, shot, null, undefined),
    ).rejects.toMatchObject({
      status: 403,
      code: 'device_not_yours',
    });
    await expect(
      w.app.uploads.upload(e.code, { id: other.id }, shot, null, randomUUID()),
    ).rejects.toMatchObject({
      status: 403,
      code: 'device_mismatch',
    });
    const kept = [];
    for await (const o of w.store.list(`events/${e.id}/originals/`)) kept.push(o);
    expect(kept).toHaveLength(0);
    expect((await w.app.guests.device(other.id))!.shotsTaken).toBe(0);
  });

  it('costs the guest nothing when storage refuses the original', async () => {
    const { e, d } = await freshDevice();
    refuseWrites = true;
    try {
      await expect(w.app.uploads.upload(e.code, d, shot, null, randomUUID())).rejects.toMatchObject({
        status: 503,
        code: 'storage_unavailable',
        message: 'Photo storage is busy right now. Your shot was not used; please try again in a moment.',
      });
    } finally {
      refuseWrites = false;
    }
    expect((await w.app.guests.device(d.id))!.shotsTaken).toBe(0);
  });

  it('refuses what is not a JPEG', async () => {
    const { e, d } = await freshDevice();
    await expect(
      w.app.uploads.upload(e.code, d, Buffer.from('GIF89a...'), null, undefined),
    ).rejects.toMatchObject({
      status: 415,
    });
  });
});
