import { describe, expect, it } from 'vitest';
import { person, useWorld } from '../test-support/world';

describe('event counts (PGlite)', () => {
  const w = useWorld();

  it('counts guests and photos by status, flagged apart, for the host only', async () => {
    const e = w.event();
    const [a, b] = [await w.device(e), await w.device(e)];
    await w.device(w.event()); // another event's guest
    await w.photo(a!, { status: 'approved' });
    await w.photo(a!, { status: 'approved', flagCount: 2 });
    await w.photo(b!, { status: 'pending', developed: false });
    await w.photo(b!, { status: 'rejected', flagCount: 1 });
    const expected = {
      activeGuests: 2,
      photoStats: { total: 4, approved: 2, pending: 1, rejected: 1, flagged: 2 },
    };
    expect(await w.app.stats.stats(e.id, w.host)).toEqual({ ...expected, deviceCount: 2 });
    expect(await w.app.stats.counts(e.id)).toEqual({ ...expected, deviceCount: 2 });
    expect(await w.app.stats.counts(w.event().id)).toEqual({
      activeGuests: 0,
      deviceCount: 0,
      photoStats: { total: 0, approved: 0, pending: 0, rejected: 0, flagged: 0 },
    });
    await expect(w.app.stats.stats(e.id, person())).rejects.toMatchObject({ status: 403 });
    await expect(w.app.stats.stats(e.id, null)).rejects.toMatchObject({ status: 401 });
  });
});
