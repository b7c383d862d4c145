import { describe, expect, it } from 'vitest';
import { useWorld } from '../test-support/world';

describe("the back office's photo list (PGlite)", () => {
  const w = useWorld();

  it('lists one kind of capture when asked, with the status filter and the search', async () => {
    const d = await w.device(w.event(), { displayName: 'Gina' });
    const at = (s: number) => new Date(Date.now() - s * 1000);
    const photo = await w.photo(d, { caption: 'cake', createdAt: at(3) });
    const clip = await w.photo(d, { kind: 'clip', caption: 'first dance', createdAt: at(2) });
    const approvedClip = await w.photo(d, { kind: 'clip', status: 'approved', createdAt: at(1) });
    const ids = async (q: Parameters<typeof w.app.backOffice.list>[0]) =>
      (await w.app.backOffice.list(q)).photos.map((p) => p.id);

    expect(await ids({ limit: 10 })).toEqual([approvedClip.id, clip.id, photo.id]);
    expect(await ids({ limit: 10, kind: 'clip' })).toEqual([approvedClip.id, clip.id]);
    expect(await ids({ limit: 10, kind: 'photo' })).toEqual([photo.id]);
    expect(await ids({ limit: 10, kind: 'clip', filter: 'pending' })).toEqual([clip.id]);
    expect(await ids({ limit: 10, kind: 'photo', search: 'dance' })).toEqual([]);
    expect(await ids({ limit: 10, kind: 'clip', search: 'gina' })).toEqual([approvedClip.id, clip.id]);
    // a page of clips goes on with clips
    const first = await w.app.backOffice.list({ limit: 1, kind: 'clip' });
    expect(first.photos.map((p) => [p.id, p.kind])).toEqual([[approvedClip.id, 'clip']]);
    expect(await ids({ limit: 10, kind: 'clip', cursor: first.nextCursor! })).toEqual([clip.id]);
  });
});
