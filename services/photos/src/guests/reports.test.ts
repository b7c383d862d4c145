import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { EventRecord } from '@afterglow/contracts';
import { photos, reports } from '../adapters/schema';
import { isoIn, useWorld } from '../test-support/world';

describe('guest reports (PGlite)', () => {
  const w = useWorld();
  const revealed = (over: Partial<EventRecord> = {}) => w.event({ revealAt: isoIn(-1000), ...over });
  const ids = async (e: EventRecord, viewer: 'guest' | 'host') =>
    (await w.app.gallery.eventPhotos(e.code, viewer === 'host' ? w.host : null, {})).photos.map((p) => p.id);

  it('holds a photo once the event’s threshold of distinct devices report it, until the host decides', async () => {
    const e = revealed({ reportThreshold: 3 });
    const p = await w.photo(await w.device(e));
    const [a, b, c] = [await w.device(e), await w.device(e), await w.device(e)];
    await w.app.guests.report(p.id, a, 'inappropriate');
    // the same device again counts once, whatever the reason
    await w.app.guests.report(p.id, a, 'offensive');
    await w.app.guests.report(p.id, b, 'privacy');
    expect(await ids(e, 'guest')).toContain(p.id);
    expect(await w.app.guests.report(p.id, c, 'other')).toEqual({ reported: true });
    expect(await ids(e, 'guest')).not.toContain(p.id);
    // the host still sees it, with the reports, at the top of the queue
    const hostView = (await w.app.gallery.eventPhotos(e.code, w.host, {})).photos.find((x) => x.id === p.id);
    expect(hostView).toMatchObject({ reportCount: 3, held: true });
    expect((await w.app.gallery.pending(e.id, w.host, {})).photos.map((x) => x.id)).toContain(p.id);
    expect(w.notices).toContainEqual(
      expect.objectContaining({ type: 'photo_moderated', photoId: p.id, audience: 'host' }),
    );
    expect(await w.db.select().from(reports).where(eq(reports.photoId, p.id))).toHaveLength(3);
    // approving is the host's decision: back for everyone; only later reports count again
    await w.app.moderation.moderate(p.id, w.host, { status: 'approved' });
    expect(await ids(e, 'guest')).toContain(p.id);
    await w.app.guests.report(p.id, await w.device(e), 'other');
    await w.app.guests.report(p.id, await w.device(e), 'other');
    expect(await ids(e, 'guest')).toContain(p.id);
    await w.app.guests.report(p.id, await w.device(e), 'other');
    expect(await ids(e, 'guest')).not.toContain(p.id);
    await w.app.moderation.moderate(p.id, w.host, { status: 'rejected' });
    const [row] = await w.db.select().from(photos).where(eq(photos.id, p.id));
    expect(row).toMatchObject({ heldAt: null, status: 'rejected', reportCount: 6, reportsReviewed: 6 });
  });

  it('keeps a held photo off venue screens and the live display, even the host’s', async () => {
    const e = w.event({ liveMode: true, reportThreshold: 1 });
    const p = await w.photo(await w.device(e), { status: 'approved' });
    const ok = await w.photo(await w.device(e), { status: 'approved' });
    await w.app.guests.report(p.id, await w.device(e), 'privacy');
    const approved = await w.app.gallery.approved(e.id, w.host, {});
    expect(approved.photos.map((x) => x.id)).toEqual([ok.id]);
    const screen = randomUUID();
    const first = await w.app.screens.next(e.code, w.host, screen, []);
    const second = await w.app.screens.next(e.code, w.host, screen, [first.photo!.id]);
    expect([first.photo?.id, second.photo?.id]).not.toContain(p.id);
  });

  it('still shows the guest who took it their own photo', async () => {
    const e = revealed({ reportThreshold: 1 });
    const mine = await w.device(e);
    const p = await w.photo(mine);
    await w.app.guests.report(p.id, await w.device(e), 'offensive');
    expect((await w.app.gallery.devicePhotos(mine)).photos.map((x) => x.id)).toContain(p.id);
  });

  it('refuses a photo guests cannot see, and a device of another event', async () => {
    const hidden = w.event();
    const p = await w.photo(await w.device(hidden));
    await expect(w.app.guests.report(p.id, await w.device(hidden), 'other')).rejects.toMatchObject({
      status: 404,
      code: 'photo_not_found',
    });
    const e = revealed();
    const q = await w.photo(await w.device(e));
    await expect(w.app.guests.report(q.id, await w.device(revealed()), 'other')).rejects.toMatchObject({
      status: 404,
    });
    await expect(w.app.guests.report(randomUUID(), await w.device(e), 'other')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('counts reports sent at once exactly', async () => {
    const e = revealed({ reportThreshold: 5 });
    const p = await w.photo(await w.device(e));
    const devs = await Promise.all(Array.from({ length: 5 }, () => w.device(e)));
    await Promise.all(
      devs.flatMap((d) => [w.app.guests.report(p.id, d, 'other'), w.app.guests.report(p.id, d, 'other')]),
    );
    const [row] = await w.db.select().from(photos).where(eq(photos.id, p.id));
    expect(row!.reportCount).toBe(5);
    expect(row!.heldAt).not.toBeNull();
  });
});
