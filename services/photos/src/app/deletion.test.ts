import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestbookAudioKey } from '@afterglow/contracts';
import { devices, eventCounters, guestbookEntries, photos, renditions } from '../adapters/schema';
import { isoIn, useWorld } from '../test-support/world';

describe('deleting photos (PGlite, filesystem store)', () => {
  const w = useWorld();

  const storeObjects = async (p: { originalKey: string; id: string }) => {
    const keys = [
      p.originalKey,
      ...(await w.db.select().from(renditions).where(eq(renditions.photoId, p.id))).map((r) => r.key),
    ];
    for (const k of keys) await w.store.put(k, Buffer.from('x'));
    return keys;
  };

  it('lets a guest delete their own photo before the reveal: row, renditions, objects and count go', async () => {
    const e = w.event();
    const d = await w.device(e);
    const p = await w.photo(d);
    await w.db.insert(eventCounters).values({ eventId: e.id, photoCount: 1 });
    const keys = await storeObjects(p);
    expect(keys).toHaveLength(3);
    await w.app.deletion.deleteOwn(p.id, d);
    expect(await w.db.select().from(photos).where(eq(photos.id, p.id))).toEqual([]);
    expect(await w.db.select().from(renditions).where(eq(renditions.photoId, p.id))).toEqual([]);
    for (const k of keys) expect(await w.store.head(k)).toBeNull();
    const [c] = await w.db.select().from(eventCounters).where(eq(eventCounters.eventId, e.id));
    expect(c!.photoCount).toBe(0);
    expect(await w.published('photo.deleted')).toContainEqual(
      expect.objectContaining({ photoId: p.id, eventId: e.id }),
    );
    expect(w.notices).toContainEqual({
      type: 'photo_moderated',
      eventId: e.id,
      photoId: p.id,
      audience: 'host',
    });
    await expect(w.app.deletion.deleteOwn(p.id, d)).rejects.toMatchObject({
      status: 404,
      code: 'photo_not_found',
    });
  });

  it("refuses another guest's photo, and any after the reveal", async () => {
    const e = w.event();
    const p = await w.photo(await w.device(e));
    await expect(w.app.deletion.deleteOwn(p.id, await w.device(e))).rejects.toMatchObject({
      status: 404,
      message: 'Photo not found',
    });
    const revealed = w.event({ revealAt: isoIn(-1000) });
    const d = await w.device(revealed);
    const late = await w.photo(d);
    await expect(w.app.deletion.deleteOwn(late.id, d)).rejects.toMatchObject({
      status: 403,
      code: 'already_revealed',
      message: 'Photos can no longer be deleted after the reveal',
    });
  });

  it('removes everything of a deleted event, and nothing more when told again', async () => {
    const e = w.event();
    const keep = await w.photo(await w.device(w.event()));
    const d = await w.device(e);
    const gone = [await w.photo(d), await w.photo(d, { developed: false })];
    await w.db.insert(eventCounters).values({ eventId: e.id, photoCount: 2 });
    for (const p of [...gone, keep]) await storeObjects(p);
    await w.store.put(`events/${e.id}/renditions/orphan/thumb.webp`, Buffer.from('x')); // a crash's leftover
    // a voice message in the guestbook, its recording under the event's prefix (issue 23)
    const entryId = randomUUID();
    const audioKey = guestbookAudioKey(e.id, entryId, 'webm');
    await w.db
      .insert(guestbookEntries)
      .values({ id: entryId, eventId: e.id, deviceId: d.id, kind: 'voice', audioKey });
    await w.store.put(audioKey, Buffer.from('voice'));
    expect(await w.app.deletion.deleteEvent(e.id, e.code)).toEqual({
      photos: 2,
      guestbook: 1,
      devices: 1,
      objects: 6,
    });
    expect(await w.db.select().from(guestbookEntries).where(eq(guestbookEntries.eventId, e.id))).toEqual([]);
    expect(await w.db.select().from(photos).where(eq(photos.eventId, e.id))).toEqual([]);
    expect(await w.db.select().from(devices).where(eq(devices.eventId, e.id))).toEqual([]);
    expect(await w.db.select().from(renditions).where(eq(renditions.photoId, gone[0]!.id))).toEqual([]);
    expect(await w.app.deletion.deleteEvent(e.id, e.code)).toEqual({
      photos: 0,
      guestbook: 0,
      devices: 0,
      objects: 0,
    });
    expect(await w.db.select().from(photos).where(eq(photos.id, keep.id))).toHaveLength(1);
    expect(await w.store.head(keep.originalKey)).not.toBeNull();
  });
});
