/**
 * Reusable behaviour suite for Bus implementations: `busContract('memory', () => ...)`.
 *
 * Every test creates a fresh bus (closed afterwards) and uses subjects and durable names with a random
 * suffix, so runs against a shared NATS server never collide. Backoffs are tens of milliseconds so
 * the whole suite stays fast.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusRequestError } from '../types';
import type { Bus, BusMessage } from '../types';

export interface BusContractOptions {
  /** prefix of subjects used with `publish`/`consume` (must be stored by the bus); default 'event.contract' */
  factPrefix?: string;
  /** prefix of request/reply subjects (must NOT be stored); default 'rpc.contract' */
  rpcPrefix?: string;
  /** prefix of `notify` subjects (must NOT be stored); default 'live.contract' */
  livePrefix?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

export function busContract(name: string, make: () => Promise<Bus>, options: BusContractOptions = {}): void {
  const factPrefix = options.factPrefix ?? 'event.contract';
  const rpcPrefix = options.rpcPrefix ?? 'rpc.contract';
  const livePrefix = options.livePrefix ?? 'live.contract';

  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    let id: string;
    /** a fresh stored subject space for the current test */
    let base: string;
    const durable = (label: string) => `${label}_${id}`;

    beforeEach(async () => {
      bus = await make();
      id = randomId();
      base = `${factPrefix}.t${id}`;
    });

    afterEach(async () => {
      await bus.close();
    });

    it('reports its kind and answers ping', async () => {
      expect(['memory', 'nats']).toContain(bus.kind);
      await expect(bus.ping()).resolves.toBeUndefined();
    });

    it('publish -> consume delivers data, subject, headers, msgId and deliveryCount 1', async () => {
      const got: BusMessage<{ photoId: string; n: number }>[] = [];
      await bus.consume<{ photoId: string; n: number }>(
        `${base}.uploaded`,
        { durable: durable('basic') },
        async (m) => {
          got.push(m);
        },
      );
      await bus.publish(
        `${base}.uploaded`,
        { photoId: 'p1', n: 1 },
        { msgId: `m-${id}`, headers: { 'x-k': 'v' } },
      );
      await waitFor(() => got.length === 1, 'the message');
      const m = got[0] as BusMessage<{ photoId: string; n: number }>;
      expect(m.subject).toBe(`${base}.uploaded`);
      expect(m.data).toEqual({ photoId: 'p1', n: 1 });
      expect(m.headers['x-k']).toBe('v');
      expect(m.msgId).toBe(`m-${id}`);
      expect(m.deliveryCount).toBe(1);
    });

    it('delivers in publish order to a single consumer and queues messages published while it is busy', async () => {
      const seen: number[] = [];
      let active = 0;
      let maxActive = 0;
      await bus.consume<number>(base + '.q', { durable: durable('queue') }, async (m) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(30);
        seen.push(m.data);
        active--;
      });
      for (let i = 0; i < 5; i++) await bus.publish(base + '.q', i);
      await waitFor(() => seen.length === 5, '5 messages');
      expect(seen).toEqual([0, 1, 2, 3, 4]);
      expect(maxActive).toBe(1);
    });

    it('matches wildcards: * is one token, > is the rest', async () => {
      const star: string[] = [];
      const rest: string[] = [];
      const sub: string[] = [];
      await bus.consume(`${base}.*`, { durable: durable('star') }, async (m) => void star.push(m.subject));
      await bus.consume(`${base}.>`, { durable: durable('rest') }, async (m) => void rest.push(m.subject));
      await bus.subscribe(`${base}.*.done`, (m) => void sub.push(m.subject));
      await bus.publish(`${base}.a`, 1);
      await bus.publish(`${base}.a.done`, 2);
      await bus.publish(`${base}.b.c.done`, 3);
      await waitFor(() => rest.length === 3 && star.length === 1 && sub.length === 1, 'wildcard deliveries');
      await sleep(100);
      expect(star).toEqual([`${base}.a`]);
      expect([...rest].sort()).toEqual([`${base}.a`, `${base}.a.done`, `${base}.b.c.done`]);
      expect(sub).toEqual([`${base}.a.done`]);
    });

    it('competing consumers of one durable share the work, each message handled once', async () => {
      const byInstance: number[][] = [[], []];
      for (const instance of [0, 1]) {
        await bus.consume<number>(`${base}.work`, { durable: durable('shared') }, async (m) => {
          await sleep(15);
          byInstance[instance]?.push(m.data);
        });
      }
      const total = 20;
      for (let i = 0; i < total; i++) await bus.publish(`${base}.work`, i);
      const handled = () => (byInstance[0]?.length ?? 0) + (byInstance[1]?.length ?? 0);
      await waitFor(() => handled() >= total, `${total} messages`);
      await sleep(200);
      const all = [...(byInstance[0] ?? []), ...(byInstance[1] ?? [])];
      expect(all.length).toBe(total);
      expect(new Set(all).size).toBe(total);
      expect(byInstance[0]?.length).toBeGreaterThan(0);
      expect(byInstance[1]?.length).toBeGreaterThan(0);
    });

    it('two different durables each get every message', async () => {
      const a: number[] = [];
      const b: number[] = [];
      await bus.consume<number>(`${base}.fact`, { durable: durable('a') }, async (m) => void a.push(m.data));
      await bus.consume<number>(`${base}.fact`, { durable: durable('b') }, async (m) => void b.push(m.data));
      for (let i = 0; i < 5; i++) await bus.publish(`${base}.fact`, i);
      await waitFor(() => a.length === 5 && b.length === 5, 'both durables');
      expect(a).toEqual([0, 1, 2, 3, 4]);
      expect(b).toEqual([0, 1, 2, 3, 4]);
    });

    it('subscribe fans out published facts and notifications to every subscriber', async () => {
      const one: BusMessage[] = [];
      const two: BusMessage[] = [];
      const live = `${livePrefix}.t${id}.event1`;
      await bus.subscribe(`${base}.>`, (m) => void one.push(m));
      await bus.subscribe(`${base}.>`, async (m) => void two.push(m));
      await bus.subscribe(live, (m) => void one.push(m));
      await bus.subscribe(live, (m) => void two.push(m));
      await bus.publish(`${base}.fact`, { a: 1 });
      await bus.notify(live, { b: 2 }, { 'x-n': '1' });
      await waitFor(() => one.length === 2 && two.length === 2, 'fan-out');
      for (const got of [one, two]) {
        const fact = got.find((m) => m.subject === `${base}.fact`);
        const note = got.find((m) => m.subject === live);
        expect(fact?.data).toEqual({ a: 1 });
        expect(note?.data).toEqual({ b: 2 });
        expect(note?.headers['x-n']).toBe('1');
      }
    });

    it('a subscriber that throws does not stop later deliveries', async () => {
      const got: number[] = [];
      await bus.subscribe<number>(`${base}.s`, (m) => {
        got.push(m.data);
        if (m.data === 0) throw new Error('subscriber failure (expected in this test)');
      });
      await bus.publish(`${base}.s`, 0);
      await bus.publish(`${base}.s`, 1);
      await waitFor(() => got.length === 2, 'both messages');
    });

    it('de-duplicates publishes with the same msgId', async () => {
      const got: BusMessage<string>[] = [];
      await bus.consume<string>(
        `${base}.dedupe`,
        { durable: durable('dedupe') },
        async (m) => void got.push(m),
      );
      await bus.publish(`${base}.dedupe`, 'first', { msgId: `same-${id}` });
      await bus.publish(`${base}.dedupe`, 'second', { msgId: `same-${id}` });
      await bus.publish(`${base}.dedupe`, 'third', { msgId: `same-${id}` });
      await bus.publish(`${base}.dedupe`, 'other', { msgId: `other-${id}` });
      await waitFor(() => got.length >= 2, 'two messages');
      await sleep(200);
      expect(got.map((m) => m.data)).toEqual(['first', 'other']);
      expect(got.map((m) => m.msgId)).toEqual([`same-${id}`, `other-${id}`]);
    });

    it('redelivers after a throw with backoff and an increasing deliveryCount', async () => {
      const deliveries: { count: number; at: number; data: unknown }[] = [];
      await bus.consume(
        `${base}.retry`,
        { durable: durable('retry'), maxDeliver: 5, backoffMs: [40, 80] },
        async (m) => {
          deliveries.push({ count: m.deliveryCount, at: Date.now(), data: m.data });
          if (m.deliveryCount < 3) throw new Error(`fail #${m.deliveryCount}`);
        },
      );
      await bus.publish(`${base}.retry`, { x: 1 });
      await waitFor(() => deliveries.length === 3, 'three deliveries');
      await sleep(250);
      expect(deliveries.map((d) => d.count)).toEqual([1, 2, 3]);
      expect(deliveries.every((d) => JSON.stringify(d.data) === '{"x":1}')).toBe(true);
      const [d1, d2, d3] = deliveries as [
        (typeof deliveries)[0],
        (typeof deliveries)[0],
        (typeof deliveries)[0],
      ];
      // timers may fire a millisecond or two early relative to Date.now()
      expect(d2.at - d1.at).toBeGreaterThanOrEqual(35);
      expect(d3.at - d2.at).toBeGreaterThanOrEqual(75);
    });

    it('dead-letters to deadletter.<subject> after maxDeliver failures, with headers', async () => {
      const subject = `${base}.poison`;
      const attempts: number[] = [];
      const viaSubscribe: BusMessage[] = [];
      const viaConsume: BusMessage[] = [];
      await bus.subscribe(`deadletter.${base}.>`, (m) => void viaSubscribe.push(m));
      await bus.consume(
        `deadletter.${base}.>`,
        { durable: durable('dlq') },
        async (m) => void viaConsume.push(m),
      );
      await bus.consume(
        subject,
        { durable: durable('poison'), maxDeliver: 3, backoffMs: [20] },
        async (m) => {
          attempts.push(m.deliveryCount);
          throw new Error(`boom ${id}`);
        },
      );
      await bus.publish(
        subject,
        { bad: true },
        { headers: { traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` } },
      );
      await waitFor(() => viaSubscribe.length === 1 && viaConsume.length === 1, 'the dead letter');
      await sleep(200);
      expect(attempts).toEqual([1, 2, 3]);
      for (const dl of [viaSubscribe[0], viaConsume[0]]) {
        expect(dl?.subject).toBe(`deadletter.${subject}`);
        expect(dl?.data).toEqual({ bad: true });
        expect(dl?.headers['x-original-subject']).toBe(subject);
        expect(dl?.headers['x-error']).toBe(`boom ${id}`);
        expect(dl?.headers['x-deliveries']).toBe('3');
        expect(dl?.headers.traceparent).toBe(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`);
      }
      expect(viaSubscribe.length).toBe(1);
      expect(viaConsume.length).toBe(1);
    });

    it('does not redeliver a handler that runs longer than ackWaitMs while it is still running', async () => {
      let deliveries = 0;
      let done = 0;
      await bus.consume(
        `${base}.slow`,
        // ack wait long enough that a busy machine's event-loop stalls don't let it lapse
        { durable: durable('slow'), ackWaitMs: 1000, backoffMs: [20] },
        async () => {
          deliveries++;
          await sleep(2500);
          done++;
        },
      );
      await bus.publish(`${base}.slow`, 1);
      await waitFor(() => done === 1, 'the slow handler');
      await sleep(1200);
      expect(deliveries).toBe(1);
    });

    it('respects the concurrency limit of a consume call', async () => {
      let active = 0;
      let maxActive = 0;
      let done = 0;
      await bus.consume(`${base}.conc`, { durable: durable('conc'), concurrency: 3 }, async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(60);
        active--;
        done++;
      });
      for (let i = 0; i < 9; i++) await bus.publish(`${base}.conc`, i);
      await waitFor(() => done === 9, 'nine messages');
      expect(maxActive).toBe(3);
    });

    it('request/reply: answers, passes headers, round-robins between responders', async () => {
      const subject = `${rpcPrefix}.t${id}.double`;
      const calls = [0, 0];
      const seenHeaders: string[] = [];
      for (const instance of [0, 1]) {
        await bus.reply<{ n: number }, { n: number }>(subject, async (req, headers) => {
          calls[instance] = (calls[instance] ?? 0) + 1;
          if (headers.traceparent) seenHeaders.push(headers.traceparent);
          return { n: req.n * 2 };
        });
      }
      const answers: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await bus.request<{ n: number }, { n: number }>(
          subject,
          { n: i },
          { headers: { traceparent: `tp-${i}` } },
        );
        answers.push(res.n);
      }
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
      expect((calls[0] ?? 0) + (calls[1] ?? 0)).toBe(20);
      expect(calls[0]).toBeGreaterThan(0);
      expect(calls[1]).toBeGreaterThan(0);
      expect(seenHeaders.length).toBe(20);
    });

    it('request/reply: a BusRequestError keeps code, status and message; other errors become request_failed/500', async () => {
      const subject = `${rpcPrefix}.t${id}.fail`;
      await bus.reply<{ kind: string }, never>(subject, async (req) => {
        if (req.kind === 'typed') throw new BusRequestError('photo not found', 'not_found', 404);
        throw new Error('kaput');
      });
      const typed = await rejection(bus.request(subject, { kind: 'typed' }));
      expect(typed).toBeInstanceOf(BusRequestError);
      expect(typed).toMatchObject({ message: 'photo not found', code: 'not_found', status: 404 });
      const plain = await rejection(bus.request(subject, { kind: 'plain' }));
      expect(plain).toBeInstanceOf(BusRequestError);
      expect(plain).toMatchObject({ message: 'kaput', code: 'request_failed', status: 500 });
    });

    it('request/reply: times out with code timeout / 504', async () => {
      const subject = `${rpcPrefix}.t${id}.slow`;
      await bus.reply(subject, async () => {
        await sleep(3000);
        return 'late';
      });
      const started = Date.now();
      const err = await rejection(bus.request(subject, {}, { timeoutMs: 100 }));
      expect(err).toBeInstanceOf(BusRequestError);
      expect(err).toMatchObject({ code: 'timeout', status: 504 });
      // gave up on its own deadline rather than waiting for the late reply (room for a busy machine)
      expect(Date.now() - started).toBeLessThan(2500);
    });

    it('request/reply: no responders gives no_responders / 503, also after the responder stopped', async () => {
      const subject = `${rpcPrefix}.t${id}.nobody`;
      const err = await rejection(bus.request(subject, {}, { timeoutMs: 2_000 }));
      expect(err).toBeInstanceOf(BusRequestError);
      expect(err).toMatchObject({ code: 'no_responders', status: 503 });

      const sub = await bus.reply(subject, async () => 'here');
      await expect(bus.request(subject, {})).resolves.toBe('here');
      await sub.stop();
      const after = await rejection(bus.request(subject, {}, { timeoutMs: 2_000 }));
      expect(after).toMatchObject({ code: 'no_responders', status: 503 });
    });

    it('round-trips headers (traceparent) through publish, consume, subscribe and notify', async () => {
      const traceparent = `00-${'c'.repeat(32)}-${'d'.repeat(16)}-01`;
      const consumed: BusMessage[] = [];
      const subscribed: BusMessage[] = [];
      const live = `${livePrefix}.t${id}.hdr`;
      await bus.consume(`${base}.hdr`, { durable: durable('hdr') }, async (m) => void consumed.push(m));
      await bus.subscribe(`${base}.hdr`, (m) => void subscribed.push(m));
      await bus.subscribe(live, (m) => void subscribed.push(m));
      await bus.publish(`${base}.hdr`, 1, { headers: { traceparent, tracestate: 'a=b' } });
      await bus.notify(live, 2, { traceparent });
      await waitFor(() => consumed.length === 1 && subscribed.length === 2, 'messages with headers');
      expect(consumed[0]?.headers).toEqual({ traceparent, tracestate: 'a=b' });
      for (const m of subscribed) expect(m.headers.traceparent).toBe(traceparent);
    });

    it('isolates data: neither the publisher nor other consumers see a consumer mutate a message', async () => {
      const original = { tags: ['a'], nested: { n: 1 } };
      const seenBySubscriber: unknown[] = [];
      const seenByB: unknown[] = [];
      await bus.consume<typeof original>(`${base}.iso`, { durable: durable('iso_a') }, async (m) => {
        m.data.tags.push('mutated');
        m.data.nested.n = 99;
      });
      await bus.consume<typeof original>(`${base}.iso`, { durable: durable('iso_b') }, async (m) => {
        await sleep(20);
        seenByB.push(m.data);
      });
      await bus.subscribe(`${base}.iso`, async (m) => {
        await sleep(20);
        seenBySubscriber.push(m.data);
      });
      await bus.publish(`${base}.iso`, original);
      original.nested.n = 2; // the publisher mutating after publish must not leak either
      await waitFor(() => seenByB.length === 1 && seenBySubscriber.length === 1, 'copies');
      expect(seenByB[0]).toEqual({ tags: ['a'], nested: { n: 1 } });
      expect(seenBySubscriber[0]).toEqual({ tags: ['a'], nested: { n: 1 } });
    });

    it('stop() ends a consume or subscribe registration', async () => {
      const consumed: number[] = [];
      const subscribed: number[] = [];
      const c = await bus.consume<number>(
        `${base}.stop`,
        { durable: durable('stop') },
        async (m) => void consumed.push(m.data),
      );
      const s = await bus.subscribe<number>(`${base}.stop`, (m) => void subscribed.push(m.data));
      await bus.publish(`${base}.stop`, 1);
      await waitFor(() => consumed.length === 1 && subscribed.length === 1, 'first message');
      await c.stop();
      await s.stop();
      await bus.publish(`${base}.stop`, 2);
      await sleep(200);
      expect(consumed).toEqual([1]);
      expect(subscribed).toEqual([1]);
    });

    it('close() waits for in-flight handlers, then stops delivery and rejects further use', async () => {
      let started = 0;
      let finished = 0;
      const subscribed: number[] = [];
      await bus.consume<number>(`${base}.close`, { durable: durable('close') }, async () => {
        started++;
        await sleep(150);
        finished++;
      });
      await bus.subscribe<number>(`${base}.close`, (m) => void subscribed.push(m.data));
      await bus.publish(`${base}.close`, 1);
      await waitFor(() => started === 1, 'handler start');
      await bus.close();
      expect(finished).toBe(1);
      await expect(bus.publish(`${base}.close`, 2)).rejects.toThrow();
      await expect(bus.ping()).rejects.toThrow();
      await sleep(100);
      expect(started).toBe(1);
      expect(subscribed).toEqual([1]);
    });
  });
}
