import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RpcContract } from '@afterglow/contracts';
import { cachedAsk } from './cached-ask';
import { createMemoryBus } from './memory';
import { answer } from './rpc';
import type { Bus } from './types';

const echo: RpcContract<
  z.ZodObject<{ id: z.ZodString }>,
  z.ZodObject<{ id: z.ZodString; n: z.ZodNumber }>
> = {
  subject: 'rpc.test.echo',
  request: z.object({ id: z.string() }),
  response: z.object({ id: z.string(), n: z.number() }),
  keep: {
    ms: 30_000,
    key: (r) => r.id,
    changed: {
      subject: 'test.echo.changed',
      key: (n) => (n as { id?: string } | null)?.id ?? null,
    },
  },
};

/** An echo service that counts its answers, and can be made to fail. */
async function echoService(bus: Bus) {
  const asked: string[] = [];
  const state = { down: false };
  await answer(bus, echo, async ({ id }) => {
    if (state.down) throw new Error('away');
    asked.push(id);
    return { id, n: asked.length };
  });
  return { asked, state };
}

describe('cachedAsk', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps each answer per key for as long as the contract allows, sharing one request', async () => {
    const bus = createMemoryBus();
    const { asked } = await echoService(bus);
    vi.useFakeTimers({ toFake: ['Date'] });
    const echoed = cachedAsk(bus, echo);
    const [a, b] = await Promise.all([echoed({ id: 'a' }), echoed({ id: 'a' })]);
    expect(a).toEqual({ id: 'a', n: 1 });
    expect(b).toEqual(a);
    await echoed({ id: 'b' });
    vi.setSystemTime(Date.now() + 29_999);
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a', n: 1 });
    vi.setSystemTime(Date.now() + 2);
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a', n: 3 });
    expect(asked).toEqual(['a', 'b', 'a']);
    // without `keep`, every call asks
    const uncached = cachedAsk(bus, { ...echo, keep: undefined });
    await uncached({ id: 'c' });
    await uncached({ id: 'c' });
    expect(asked.slice(3)).toEqual(['c', 'c']);
    await bus.close();
  });

  it('keeps no failure, and without lastKnown passes it on', async () => {
    const bus = createMemoryBus();
    const { state } = await echoService(bus);
    const echoed = cachedAsk(bus, echo, { timeoutMs: 500 });
    state.down = true;
    await expect(echoed({ id: 'a' })).rejects.toThrow();
    state.down = false;
    expect(await echoed({ id: 'a' })).toMatchObject({ id: 'a' });
    await bus.close();
  });

  it('with lastKnown, answers with the last answer while the answerer is away, and asks again next time', async () => {
    const bus = createMemoryBus();
    const { asked, state } = await echoService(bus);
    const echoed = cachedAsk(bus, echo, { keepMs: 0, lastKnown: true, timeoutMs: 500 });
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a', n: 1 });
    state.down = true;
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a', n: 1 });
    // no answer ever came for b: its failure reaches the asker
    await expect(echoed({ id: 'b' })).rejects.toThrow();
    state.down = false;
    expect(await echoed({ id: 'a' })).toEqual({ id: 'a', n: 2 });
    expect(asked).toEqual(['a', 'a']);
    await bus.close();
  });

  it('refreshes one key or all (keeping the last known answer) and forgets one altogether', async () => {
    const bus = createMemoryBus();
    const { asked, state } = await echoService(bus);
    const echoed = cachedAsk(bus, echo, { lastKnown: true, timeoutMs: 500 });
    await echoed({ id: 'a' });
    await echoed({ id: 'b' });
    echoed.refresh('a');
    await echoed({ id: 'a' });
    await echoed({ id: 'b' });
    expect(asked).toEqual(['a', 'b', 'a']);
    echoed.refresh();
    state.down = true;
    expect(await echoed({ id: 'b' })).toEqual({ id: 'b', n: 2 });
    echoed.forget((key, last) => key === 'b' || last?.n === 3);
    await expect(echoed({ id: 'b' })).rejects.toThrow();
    await expect(echoed({ id: 'a' })).rejects.toThrow();
    await bus.close();
  });

  it("asks again at once after the answerer's notice that an answer changed", async () => {
    const bus = createMemoryBus();
    const { asked } = await echoService(bus);
    const echoed = cachedAsk(bus, echo);
    await echoed({ id: 'a' });
    await echoed({ id: 'b' });
    await new Promise((r) => setTimeout(r, 10)); // the notice's subscription is made in the background
    await bus.publish('test.echo.changed', { id: 'a' });
    await vi.waitFor(async () => {
      await echoed({ id: 'a' });
      expect(asked).toEqual(['a', 'b', 'a']);
    });
    await echoed({ id: 'b' });
    expect(asked).toEqual(['a', 'b', 'a']);
    await bus.close();
  });
});
