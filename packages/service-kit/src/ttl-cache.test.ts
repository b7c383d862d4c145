import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps an answer for its time, shares one load, and asks again after', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, number>(30_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(29_999);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', load)).toBe(2);
    cache.delete('k');
    expect(await cache.get('k', load)).toBe(3);
  });

  it('does not keep a failure', async () => {
    const cache = new TtlCache<string, number>(30_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('away')))).rejects.toThrow('away');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('starts over rather than grow past its size', async () => {
    const cache = new TtlCache<number, number>(30_000, 2);
    let loads = 0;
    const load = async (k: number) => (loads++, k);
    await cache.get(1, load);
    await cache.get(2, load);
    await cache.get(3, load); // clears 1 and 2
    await cache.get(1, load);
    expect(loads).toBe(4);
  });
});
