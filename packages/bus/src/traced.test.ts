import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { SpanKind, SpanStatusCode, context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { DataPoint, Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { createMemoryBus } from './memory';
import { createNatsBus } from './nats';
import { PUBLISHED_AT_HEADER, tracedBus } from './traced';
import type { Bus, BusMessage } from './types';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

const onError = (err: unknown, context: string) => {
  if (err instanceof Error && err.message.includes('(expected in this test)')) return;
  console.error(`[bus] ${context}:`, err);
};

/** A pull reader for assertions: `collect()` returns what the SDK aggregated so far. */
class TestReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

const exporter = new InMemorySpanExporter();
const reader = new TestReader();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const meterProvider = new MeterProvider({ readers: [reader] });

const spans = () => exporter.getFinishedSpans();
const spanNamed = (name: string) => spans().filter((s) => s.name === name);
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

async function collectMetrics(): Promise<Map<string, MetricData>> {
  const { resourceMetrics } = await reader.collect();
  const out = new Map<string, MetricData>();
  for (const scope of resourceMetrics.scopeMetrics)
    for (const m of scope.metrics) out.set(m.descriptor.name, m);
  return out;
}

function sumWhere(m: MetricData | undefined, attrs: Record<string, unknown>): number {
  let total = 0;
  for (const p of (m?.dataPoints ?? []) as DataPoint<unknown>[]) {
    if (Object.entries(attrs).every(([k, v]) => p.attributes[k] === v)) {
      total += typeof p.value === 'number' ? p.value : (p.value as Histogram).count;
    }
  }
  return total;
}

describe('tracedBus without an OpenTelemetry SDK', () => {
  it('delegates unchanged and only adds x-published-at', async () => {
    const bus = tracedBus(createMemoryBus({ onError }), 'test');
    try {
      expect(bus.kind).toBe('memory');
      await expect(bus.ping()).resolves.toBeUndefined();
      const got: BusMessage<number>[] = [];
      await bus.consume<number>('event.noop', { durable: 'noop' }, async (m) => void got.push(m));
      await trace.getTracer('t').startActiveSpan('outer', async (outer) => {
        await bus.publish('event.noop', 1, { headers: { 'x-k': 'v' } });
        outer.end();
      });
      await waitFor(() => got.length === 1, 'the message');
      expect(Object.keys(got[0]!.headers).sort()).toEqual(['x-k', PUBLISHED_AT_HEADER]);
      await expect(bus.request('rpc.noop', 1)).rejects.toMatchObject({ code: 'no_responders' });
    } finally {
      await bus.close();
    }
  });
});

describe('tracedBus with an OpenTelemetry SDK', () => {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(tracerProvider);
    metrics.setGlobalMeterProvider(meterProvider);
  });

  afterAll(async () => {
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
    trace.disable();
    metrics.disable();
    propagation.disable();
    context.disable();
  });

  beforeEach(() => exporter.reset());

  propagationSuite('memory', async () => createMemoryBus({ onError }), {
    fact: 'event.traced',
    rpc: 'rpc.traced',
    live: 'live.traced',
  });

  const natsUrl = process.env.NATS_URL;
  describe.skipIf(!natsUrl)('over NATS JetStream', () => {
    const runId = Math.random().toString(36).slice(2, 10);
    const prefix = `agtrace_${runId}`;
    const stream = `AGTRACE_${runId.toUpperCase()}`;
    afterAll(async () => {
      const nc = await connect({ servers: natsUrl ?? '' });
      try {
        const jsm = await jetstreamManager(nc);
        for (const name of [stream, `${stream}_DEADLETTER`])
          await jsm.streams.delete(name).catch(() => false);
      } finally {
        await nc.close();
      }
    });
    propagationSuite(
      'nats',
      async () =>
        createNatsBus({
          url: natsUrl ?? '',
          stream,
          subjects: [`${prefix}.>`],
          name: `bus-traced-${runId}`,
          onError,
        }),
      { fact: prefix, rpc: `rpc.${prefix}`, live: `live.${prefix}` },
    );
  });

  it('records published/consumed counters, the consume lag and the handler duration', async () => {
    const bus = tracedBus(createMemoryBus({ onError }), 'metrics');
    try {
      let calls = 0;
      await bus.consume(
        'event.metrics.x',
        { durable: 'metrics', backoffMs: [10], maxDeliver: 2 },
        async () => {
          calls++;
          await sleep(20);
          if (calls <= 3) throw new Error('boom (expected in this test)');
        },
      );
      await bus.subscribe('event.metrics.x', () => undefined);
      await bus.publish('event.metrics.x', 1); // fails twice -> retry, then deadletter
      await bus.publish('event.metrics.x', 2); // fails once -> retry, then ack
      await waitFor(() => calls === 4, '4 deliveries');
      await waitFor(() => spanNamed('event.metrics.x process').length === 6, '6 process spans');

      const m = await collectMetrics();
      const subject = 'event.metrics.x';
      const published = m.get('afterglow.bus.published');
      expect(sumWhere(published, { subject, operation: 'publish' })).toBe(2);
      const consumed = m.get('afterglow.bus.consumed');
      expect(sumWhere(consumed, { subject, operation: 'consume', outcome: 'retry' })).toBe(2);
      expect(sumWhere(consumed, { subject, operation: 'consume', outcome: 'deadletter' })).toBe(1);
      expect(sumWhere(consumed, { subject, operation: 'consume', outcome: 'ack' })).toBe(1);
      expect(sumWhere(consumed, { subject, operation: 'subscribe', outcome: 'ack' })).toBe(2);
      const lag = m.get('afterglow.bus.consume.lag_ms');
      expect(sumWhere(lag, { subject, operation: 'consume' })).toBe(4);
      const duration = m.get('afterglow.bus.handler.duration_ms');
      expect(sumWhere(duration, { subject, operation: 'consume' })).toBe(4);
      const consumeDurations = (duration?.dataPoints ?? []).filter(
        (p) => p.attributes.operation === 'consume' && p.attributes.subject === subject,
      ) as DataPoint<Histogram>[];
      // every handler slept 20 ms
      for (const p of consumeDurations) expect(p.value.min ?? 0).toBeGreaterThanOrEqual(15);
    } finally {
      await bus.close();
    }
  });

  it('takes the parent only from the headers, not from whatever context is active', async () => {
    const raw = createMemoryBus({ onError });
    const bus = tracedBus(raw, 'ambient');
    try {
      const got: BusMessage[] = [];
      await bus.consume('event.ambient', { durable: 'ambient' }, async (m) => void got.push(m));
      let outerTrace = '';
      await trace.getTracer('t').startActiveSpan('outer', async (outer) => {
        outerTrace = outer.spanContext().traceId;
        // published on the raw bus: no traceparent, although a span is active (and the memory bus
        // would leak it to the handler through AsyncLocalStorage)
        await raw.publish('event.ambient', 1);
        outer.end();
      });
      await waitFor(() => spanNamed('event.ambient process').length === 1, 'the process span');
      const processSpan = spanNamed('event.ambient process')[0]!;
      expect(processSpan.parentSpanContext).toBeUndefined();
      expect(processSpan.spanContext().traceId).not.toBe(outerTrace);
    } finally {
      await bus.close();
    }
  });

  it('wrapping a traced bus again does not double the spans', async () => {
    const bus = tracedBus(tracedBus(createMemoryBus({ onError }), 'a'), 'b');
    try {
      await bus.publish('event.double', 1);
      expect(spanNamed('event.double publish')).toHaveLength(1);
      expect(spanNamed('event.double publish')[0]!.attributes['afterglow.service']).toBe('b');
    } finally {
      await bus.close();
    }
  });
});

function propagationSuite(
  name: string,
  make: () => Promise<Bus>,
  subjects: { fact: string; rpc: string; live: string },
): void {
  describe(`trace propagation (${name})`, () => {
    let bus: Bus;
    let n = 0;
    const tracer = () => trace.getTracer('test');
    const unique = (base: string) => `${base}.t${Date.now().toString(36)}${++n}`;

    beforeEach(async () => {
      bus = tracedBus(await make(), 'svc');
      return async () => {
        await bus.close();
      };
    });

    it('publish -> consume: one trace, the consumer span is the child of the producer span', async () => {
      const subject = unique(subjects.fact);
      const got: BusMessage<{ id: string }>[] = [];
      await bus.consume<{ id: string }>(subject, { durable: `d_${n}` }, async (m) => {
        got.push(m);
      });
      let outerSpanId = '';
      await tracer().startActiveSpan('upload', async (outer) => {
        outerSpanId = outer.spanContext().spanId;
        await bus.publish(subject, { id: 'p1' }, { msgId: `m-${subject}`, headers: { 'x-k': 'v' } });
        outer.end();
      });
      await waitFor(() => spanNamed(`${subject} process`).length === 1, 'the consumer span');

      const producer = spanNamed(`${subject} publish`)[0]!;
      const consumer = spanNamed(`${subject} process`)[0]!;
      const outer = spanNamed('upload')[0]!;
      expect(producer.kind).toBe(SpanKind.PRODUCER);
      expect(consumer.kind).toBe(SpanKind.CONSUMER);
      expect(parentOf(producer)).toBe(outerSpanId);
      expect(consumer.spanContext().traceId).toBe(producer.spanContext().traceId);
      expect(consumer.spanContext().traceId).toBe(outer.spanContext().traceId);
      expect(parentOf(consumer)).toBe(producer.spanContext().spanId);
      expect(consumer.parentSpanContext?.isRemote).toBe(true);

      expect(producer.attributes).toMatchObject({
        'messaging.system': name,
        'messaging.destination.name': subject,
        'messaging.message.id': `m-${subject}`,
      });
      expect(consumer.attributes).toMatchObject({
        'messaging.system': name,
        'messaging.destination.name': subject,
        'messaging.consumer.group.name': `d_${n}`,
        'messaging.message.delivery_count': 1,
      });

      const headers = got[0]!.headers;
      expect(headers['x-k']).toBe('v');
      expect(headers.traceparent).toBe(
        `00-${producer.spanContext().traceId}-${producer.spanContext().spanId}-01`,
      );
      expect(Number(headers[PUBLISHED_AT_HEADER])).toBeGreaterThan(Date.now() - 60_000);
    });

    it('a throwing handler gives an ERROR span and the message is redelivered in the same trace', async () => {
      const subject = unique(subjects.fact);
      const deliveries: number[] = [];
      await bus.consume(subject, { durable: `r_${n}`, backoffMs: [20] }, async (m) => {
        deliveries.push(m.deliveryCount);
        if (m.deliveryCount === 1) throw new Error('first attempt fails (expected in this test)');
      });
      await tracer().startActiveSpan('root', async (root) => {
        await bus.publish(subject, 1);
        root.end();
      });
      await waitFor(() => spanNamed(`${subject} process`).length === 2, 'two consumer spans');
      expect(deliveries).toEqual([1, 2]);

      const producer = spanNamed(`${subject} publish`)[0]!;
      const [first, second] = spanNamed(`${subject} process`);
      expect(first!.status.code).toBe(SpanStatusCode.ERROR);
      expect(first!.status.message).toContain('first attempt fails');
      expect(first!.events.some((e) => e.name === 'exception')).toBe(true);
      expect(first!.attributes['afterglow.bus.outcome']).toBe('retry');
      expect(second!.status.code).not.toBe(SpanStatusCode.ERROR);
      expect(second!.attributes['messaging.message.delivery_count']).toBe(2);
      for (const s of [first!, second!]) {
        expect(s.spanContext().traceId).toBe(producer.spanContext().traceId);
        expect(parentOf(s)).toBe(producer.spanContext().spanId);
      }
    });

    it('continues a traceparent given by the caller, also into the dead letter', async () => {
      const subject = unique(subjects.fact);
      const given = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
      const dead: BusMessage[] = [];
      await bus.consume(`deadletter.${subject}`, { durable: `dl_${n}` }, async (m) => void dead.push(m));
      await bus.consume(subject, { durable: `p_${n}`, maxDeliver: 1 }, async () => {
        throw new Error('poison (expected in this test)');
      });
      // no active span here: the stored context is the only parent
      await bus.publish(subject, 1, { headers: { traceparent: given } });
      await waitFor(() => dead.length === 1, 'the dead letter');
      await waitFor(() => spanNamed(`deadletter.${subject} process`).length === 1, 'the dead-letter span');

      const producer = spanNamed(`${subject} publish`)[0]!;
      const failed = spanNamed(`${subject} process`)[0]!;
      const deadSpan = spanNamed(`deadletter.${subject} process`)[0]!;
      expect(producer.spanContext().traceId).toBe('a'.repeat(32));
      expect(parentOf(producer)).toBe('b'.repeat(16));
      expect(failed.attributes['afterglow.bus.outcome']).toBe('deadletter');
      expect(parentOf(failed)).toBe(producer.spanContext().spanId);
      // the dead letter keeps the original headers, so its handling joins the same trace
      expect(dead[0]!.headers.traceparent).toBe(`00-${'a'.repeat(32)}-${producer.spanContext().spanId}-01`);
      expect(deadSpan.spanContext().traceId).toBe('a'.repeat(32));
    });

    it('notify -> subscribe continues the trace', async () => {
      const subject = unique(subjects.live);
      const got: BusMessage[] = [];
      await bus.subscribe(subject, (m) => void got.push(m));
      await tracer().startActiveSpan('root', async (root) => {
        await bus.notify(subject, { hello: 1 });
        root.end();
      });
      await waitFor(() => spanNamed(`${subject} process`).length === 1, 'the subscriber span');
      const producer = spanNamed(`${subject} publish`)[0]!;
      const consumer = spanNamed(`${subject} process`)[0]!;
      expect(producer.kind).toBe(SpanKind.PRODUCER);
      expect(consumer.kind).toBe(SpanKind.CONSUMER);
      expect(parentOf(consumer)).toBe(producer.spanContext().spanId);
      expect(consumer.spanContext().traceId).toBe(producer.spanContext().traceId);
      expect(got[0]!.headers.traceparent).toContain(producer.spanContext().traceId);
    });

    it('request -> reply: CLIENT and SERVER spans share the trace; a failing reply is an ERROR span', async () => {
      const subject = unique(subjects.rpc);
      let handlerTrace = '';
      await bus.reply<{ a: number }, { b: number }>(subject, async (req) => {
        handlerTrace = trace.getActiveSpan()?.spanContext().traceId ?? '';
        if (req.a < 0) throw new Error('negative (expected in this test)');
        return { b: req.a * 2 };
      });
      const res = await tracer().startActiveSpan('root', async (root) => {
        try {
          return await bus.request<{ a: number }, { b: number }>(subject, { a: 21 }, { timeoutMs: 2000 });
        } finally {
          root.end();
        }
      });
      expect(res).toEqual({ b: 42 });
      await waitFor(() => spanNamed(`${subject} reply`).length === 1, 'the server span');
      const client = spanNamed(`${subject} request`)[0]!;
      const server = spanNamed(`${subject} reply`)[0]!;
      expect(client.kind).toBe(SpanKind.CLIENT);
      expect(server.kind).toBe(SpanKind.SERVER);
      expect(server.spanContext().traceId).toBe(client.spanContext().traceId);
      expect(parentOf(server)).toBe(client.spanContext().spanId);
      expect(handlerTrace).toBe(client.spanContext().traceId);

      exporter.reset();
      await expect(bus.request(subject, { a: -1 }, { timeoutMs: 2000 })).rejects.toThrow(/negative/);
      await waitFor(() => spanNamed(`${subject} reply`).length === 1, 'the failed server span');
      expect(spanNamed(`${subject} reply`)[0]!.status.code).toBe(SpanStatusCode.ERROR);
      expect(spanNamed(`${subject} request`)[0]!.status.code).toBe(SpanStatusCode.ERROR);
    });
  });
}
