import { describe, expect, it } from 'vitest';
import type { PhotoDto } from '@afterglow/contracts';
import { isoIn, person, useWorld } from '../test-support/world';

describe('photo lists (PGlite)', () => {
  const w = useWorld();

  const ids = (list: PhotoDto[]) => list.map((p) => p.id);

  it("shows the host everything, and guests nothing before the reveal, or live mode's approved photos", async () => {
    const e = w.event();
    const d = await w.device(e, { displayName: 'Ann' });
    const approved = await w.photo(d, { status: 'approved' });
    const pending = await w.photo(d, { status: 'pending', developed: false });
    const hostView = await w.app.gallery.eventPhotos(e.code, w.host, {});
    expect(ids(hostView.photos).sort()).toEqual([approved.id, pending.id].sort());
    expect(hostView).toMatchObject({ revealed: false, revealAt: null, liveMode: false, nextCursor: null });
    expect((await w.app.gallery.eventPhotos(e.code, null, {})).photos).toEqual([]);
    expect((await w.app.gallery.eventPhotos(e.code, person(), {})).photos).toEqual([]);
    expect((await w.app.gallery.approved(e.id, null, {})).photos).toEqual([]);
    expect(ids((await w.app.gallery.approved(e.id, w.host, {})).photos)).toEqual([approved.id]);

    const live = w.event({ liveMode: true });
    const ld = await w.device(live);
    const shown = await w.photo(ld, { status: 'approved' });
    await w.photo(ld, { status: 'approved', developed: false });
    await w.photo(ld, { status: 'pending' });
    expect(ids((await w.app.gallery.eventPhotos(live.code, null, {})).photos)).toEqual([shown.id]);
    expect(ids((await w.app.gallery.approved(live.id, null, {})).photos)).toEqual([shown.id]);
  });

  it('shows everyone every developed photo the host did not reject after the reveal', async () => {
    const e = w.event({ revealAt: isoIn(-1000) });
    const d = await w.device(e);
    const a = await w.photo(d, { status: 'approved' });
    const p = await w.photo(d, { status: 'pending' });
    await w.photo(d, { status: 'rejected' });
    await w.photo(d, { status: 'pending', developed: false });
    const page = await w.app.gallery.eventPhotos(e.code, null, {});
    expect(page.revealed).toBe(true);
    expect(ids(page.photos).sort()).toEqual([a.id, p.id].sort());
  });

  it('answers signed image URLs, the original to the host only, and no more of a guest than the tail of their id', async () => {
    const e = w.event({ revealAt: isoIn(-1000) });
    const d = await w.device(e, { displayName: 'Ann' });
    const p = await w.photo(d, { status: 'approved', caption: 'hi' });
    const [guest] = (await w.app.gallery.eventPhotos(e.code, null, {})).photos;
    expect(guest).toEqual({
      id: p.id,
      eventId: e.id,
      kind: 'photo',
      caption: 'hi',
      status: 'approved',
      createdAt: p.createdAt.toISOString(),
      thumbUrl: expect.stringMatching(
        new RegExp(`^/uploads/events/${e.id}/renditions/${p.id}/thumb.jpg\\?exp=`),
      ),
      displayUrl: expect.stringMatching(/\/display\.jpg\?exp=\d+&sig=/),
      storageKeyThumb: `events/${e.id}/renditions/${p.id}/thumb.jpg`,
      storageKeyDisplay: `events/${e.id}/renditions/${p.id}/display.jpg`,
      processed: true,
      width: 1600,
      height: 1200,
      device: { displayName: 'Ann', anonId: d.anonId.slice(-4) },
      deviceDisplayName: 'Ann',
    });
    const [host] = (await w.app.gallery.eventPhotos(e.code, w.host, {})).photos;
    expect(host).toMatchObject({ flagCount: 0, originalUrl: expect.stringMatching(/\/originals\/.*\?exp=/) });
  });

  it('walks a long list page by page, each photo once, newest first', async () => {
    const e = w.event();
    const d = await w.device(e);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await w.photo(d, { createdAt: new Date(Date.now() - i * 1000) }));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await w.app.gallery.eventPhotos(e.code, w.host, { limit: 2, cursor });
      seen.push(...ids(page.photos));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(made.map((p) => p.id));
    await expect(w.app.gallery.eventPhotos(e.code, w.host, { cursor: 'nope' })).rejects.toMatchObject({
      status: 400,
      code: 'bad_cursor',
    });
  });

  it('gives the host the moderation queue, and a guest their whole roll', async () => {
    const e = w.event({ maxShotsPerDevice: 24 });
    const d = await w.device(e, { shotsTaken: 3 });
    const queued = await w.photo(d, { status: 'pending' });
    const rejected = await w.photo(d, { status: 'rejected' });
    const raw = await w.photo(d, { status: 'pending', developed: false });
    await w.photo(await w.device(e), { status: 'pending' });
    expect(ids((await w.app.gallery.pending(e.code, w.host, {})).photos)).toContain(queued.id);
    expect((await w.app.gallery.pending(e.id, w.host, {})).photos).toHaveLength(3);
    await expect(w.app.gallery.pending(e.id, person(), {})).rejects.toMatchObject({
      status: 403,
      code: 'not_host',
    });
    await expect(w.app.gallery.pending(e.id, null, {})).rejects.toMatchObject({ status: 401 });
    const roll = await w.app.gallery.devicePhotos(d);
    expect(ids(roll.photos).sort()).toEqual([queued.id, rejected.id, raw.id].sort());
    expect(roll).toMatchObject({ shotsTaken: 3, shotsRemaining: 21, maxShots: 24 });
    const unprocessed = roll.photos.find((p) => p.id === raw.id)!;
    expect(unprocessed).toMatchObject({
      processed: false,
      thumbUrl: null,
      displayUrl: null,
      width: 4000,
      height: 3000,
    });
    expect(unprocessed.originalUrl).toBeUndefined();
  });
});
