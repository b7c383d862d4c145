import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AI_FLAG_REASON, processedMessage, type Rendition } from '@afterglow/contracts';
import { photos, renditions } from '../adapters/schema';
import { useWorld } from '../test-support/world';

describe('developing, as the photos service records it (PGlite)', () => {
  const w = useWorld();

  const made = (eventId: string, photoId: string, extra: string[] = []): Rendition[] =>
    ['display', 'thumb', ...extra].map((kind, i) => ({
      kind,
      key: `events/${eventId}/renditions/${photoId}/${kind}.jpg`,
      width: 1600 - i * 100,
      height: 1200 - i * 100,
      bytes: 1000 + i,
    }));

  it('records every rendition once, tells the host, and the photo is developed', async () => {
    const e = w.event();
    const p = await w.photo(await w.device(e), { developed: false });
    const list = made(e.id, p.id, ['film-look']);
    await w.app.developing.recordProcessed(processedMessage(p.id, e.id, list, new Date()));
    const rows = await w.db.select().from(renditions).where(eq(renditions.photoId, p.id));
    // (a photo's renditions have no length: only a clip's video has)
    expect(rows.map(({ photoId: _, ...r }) => r).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      [...list].sort((a, b) => a.kind.localeCompare(b.kind)).map((r) => ({ ...r, durationMs: null })),
    );
    expect(w.notices.filter((n) => n.photoId === p.id)).toEqual([
      { type: 'photo_uploaded', eventId: e.id, photoId: p.id, audience: 'host' },
    ]);
    const [dto] = (await w.app.gallery.eventPhotos(e.code, w.host, {})).photos;
    expect(dto).toMatchObject({
      processed: true,
      width: 1600,
      height: 1200,
      thumbUrl: expect.stringContaining('/thumb.jpg?'),
    });
    // a redelivery changes nothing and tells nobody again
    await w.app.developing.recordProcessed(processedMessage(p.id, e.id, made(e.id, p.id), new Date()));
    expect(await w.db.select().from(renditions).where(eq(renditions.photoId, p.id))).toHaveLength(3);
    expect(w.notices.filter((n) => n.photoId === p.id)).toHaveLength(1);
  });

  it('announces an approved photo to the watchers it may reach once it is developed', async () => {
    const e = w.event({ liveMode: true });
    const p = await w.photo(await w.device(e), { developed: false, status: 'approved' });
    await w.app.developing.recordProcessed(processedMessage(p.id, e.id, made(e.id, p.id), new Date()));
    expect(w.notices.filter((n) => n.photoId === p.id).map((n) => [n.type, n.audience])).toEqual([
      ['photo_uploaded', 'host'],
      ['photo_approved', 'all'],
    ]);
  });

  it('holds, in the same update that develops it, a photo the AI safety filter holds (ADR 027)', async () => {
    const e = w.event({ liveMode: true });
    const held = await w.photo(await w.device(e), { developed: false, status: 'approved' });
    const passed = await w.photo(await w.device(e), { developed: false });
    const unscored = await w.photo(await w.device(e), { developed: false });
    const m = (id: string, safety?: { safetyScore?: number; held: boolean }) =>
      processedMessage(id, e.id, made(e.id, id), new Date(), safety);
    await w.app.developing.recordProcessed(m(held.id, { safetyScore: 0.93, held: true }));
    await w.app.developing.recordProcessed(m(passed.id, { safetyScore: 0.12, held: false }));
    await w.app.developing.recordProcessed(m(unscored.id, { held: true }));
    const row = async (id: string) => (await w.db.select().from(photos).where(eq(photos.id, id)))[0]!;
    const h = await row(held.id);
    expect(h).toMatchObject({
      safetyScore: expect.closeTo(0.93, 5),
      flagCount: 1,
      flagReason: AI_FLAG_REASON,
    });
    expect(h.heldAt).toEqual(h.processedAt);
    expect(await row(passed.id)).toMatchObject({ flagCount: 0, flagReason: null, heldAt: null });
    expect((await row(passed.id)).safetyScore).toBeCloseTo(0.12, 5);
    expect(await row(unscored.id)).toMatchObject({
      safetyScore: null,
      flagCount: 1,
      heldAt: expect.any(Date),
    });
    // approved before it was developed, and held: announced to the host alone
    expect(w.notices.filter((n) => n.photoId === held.id).map((n) => [n.type, n.audience])).toEqual([
      ['photo_uploaded', 'host'],
      ['photo_approved', 'host'],
    ]);
    // the host sees the score and why; a redelivery flags nothing twice
    await w.app.developing.recordProcessed(m(held.id, { safetyScore: 0.93, held: true }));
    const byId = new Map((await w.app.gallery.eventPhotos(e.code, w.host, {})).photos.map((p) => [p.id, p]));
    expect(byId.get(held.id)).toMatchObject({ held: true, flagCount: 1, flagReason: AI_FLAG_REASON });
    expect(byId.get(held.id)!.safetyScore).toBeCloseTo(0.93, 5);
    expect(byId.get(unscored.id)).toMatchObject({ held: true, safetyScore: null });
    // the host's approval releases it to the watchers
    await w.app.moderation.moderate(held.id, w.host, { status: 'approved' });
    expect(await row(held.id)).toMatchObject({ heldAt: null, status: 'approved' });
    expect(
      w.notices.filter((n) => n.photoId === held.id && n.type === 'photo_approved').at(-1),
    ).toMatchObject({
      audience: 'all',
    });
  });

  describe('a thumbnail made before its photo is developed (photo.thumbnail.made, issue 26)', () => {
    const thumbOf = (eventId: string, photoId: string) =>
      made(eventId, photoId).find((r) => r.kind === 'thumb') as Rendition & { kind: 'thumb' };
    const early = (eventId: string, photoId: string) => ({
      photoId,
      eventId,
      thumb: thumbOf(eventId, photoId),
      madeAt: new Date().toISOString(),
    });

    it('shows it to the host and the device that took it, tells the host, and develops nothing', async () => {
      const e = w.event({ liveMode: true });
      const d = await w.device(e);
      const p = await w.photo(d, { developed: false, status: 'approved' });
      await w.app.developing.recordThumbnail(early(e.id, p.id));
      const [row] = await w.db.select().from(photos).where(eq(photos.id, p.id));
      expect(row!.processedAt).toBeNull();
      expect(w.notices.filter((n) => n.photoId === p.id)).toEqual([
        { type: 'photo_uploaded', eventId: e.id, photoId: p.id, audience: 'host', developing: true },
      ]);
      const forHost = (await w.app.gallery.eventPhotos(e.code, w.host, {})).photos.find((x) => x.id === p.id);
      expect(forHost).toMatchObject({ processed: false, thumbUrl: expect.stringContaining('/thumb.jpg?') });
      expect(forHost!.displayUrl).toBeNull();
      // the host's moderation queue (a pending photo)
      const q = await w.photo(d, { developed: false });
      await w.app.developing.recordThumbnail(early(e.id, q.id));
      const pending = (await w.app.gallery.pending(e.id, w.host, {})).photos.find((x) => x.id === q.id);
      expect(pending).toMatchObject({ processed: false, thumbUrl: expect.stringContaining('/thumb.jpg?') });
      const own = (await w.app.gallery.devicePhotos(d)).photos.find((x) => x.id === p.id);
      expect(own).toMatchObject({ processed: false, thumbUrl: expect.stringContaining('/thumb.jpg?') });
      // anyone else with the code, even in live mode and approved: nothing until it is developed
      const other = await w.app.gallery.eventPhotos(e.code, null, {});
      expect(other.photos.map((x) => x.id)).not.toContain(p.id);
      expect((await w.app.gallery.approved(e.id, null, {})).photos.map((x) => x.id)).not.toContain(p.id);
      // a redelivery changes nothing and tells nobody again; photo.processed then develops it, as ever
      await w.app.developing.recordThumbnail(early(e.id, p.id));
      await w.app.developing.recordProcessed(processedMessage(p.id, e.id, made(e.id, p.id), new Date()));
      expect(await w.db.select().from(renditions).where(eq(renditions.photoId, p.id))).toHaveLength(2);
      expect(
        w.notices.filter((n) => n.photoId === p.id).map((n) => [n.type, n.audience, n.developing]),
      ).toEqual([
        ['photo_uploaded', 'host', true],
        ['photo_uploaded', 'host', undefined],
        ['photo_approved', 'all', undefined],
      ]);
    });

    it('changes nothing after photo.processed, and removes the thumbnail of a photo deleted meanwhile', async () => {
      const e = w.event();
      const p = await w.photo(await w.device(e), { developed: false });
      await w.app.developing.recordProcessed(processedMessage(p.id, e.id, made(e.id, p.id), new Date()));
      const before = await w.db.select().from(renditions).where(eq(renditions.photoId, p.id));
      const told = w.notices.filter((n) => n.photoId === p.id).length;
      await w.app.developing.recordThumbnail({
        ...early(e.id, p.id),
        thumb: { ...thumbOf(e.id, p.id), bytes: 1 },
      });
      expect(await w.db.select().from(renditions).where(eq(renditions.photoId, p.id))).toEqual(before);
      expect(w.notices.filter((n) => n.photoId === p.id)).toHaveLength(told);

      const gone = randomUUID();
      const m = early(e.id, gone);
      await w.store.put(m.thumb.key, Buffer.from('x'));
      await w.app.developing.recordThumbnail(m);
      expect(await w.store.head(m.thumb.key)).toBeNull();
      expect(await w.db.select().from(renditions).where(eq(renditions.photoId, gone))).toEqual([]);
    });
  });

  it('records a message of before renditions were listed', async () => {
    const e = w.event();
    const p = await w.photo(await w.device(e), { developed: false });
    const { renditions: _, ...old } = processedMessage(p.id, e.id, made(e.id, p.id), new Date());
    await w.app.developing.recordProcessed(old);
    const [dto] = (await w.app.gallery.devicePhotos((await w.app.guests.device(p.deviceId))!)).photos;
    expect(dto).toMatchObject({ processed: true, width: 1600, height: 1200, storageKeyThumb: old.thumbKey });
  });

  it('removes renditions that arrive for a photo deleted meanwhile', async () => {
    const e = w.event();
    const photoId = randomUUID();
    const list = made(e.id, photoId);
    for (const r of list) await w.store.put(r.key, Buffer.from('x'));
    await w.app.developing.recordProcessed(processedMessage(photoId, e.id, list, new Date()));
    for (const r of list) expect(await w.store.head(r.key)).toBeNull();
  });

  it('sends photos stored but never developed to developing again, and only those', async () => {
    const e = w.event();
    const d = await w.device(e);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const stuck = await w.photo(d, { developed: false, createdAt: ago(10 * 60_000) });
    await w.photo(d, { developed: false, createdAt: ago(1000) }); // still on its way
    await w.photo(d, { developed: false, createdAt: ago(25 * 3600_000) }); // given up on
    await w.photo(d, { createdAt: ago(10 * 60_000) }); // developed
    expect(await w.app.developing.redriveUndeveloped(5 * 60_000)).toBe(1);
    expect(await w.published('photo.uploaded')).toContainEqual(
      expect.objectContaining({ photoId: stuck.id, originalKey: stuck.originalKey }),
    );
    const [row] = await w.db.select().from(photos).where(eq(photos.id, stuck.id));
    expect(row!.processedAt).toBeNull();
  });

  it('sends a photo again with its event’s film look', async () => {
    const e = w.event({ filmMode: true, filmPreset: 'bw', timezone: 'America/Lima' });
    const stuck = await w.photo(await w.device(e), {
      developed: false,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const before = (await w.published('photo.uploaded', 0)).length;
    const sent = await w.app.developing.redriveUndeveloped(5 * 60_000);
    expect(await w.published('photo.uploaded', before + sent)).toContainEqual(
      expect.objectContaining({
        photoId: stuck.id,
        filmMode: true,
        filmPreset: 'bw',
        timezone: 'America/Lima',
      }),
    );
  });
});
