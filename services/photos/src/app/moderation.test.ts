import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { person, useWorld } from '../test-support/world';

describe('moderating a photo (PGlite)', () => {
  const w = useWorld();

  it('approves: the fact goes out, the host hears, and live mode tells every watcher', async () => {
    const e = w.event({ liveMode: true });
    const p = await w.photo(await w.device(e));
    const dto = await w.app.moderation.moderate(p.id, w.host, { status: 'approved' });
    expect(dto).toMatchObject({ id: p.id, status: 'approved', flagCount: 0, thumbUrl: expect.any(String) });
    expect(await w.published('photo.moderated')).toContainEqual(
      expect.objectContaining({
        photoId: p.id,
        status: 'approved',
        previousStatus: 'pending',
        flagged: false,
      }),
    );
    expect(w.notices.filter((n) => n.photoId === p.id)).toEqual([
      { type: 'photo_moderated', eventId: e.id, photoId: p.id, audience: 'host', status: 'approved' },
      {
        type: 'photo_approved',
        eventId: e.id,
        photoId: p.id,
        audience: 'all',
        status: 'approved',
        kind: 'photo',
      },
    ]);
  });

  it('tells only the host of an approval guests may not see yet, and nobody of one not developed', async () => {
    const e = w.event();
    const d = await w.device(e);
    const p = await w.photo(d);
    await w.app.moderation.moderate(p.id, w.host, { status: 'approved' });
    expect(w.notices.find((n) => n.photoId === p.id && n.type === 'photo_approved')?.audience).toBe('host');
    const raw = await w.photo(d, { developed: false });
    await w.app.moderation.moderate(raw.id, person(true), { status: 'approved' });
    expect(w.notices.filter((n) => n.photoId === raw.id).map((n) => n.type)).toEqual(['photo_moderated']);
  });

  it('counts flags, keeping the status', async () => {
    const e = w.event();
    const p = await w.photo(await w.device(e), { status: 'approved' });
    await w.app.moderation.moderate(p.id, w.host, { flag: 'blurry' });
    const dto = await w.app.moderation.moderate(p.id, w.host, { flag: 'inappropriate' });
    expect(dto).toMatchObject({ status: 'approved', flagCount: 2 });
    expect(await w.published('photo.moderated', 3)).toContainEqual(
      expect.objectContaining({ photoId: p.id, status: 'approved', flagged: true }),
    );
  });

  it('lets only the host act', async () => {
    const p = await w.photo(await w.device(w.event()));
    await expect(w.app.moderation.moderate(p.id, null, { status: 'rejected' })).rejects.toMatchObject({
      status: 401,
      message: 'Sign in required',
    });
    await expect(w.app.moderation.moderate(p.id, person(), { status: 'rejected' })).rejects.toMatchObject({
      status: 403,
      code: 'not_host',
      message: 'Only the host can do this',
    });
    await expect(
      w.app.moderation.moderate(randomUUID(), w.host, { status: 'rejected' }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'photo_not_found',
    });
  });
});
