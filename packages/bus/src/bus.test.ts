import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { busContract } from './test-support/bus-suite';
import { createBus, createMemoryBus, createNatsBus, subjectMatches } from './index';

describe('subjectMatches', () => {
  it.each([
    ['photo.uploaded', 'photo.uploaded', true],
    ['photo.uploaded', 'photo.deleted', false],
    ['photo.*', 'photo.uploaded', true],
    ['photo.*', 'photo.uploaded.thumb', false],
    ['photo.*', 'photo', false],
    ['photo.*.thumb', 'photo.x.thumb', true],
    ['*.uploaded', 'photo.uploaded', true],
    ['photo.>', 'photo.uploaded', true],
    ['photo.>', 'photo.uploaded.thumb', true],
    ['photo.>', 'photo', false],
    ['>', 'anything.at.all', true],
    ['photo.*.>', 'photo.a.b', true],
    ['photo.*.>', 'photo.a', false],
    ['deadletter.>', 'deadletter.photo.uploaded', true],
  ])('%s vs %s -> %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('createBus', () => {
  it('uses the in-memory bus without natsUrl', async () => {
    const bus = await createBus({});
    expect(bus.kind).toBe('memory');
    await bus.close();
  });
});

describe('memory bus specifics', () => {
  it('forgets a msgId after the dedupe window', async () => {
    const bus = createMemoryBus({ dedupeWindowMs: 50 });
    const got: string[] = [];
    await bus.consume<string>('event.dedupe', { durable: 'd' }, async (m) => void got.push(m.data));
    await bus.publish('event.dedupe', 'a', { msgId: 'x' });
    await bus.publish('event.dedupe', 'b', { msgId: 'x' });
    await new Promise((r) => setTimeout(r, 80));
    await bus.publish('event.dedupe', 'c', { msgId: 'x' });
    await new Promise((r) => setTimeout(r, 30));
    expect(got).toEqual(['a', 'c']);
    await bus.close();
  });

  it('never calls handlers synchronously inside publish', async () => {
    const bus = createMemoryBus();
    let called = false;
    await bus.consume('event.sync', { durable: 's' }, async () => {
      called = true;
    });
    await bus.subscribe('event.sync', () => {
      called = true;
    });
    const p = bus.publish('event.sync', 1);
    expect(called).toBe(false);
    await p;
    await new Promise((r) => setTimeout(r, 10));
    expect(called).toBe(true);
    await bus.close();
  });

  it('rejects invalid subjects and durable names', async () => {
    const bus = createMemoryBus();
    await expect(bus.publish('event.*', 1)).rejects.toThrow(/invalid subject/);
    await expect(bus.publish('event..x', 1)).rejects.toThrow(/invalid subject/);
    await expect(bus.consume('event.>.x', { durable: 'd' }, async () => undefined)).rejects.toThrow(
      /pattern/,
    );
    await expect(bus.consume('event.>', { durable: 'a.b' }, async () => undefined)).rejects.toThrow(
      /durable/,
    );
    await bus.close();
  });
});

/** Keeps the output readable: errors the contract provokes on purpose are not printed. */
const onError = (err: unknown, context: string) => {
  if (err instanceof Error && err.message.includes('(expected in this test)')) return;
  console.error(`[bus] ${context}:`, err);
};

busContract('memory', async () => createMemoryBus({ onError }));

const natsUrl = process.env.NATS_URL;
if (!natsUrl) {
  console.warn(
    '[bus] NATS_URL is not set: skipping the NATS contract suite (e.g. NATS_URL=nats://127.0.0.1:4222)',
  );
}

describe.skipIf(!natsUrl)('nats', () => {
  // a stream and subject space of our own, so parallel runs on a shared server never collide
  const runId = Math.random().toString(36).slice(2, 10);
  const stream = `AGTEST_${runId.toUpperCase()}`;
  const prefix = `agtest_${runId}`;
  const url = natsUrl ?? '';

  busContract(
    'nats',
    () => createNatsBus({ url, stream, subjects: [`${prefix}.>`], name: `bus-contract-${runId}`, onError }),
    { factPrefix: prefix, rpcPrefix: `rpc.${prefix}`, livePrefix: `live.${prefix}` },
  );

  it('creates its streams idempotently (a second bus on the same stream starts fine)', async () => {
    const a = await createNatsBus({ url, stream, subjects: [`${prefix}.>`] });
    const b = await createNatsBus({ url, stream, subjects: [`${prefix}.>`] });
    await Promise.all([a.close(), b.close()]);
  });

  it('rejects a publish to a subject no stream stores', async () => {
    const bus = await createNatsBus({ url, stream, subjects: [`${prefix}.>`] });
    try {
      await expect(bus.publish(`unstored_${runId}.x`, 1)).rejects.toThrow(/no stream stores this subject/);
    } finally {
      await bus.close();
    }
  });

  afterAll(async () => {
    const nc = await connect({ servers: url });
    try {
      const jsm = await jetstreamManager(nc);
      for (const name of [stream, `${stream}_DEADLETTER`]) {
        await jsm.streams.delete(name).catch(() => false);
      }
    } finally {
      await nc.close();
    }
  });
});
