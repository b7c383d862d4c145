/**
 * Tracing and metrics for any Bus (ARCHITECTURE.md convention 5: tracing crosses the bus).
 *
 * `tracedBus(bus, service)` wraps a bus using only `@opentelemetry/api`, so without a registered SDK
 * every call below is a cheap no-op (and only the `x-published-at` header is added):
 *
 *  - `publish` / `notify`: a PRODUCER span `<subject> publish`; the W3C trace context (`traceparent`,
 *    `tracestate`, `baggage`, whatever the registered propagator writes) and `x-published-at` (ms since
 *    the epoch) are added to the message headers. The span's parent is the active span, or the trace
 *    context the caller passed in the headers (a stored `traceparent`, e.g. from an outbox row), which
 *    then wins; either way the header sent is the PRODUCER span's (same trace, one level deeper).
 *  - `consume` / `subscribe` handlers: run inside a CONSUMER span `<subject> process` whose parent is
 *    extracted from the message headers ONLY (never from whatever context happens to be active when
 *    the bus calls the handler), so upload -> media -> realtime is one trace on both implementations.
 *    A throwing handler marks the span ERROR, records the exception and rethrows, so redelivery and
 *    dead-lettering work exactly as before.
 *  - `request` / `reply`: a CLIENT span `<subject> request` (context injected into the request headers)
 *    and a SERVER span `<subject> reply` around the reply handler, parented by those headers.
 *  - Metrics (through the global MeterProvider, looked up again whenever it changes):
 *      afterglow.bus.published               counter   {subject, operation: publish|notify}
 *      afterglow.bus.consumed                counter   {subject, operation: consume|subscribe,
 *                                                       outcome: ack|retry|deadletter (consume), ack|error (subscribe)}
 *      afterglow.bus.consume.lag_ms          histogram {subject, operation}: now - x-published-at
 *                                                       (redeliveries include their backoff; clamped at 0
 *                                                       against clock skew between hosts)
 *      afterglow.bus.handler.duration_ms     histogram {subject, operation: consume|subscribe|reply, outcome}
 *
 * `kind`, `ping` and `close` are delegated unchanged. Wrapping an already traced bus wraps the
 * underlying bus instead (no doubled spans).
 */
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  metrics,
  propagation,
  trace,
} from '@opentelemetry/api';
import type {
  Attributes,
  Context,
  Counter,
  Histogram,
  MeterProvider,
  Span,
  TextMapGetter,
  TextMapSetter,
  Tracer,
} from '@opentelemetry/api';
import type {
  Bus,
  BusMessage,
  ConsumeHandler,
  ConsumeOptions,
  Headers,
  PublishOptions,
  ReplyHandler,
  RequestOptions,
  SubscribeHandler,
  Subscription,
} from './types';
import { DEFAULT_MAX_DELIVER } from './util';

/** Header carrying the publish time (ms since the epoch), for the consume-lag histogram. */
export const PUBLISHED_AT_HEADER = 'x-published-at';

const SCOPE = '@afterglow/bus';

/** Writes propagation fields into a plain headers record. */
export const headersSetter: TextMapSetter<Headers> = {
  set(carrier, key, value) {
    carrier[key] = value;
  },
};

/** Reads propagation fields from a headers record; exact key first, then case-insensitively. */
export const headersGetter: TextMapGetter<Headers> = {
  keys(carrier) {
    return Object.keys(carrier);
  },
  get(carrier, key) {
    if (Object.hasOwn(carrier, key)) return carrier[key];
    const lower = key.toLowerCase();
    for (const k of Object.keys(carrier)) if (k.toLowerCase() === lower) return carrier[k];
    return undefined;
  },
};

interface Instruments {
  provider: MeterProvider;
  published: Counter;
  consumed: Counter;
  lag: Histogram;
  duration: Histogram;
}

let cached: Instruments | undefined;

/**
 * The metrics API has no proxy provider: a meter taken before the SDK registers stays a no-op forever.
 * So the instruments are (re)created whenever the global provider changes.
 */
function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (cached?.provider === provider) return cached;
  const meter = provider.getMeter(SCOPE);
  cached = {
    provider,
    published: meter.createCounter('afterglow.bus.published', {
      description: 'Messages published (facts) or notified (live notifications)',
    }),
    consumed: meter.createCounter('afterglow.bus.consumed', {
      description: 'Messages handled by consumers and subscribers, by outcome',
    }),
    lag: meter.createHistogram('afterglow.bus.consume.lag_ms', {
      description: 'Time from publish to the start of handling, in milliseconds',
      advice: {
        explicitBucketBoundaries: [
          1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000, 300_000,
        ],
      },
    }),
    duration: meter.createHistogram('afterglow.bus.handler.duration_ms', {
      description: 'Time spent in bus handlers, in milliseconds',
    }),
  };
  return cached;
}

function tracer(): Tracer {
  return trace.getTracer(SCOPE);
}

function fail(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
  const code = (err as { code?: unknown } | null)?.code;
  span.setAttribute(
    'error.type',
    typeof code === 'string' ? code : err instanceof Error ? err.name : 'Error',
  );
}

/** Bus wrappers already handed out, to their inner bus (so wrapping twice does not double the spans). */
const innerOf = new WeakMap<Bus, Bus>();

export function tracedBus(bus: Bus, serviceName: string): Bus {
  const inner = innerOf.get(bus) ?? bus;
  const system = inner.kind;

  function baseAttributes(subject: string, operation: string): Attributes {
    return {
      'messaging.system': system,
      'messaging.destination.name': subject,
      'messaging.operation.name': operation,
      'afterglow.service': serviceName,
    };
  }

  /**
   * Opens a PRODUCER/CLIENT span and returns headers carrying its context. Its parent is the trace
   * context the caller put in the headers, if any (e.g. an outbox relay re-publishing a row that
   * stored the request's traceparent), otherwise the active span.
   */
  function outgoing(
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    given: Headers | undefined,
  ): { span: Span; ctx: Context; headers: Headers } {
    const parent = given ? propagation.extract(context.active(), given, headersGetter) : context.active();
    const span = tracer().startSpan(name, { kind, attributes }, parent);
    const ctx = trace.setSpan(parent, span);
    const headers: Headers = { ...given };
    propagation.inject(ctx, headers, headersSetter);
    return { span, ctx, headers };
  }

  async function send(
    operation: 'publish' | 'notify',
    subject: string,
    msgId: string | undefined,
    given: Headers | undefined,
    deliver: (headers: Headers) => Promise<void>,
  ): Promise<void> {
    const attributes = baseAttributes(subject, operation);
    attributes['messaging.operation.type'] = 'send';
    if (msgId !== undefined) attributes['messaging.message.id'] = msgId;
    const { span, ctx, headers } = outgoing(`${subject} publish`, SpanKind.PRODUCER, attributes, given);
    headers[PUBLISHED_AT_HEADER] = String(Date.now());
    try {
      await context.with(ctx, () => deliver(headers));
      instruments().published.add(1, { subject, operation });
    } catch (err) {
      fail(span, err);
      throw err;
    } finally {
      span.end();
    }
  }

  /** Runs a consume/subscribe handler inside a CONSUMER span continuing the publisher's trace. */
  async function processMessage(
    operation: 'consume' | 'subscribe',
    msg: BusMessage<unknown>,
    durable: string | undefined,
    maxDeliver: number,
    run: () => void | Promise<void>,
  ): Promise<void> {
    const { subject } = msg;
    const attributes = baseAttributes(subject, operation === 'consume' ? 'process' : 'receive');
    attributes['messaging.operation.type'] = 'process';
    attributes['messaging.message.delivery_count'] = msg.deliveryCount;
    if (msg.msgId !== undefined) attributes['messaging.message.id'] = msg.msgId;
    if (durable !== undefined) attributes['messaging.consumer.group.name'] = durable;
    const parent = propagation.extract(ROOT_CONTEXT, msg.headers, headersGetter);
    const span = tracer().startSpan(`${subject} process`, { kind: SpanKind.CONSUMER, attributes }, parent);
    const m = instruments();
    const publishedAt = Number(msg.headers[PUBLISHED_AT_HEADER]);
    if (Number.isFinite(publishedAt) && publishedAt > 0) {
      m.lag.record(Math.max(0, Date.now() - publishedAt), { subject, operation });
    }
    const started = performance.now();
    let outcome = 'ack';
    try {
      await context.with(trace.setSpan(parent, span), run);
    } catch (err) {
      fail(span, err);
      outcome =
        operation === 'subscribe' ? 'error' : msg.deliveryCount >= maxDeliver ? 'deadletter' : 'retry';
      span.setAttribute('afterglow.bus.outcome', outcome);
      throw err;
    } finally {
      m.duration.record(performance.now() - started, { subject, operation, outcome });
      m.consumed.add(1, { subject, operation, outcome });
      span.end();
    }
  }

  const wrapped: Bus = {
    kind: inner.kind,

    publish(subject: string, data: unknown, opts: PublishOptions = {}): Promise<void> {
      return send('publish', subject, opts.msgId, opts.headers, (headers) =>
        inner.publish(subject, data, { ...opts, headers }),
      );
    },

    notify(subject: string, data: unknown, headers?: Headers): Promise<void> {
      return send('notify', subject, undefined, headers, (h) => inner.notify(subject, data, h));
    },

    consume<T = unknown>(
      subject: string,
      opts: ConsumeOptions,
      handler: ConsumeHandler<T>,
    ): Promise<Subscription> {
      const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
      return inner.consume<T>(subject, opts, (msg) =>
        processMessage('consume', msg, opts.durable, maxDeliver, () => handler(msg)),
      );
    },

    subscribe<T = unknown>(subject: string, handler: SubscribeHandler<T>): Promise<Subscription> {
      return inner.subscribe<T>(subject, (msg) =>
        processMessage('subscribe', msg, undefined, Infinity, () => handler(msg)),
      );
    },

    async request<Req = unknown, Res = unknown>(
      subject: string,
      data: Req,
      opts: RequestOptions = {},
    ): Promise<Res> {
      const attributes = baseAttributes(subject, 'request');
      attributes['messaging.operation.type'] = 'send';
      const { span, ctx, headers } = outgoing(
        `${subject} request`,
        SpanKind.CLIENT,
        attributes,
        opts.headers,
      );
      try {
        return await context.with(ctx, () => inner.request<Req, Res>(subject, data, { ...opts, headers }));
      } catch (err) {
        fail(span, err);
        throw err;
      } finally {
        span.end();
      }
    },

    reply<Req = unknown, Res = unknown>(
      subject: string,
      handler: ReplyHandler<Req, Res>,
    ): Promise<Subscription> {
      return inner.reply<Req, Res>(subject, async (data, headers) => {
        const attributes = baseAttributes(subject, 'reply');
        attributes['messaging.operation.type'] = 'process';
        const parent = propagation.extract(ROOT_CONTEXT, headers, headersGetter);
        const span = tracer().startSpan(`${subject} reply`, { kind: SpanKind.SERVER, attributes }, parent);
        const started = performance.now();
        let outcome = 'ok';
        try {
          return await context.with(trace.setSpan(parent, span), () => handler(data, headers));
        } catch (err) {
          outcome = 'error';
          fail(span, err);
          throw err;
        } finally {
          instruments().duration.record(performance.now() - started, {
            subject,
            operation: 'reply',
            outcome,
          });
          span.end();
        }
      });
    },

    ping(): Promise<void> {
      return inner.ping();
    },

    close(): Promise<void> {
      return inner.close();
    },
  };
  innerOf.set(wrapped, inner);
  return wrapped;
}
