import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jpeg, person, useWorld } from '../test-support/world';

/**
 * What the host's plan decides in the photos service (ADR 025), as billing answers it: the steps a
 * photo's renditions take (carried on `photo.uploaded`), and whether the public may see the event.
 */
describe('the host plan in photos', () => {
  const w = useWorld();

  it("tells developing to watermark a free host's photos and not a paid host's, with the AI filter flag", async () => {
    const paid = person();
    w.plans.set(paid.userId, { plan: 'max', watermark: false, aiFilter: true });
    const shot = await jpeg();
    const free = w.event();
    const pro = w.event({ hostId: paid.userId });
    const a = await w.app.uploads.upload(free.code, await w.device(free), shot, null, randomUUID());
    const b = await w.app.uploads.upload(pro.code, await w.device(pro), shot, null, randomUUID());
    const facts = await w.published('photo.uploaded', 2);
    expect(facts).toContainEqual(
      expect.objectContaining({ photoId: a.photoId, watermark: true, aiFilter: false }),
    );
    expect(facts).toContainEqual(
      expect.objectContaining({ photoId: b.photoId, watermark: false, aiFilter: true }),
    );
  });

  it("keeps a public event's gallery from the public while the host's plan has no public gallery", async () => {
    const paid = person();
    w.plans.set(paid.userId, { plan: 'pro', publicGallery: true });
    const free = w.event({ isPublic: true });
    const pro = w.event({ isPublic: true, hostId: paid.userId });
    expect(await w.app.publicGalleries.find(free.slug)).toBeNull();
    expect(await w.app.publicGalleries.find(pro.slug)).toMatchObject({ id: pro.id });
    const d = await w.device(free);
    const p = await w.photo(d, { status: 'approved' });
    expect(await w.app.publicGalleries.photo(p.id)).toBeNull();
  });
});
