import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, createMemoryBus } from '@afterglow/bus';
import { z } from 'zod';
import type { RpcContract } from '@afterglow/contracts';
import { TtlCache, cachedAsk } from './ttl-cache';

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

describe('cachedAsk', () => {
  const echo: RpcContract<z.ZodObject<{ id: z.ZodString }>, z.ZodObject<{ id: z.ZodString }>> = {
    subject: 'rpc.test.echo',
    request: z.object({ id: z.string() }),
    response: z.object({ id: z.string() }),
    keep: { ms: 30_000, key: (r) => r.id },
  };

  it('keeps each answer per key for as long as the contract allows', async () => {
    const bus = createMemoryBus();
    const asked: string[] = [];
    await answer(bus, echo, async ({ id }) => {
      asked.push(id);
      return { id };
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    const echoed = cachedAsk(bus, echo);
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a' });
    await echoed({ id: 'a' });
    await echoed({ id: 'b' });
    vi.setSystemTime(Date.now() + 30_001);
    await echoed({ id: 'a' });
    expect(asked).toEqual(['a', 'b', 'a']);
    // without `keep`, every call asks
    const uncached = cachedAsk(bus, { ...echo, keep: undefined });
    await uncached({ id: 'c' });
    await uncached({ id: 'c' });
    expect(asked.slice(3)).toEqual(['c', 'c']);
    await bus.close();
  });
});
