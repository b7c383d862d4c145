/**
 * NATS JetStream Bus (distributed mode), on the @nats-io v3 client packages.
 *
 *  - Facts (`publish`) go to one file-backed stream (default `AFTERGLOW`, subjects `photo.>`,
 *    `event.>`, `user.>`, `payment.>`) with `duplicate_window` = the dedupe window and the msgId sent
 *    as `Nats-Msg-Id`. Dead letters go to a second stream (`<stream>_DEADLETTER`) whose subjects are the
 *    main subjects prefixed with `deadletter.`. Both streams are created or updated at start-up;
 *    existing subjects are kept (union), so services configured with different lists do not fight.
 *  - `consume` = durable pull consumer (explicit ack, deliver policy `all`: a durable created after
 *    messages were stored still gets them, so start-up order between services does not lose facts).
 *    Failures are `nak`ed with the client-side backoff delay. The consumer's server-side `backoff`
 *    list is deliberately NOT used: the server then replaces `ack_wait` with `backoff[0]`, which would
 *    redeliver a slow (still running) handler after e.g. 200 ms. While a handler runs, the delivery is
 *    kept alive with in-progress acks (`working()` every ackWait/2), so `ackWaitMs` bounds how long a
 *    delivery survives a crashed or disconnected instance, and a slow handler is never redelivered
 *    concurrently (same as the in-memory bus).
 *  - The bus itself dead-letters on the `maxDeliver`-th failure (publish to `deadletter.<subject>`,
 *    then `term`). The server's `max_deliver` is set to `maxDeliver + 1`: the extra delivery is a
 *    safety net so a message whose last attempt was interrupted (crash, failed dead-letter publish)
 *    is tried once more and dead-lettered, instead of being silently given up by the server.
 *  - `subscribe`/`notify`/`request`/`reply` are core NATS. Core subscribers see JetStream publishes
 *    too, including a duplicate msgId publish (only the stream drops duplicates).
 *  - The connection reconnects forever. A `publish` while disconnected rejects after
 *    `publishTimeoutMs`; the client may still send the buffered publish after reconnecting, so
 *    callers that retry should pass a `msgId` (the stream then stores the message once).
 */
import { RequestError, TimeoutError, connect, headers as natsHeaders, nanos } from '@nats-io/transport-node';
import type { Msg, MsgHdrs, NatsConnection, Subscription as NatsSubscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  StorageType,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type {
  ConsumerConfig,
  ConsumerMessages,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  StreamConfig,
} from '@nats-io/jetstream';
import { STREAM_SUBJECTS } from '@afterglow/contracts';
import { BusRequestError } from './types';
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
import {
  DEADLETTER_PREFIX,
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_DEDUPE_WINDOW_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  assertPattern,
  assertSubject,
  backoffFor,
  deadLetterHeaders,
  defaultErrorReporter,
  errorMessage,
  resolveConsumeOptions,
  settleWithin,
  sleep,
  toBusRequestError,
  withTimeout,
} from './util';
import type { ErrorReporter, ResolvedConsumeOptions } from './util';

export interface NatsBusOptions {
  url: string;
  /** stream for the durable facts; default 'AFTERGLOW' */
  stream?: string;
  /** subjects stored in that stream; default contracts' STREAM_SUBJECTS */
  subjects?: string[];
  /** connection name shown by the server (e.g. the service name) */
  name?: string;
  /** msgId de-duplication window (stream duplicate_window); default 2 minutes */
  dedupeWindowMs?: number;
  /** stream replicas (clustered JetStream); default 1 */
  replicas?: number;
  /** dead-letter stream name; default `<stream>_DEADLETTER` */
  deadLetterStream?: string;
  /** how long `publish` waits for the stream's ack (also while disconnected); default 5 s */
  publishTimeoutMs?: number;
  /** bound on how long `close()`/`stop()` wait for in-flight handlers and the drain; default 10 s */
  closeTimeoutMs?: number;
  /** wait between reconnect attempts; default 2 s (plus jitter) */
  reconnectTimeWaitMs?: number;
  /** where errors without a caller go (handler failures in subscribers, consumer loop errors); default console.error */
  onError?: ErrorReporter;
}

const DEFAULT_STREAM = 'AFTERGLOW';
const DEFAULT_PUBLISH_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
/** pause before re-creating a consumer whose message loop ended unexpectedly */
const CONSUMER_RESTART_DELAY_MS = 1_000;
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_ALREADY_EXISTS = 10148;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function encode(value: unknown): Uint8Array {
  const json = JSON.stringify(value);
  // JSON.stringify(undefined) is undefined: send an empty payload, decoded back to undefined
  return json === undefined ? new Uint8Array(0) : encoder.encode(json);
}

function decode(data: Uint8Array): unknown {
  return data.length === 0 ? undefined : JSON.parse(decoder.decode(data));
}

function toNatsHeaders(h: Headers | undefined): MsgHdrs | undefined {
  if (!h) return undefined;
  const entries = Object.entries(h);
  if (entries.length === 0) return undefined;
  const out = natsHeaders();
  for (const [key, value] of entries) out.set(key, value);
  return out;
}

/** Application headers of a received message; `Nats-*` headers (e.g. Nats-Msg-Id) are transport details. */
function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const key of h.keys()) {
    if (/^nats-/i.test(key)) continue;
    out[key] = h.get(key);
  }
  return out;
}

function msgIdOf(h: MsgHdrs | undefined): string | undefined {
  const id = h?.get('Nats-Msg-Id');
  return id ? id : undefined;
}

function toBusMessage(
  subject: string,
  data: unknown,
  h: MsgHdrs | undefined,
  deliveryCount: number,
): BusMessage<unknown> {
  const msg: BusMessage<unknown> = { subject, data, headers: fromNatsHeaders(h), deliveryCount };
  const msgId = msgIdOf(h);
  if (msgId !== undefined) msg.msgId = msgId;
  return msg;
}

/** Reply payload: the requester turns `ok: false` back into the same BusRequestError. */
type ReplyEnvelope =
  { ok: true; data?: unknown } | { ok: false; error: { message: string; code: string; status: number } };

function isReplyEnvelope(value: unknown): value is ReplyEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; error?: unknown };
  if (v.ok === true) return true;
  if (v.ok !== false || typeof v.error !== 'object' || v.error === null) return false;
  const e = v.error as Record<string, unknown>;
  return typeof e.message === 'string' && typeof e.code === 'string' && typeof e.status === 'number';
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/** Queue group for `reply` on `subject`: one group per subject so the replicas of a service share its requests. */
function queueGroupFor(subject: string): string {
  return `rpc:${subject.replace(/\*/g, '_star_').replace(/>/g, '_all_')}`;
}

function unsubscribe(sub: NatsSubscription): void {
  try {
    sub.unsubscribe();
  } catch {
    // already closed together with the connection
  }
}

/** Counting semaphore bounding the messages a consume loop handles at once. */
class Semaphore {
  private waiters: Array<() => void> = [];
  constructor(private available: number) {}
  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available++;
  }
}

async function ensureStream(
  jsm: JetStreamManager,
  cfg: Partial<StreamConfig> & { name: string; subjects: string[] },
  replicasExplicit: boolean,
): Promise<void> {
  try {
    const info = await jsm.streams.info(cfg.name);
    const subjects = [...new Set([...(info.config.subjects ?? []), ...cfg.subjects])];
    const changes: Partial<StreamConfig> = {};
    if (subjects.length !== (info.config.subjects ?? []).length) changes.subjects = subjects;
    if (cfg.duplicate_window !== undefined && info.config.duplicate_window !== cfg.duplicate_window) {
      changes.duplicate_window = cfg.duplicate_window;
    }
    if (replicasExplicit && cfg.num_replicas !== undefined && info.config.num_replicas !== cfg.num_replicas) {
      changes.num_replicas = cfg.num_replicas;
    }
    if (Object.keys(changes).length > 0) await jsm.streams.update(cfg.name, changes);
  } catch (err) {
    if (!(err instanceof JetStreamApiError) || err.code !== 10059 /* stream not found */) throw err;
    try {
      await jsm.streams.add(cfg);
    } catch (addErr) {
      // created concurrently by another instance: converge on our settings
      if (!isApiError(addErr, STREAM_NAME_IN_USE)) throw addErr;
      await ensureStream(jsm, cfg, replicasExplicit);
    }
  }
}

async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  cfg: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  const wanted = {
    ack_wait: cfg.ack_wait,
    max_deliver: cfg.max_deliver,
    filter_subject: cfg.filter_subject,
  };
  try {
    const info = await jsm.consumers.info(stream, cfg.durable_name);
    const differs =
      info.config.ack_wait !== wanted.ack_wait ||
      info.config.max_deliver !== wanted.max_deliver ||
      info.config.filter_subject !== wanted.filter_subject ||
      (info.config.backoff?.length ?? 0) > 0;
    // `backoff: []` clears a server-side backoff set by someone else (it would override ack_wait)
    if (differs) await jsm.consumers.update(stream, cfg.durable_name, { ...wanted, backoff: [] });
  } catch (err) {
    if (!(err instanceof JetStreamApiError) || err.code !== 10014 /* consumer not found */) throw err;
    try {
      await jsm.consumers.add(stream, cfg);
    } catch (addErr) {
      // created concurrently with a different config (servers >= 2.10 refuse a silent update)
      if (!isApiError(addErr, CONSUMER_ALREADY_EXISTS)) throw addErr;
      await jsm.consumers.update(stream, cfg.durable_name, { ...wanted, backoff: [] });
    }
  }
}

export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const streamName = opts.stream ?? DEFAULT_STREAM;
  const dlStreamName = opts.deadLetterStream ?? `${streamName}_DEADLETTER`;
  const subjects = opts.subjects ?? STREAM_SUBJECTS;
  const dedupeWindowMs = opts.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const publishTimeoutMs = opts.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  const closeTimeoutMs = opts.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  const report = opts.onError ?? defaultErrorReporter;
  subjects.forEach(assertPattern);

  const nc: NatsConnection = await connect({
    servers: opts.url,
    name: opts.name,
    // reconnect forever, with a bounded wait between attempts, so a NATS restart is survived
    maxReconnectAttempts: -1,
    reconnectTimeWait: opts.reconnectTimeWaitMs ?? 2_000,
    reconnectJitter: 500,
    pingInterval: 20_000,
    maxPingOut: 3,
  });

  let jsm: JetStreamManager;
  let js: JetStreamClient;
  try {
    jsm = await jetstreamManager(nc, { timeout: publishTimeoutMs });
    js = jetstream(nc, { timeout: publishTimeoutMs });
    const common: Partial<StreamConfig> = {
      storage: StorageType.File,
      duplicate_window: nanos(dedupeWindowMs),
      num_replicas: opts.replicas ?? 1,
    };
    await ensureStream(
      jsm,
      { ...common, name: streamName, subjects: [...subjects] },
      opts.replicas !== undefined,
    );
    await ensureStream(
      jsm,
      { ...common, name: dlStreamName, subjects: subjects.map((s) => DEADLETTER_PREFIX + s) },
      opts.replicas !== undefined,
    );
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw err;
  }

  let closed = false;
  // a connection that closes on its own (it reconnects forever, so e.g. an auth failure) is worth a report
  void nc.closed().then((err) => {
    if (err && !closed) report(err, 'NATS connection closed');
  });
  /** everything close() has to stop: consumers, subscriptions, responders */
  const stoppers = new Set<() => Promise<void>>();

  function assertOpen(): void {
    if (closed || nc.isClosed()) throw new Error('bus is closed');
  }

  function register(stop: () => Promise<void>): Subscription {
    let stopped: Promise<void> | undefined;
    const once = () => {
      stopped ??= stop().finally(() => stoppers.delete(once));
      return stopped;
    };
    stoppers.add(once);
    return { stop: once };
  }

  async function jsPublish(
    subject: string,
    payload: Uint8Array,
    h: MsgHdrs | undefined,
    msgId: string | undefined,
  ): Promise<void> {
    try {
      await js.publish(subject, payload, {
        timeout: publishTimeoutMs,
        ...(h ? { headers: h } : {}),
        ...(msgId !== undefined ? { msgID: msgId } : {}),
      });
    } catch (err) {
      // "no responders" to a JetStream publish means no stream stores this subject
      // (the client reports it as JetStreamNotEnabled, with the RequestError as cause)
      const cause = err instanceof Error ? err.cause : undefined;
      const noStream = cause instanceof RequestError && cause.isNoResponders();
      const reason = noStream ? 'no stream stores this subject' : errorMessage(err);
      throw new Error(`publish to ${subject} failed: ${reason}`, { cause: err });
    }
  }

  // ---------------------------------------------------------------- consume

  async function consume<T = unknown>(
    subject: string,
    options: ConsumeOptions,
    handler: ConsumeHandler<T>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const o = resolveConsumeOptions(options);
    const stream = subject.startsWith(DEADLETTER_PREFIX) ? dlStreamName : streamName;
    const consumerConfig = {
      durable_name: o.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(o.ackWaitMs),
      // one spare delivery: see the header comment
      max_deliver: o.maxDeliver + 1,
      filter_subject: subject,
    };
    await ensureConsumer(jsm, stream, consumerConfig);

    let stopping = false;
    let messages: ConsumerMessages | undefined;
    const slots = new Semaphore(o.concurrency);
    const running = new Set<Promise<void>>();

    const loop = (async () => {
      while (!stopping) {
        try {
          const consumer = await js.consumers.get(stream, o.durable);
          // max_messages = concurrency keeps the client-side prefetch buffer small, so messages are
          // not parked here while other instances of the same durable are idle
          messages = await consumer.consume({ max_messages: o.concurrency });
          if (stopping) {
            await messages.close();
            break;
          }
          const it = messages[Symbol.asyncIterator]();
          for (;;) {
            await slots.acquire();
            const next = await it.next();
            if (next.done) {
              slots.release();
              break;
            }
            const m = next.value;
            if (stopping) {
              // prefetched after stop(): hand it straight back for another instance
              m.nak();
              slots.release();
              continue;
            }
            const run = handle(m, o, handler as ConsumeHandler<unknown>)
              // ack/nak/term throw once the connection is closed; nothing else can be done then
              .catch((err: unknown) => report(err, `consumer ${o.durable}: settling ${m.subject}`))
              .finally(() => slots.release());
            running.add(run);
            void run.finally(() => running.delete(run));
          }
        } catch (err) {
          if (!stopping) report(err, `consumer ${o.durable} on ${subject}`);
        }
        // the message loop ends on stop() or when the client gives up on the consumer (e.g. it was
        // deleted); in the latter case re-create it and carry on
        if (!stopping && nc.isClosed()) break;
        if (!stopping) {
          await sleep(CONSUMER_RESTART_DELAY_MS);
          if (!stopping) {
            await ensureConsumer(jsm, stream, consumerConfig).catch((err: unknown) =>
              report(err, `re-creating consumer ${o.durable}`),
            );
          }
        }
      }
    })();

    return register(async () => {
      stopping = true;
      const closing = messages ? messages.close().then(() => undefined) : Promise.resolve();
      const ok = await settleWithin([closing, loop, ...running], closeTimeoutMs);
      // handlers that started while we waited
      if (ok) await settleWithin([...running], closeTimeoutMs);
      else report(new Error(`consumer ${o.durable} did not stop within ${closeTimeoutMs} ms`), 'stop');
    });
  }

  async function handle(
    m: JsMsg,
    o: ResolvedConsumeOptions,
    handler: ConsumeHandler<unknown>,
  ): Promise<void> {
    const deliveryCount = m.info.deliveryCount;
    let data: unknown;
    try {
      data = decode(m.data);
    } catch (err) {
      // a payload that is not JSON can never succeed: dead-letter it right away
      await deadLetter(m, o, deliveryCount, new Error(`invalid JSON payload: ${errorMessage(err)}`));
      return;
    }
    // in-progress acks keep the delivery ours while the handler runs (see the header comment)
    const keepAlive = setInterval(
      () => {
        try {
          m.working();
        } catch {
          // connection closed: the server redelivers after ack_wait, nothing to do here
        }
      },
      Math.max(Math.floor(o.ackWaitMs / 2), 10),
    );
    let failed = false;
    let failure: unknown;
    try {
      await handler(toBusMessage(m.subject, data, m.headers, deliveryCount));
    } catch (err) {
      failed = true;
      failure = err;
    } finally {
      clearInterval(keepAlive);
    }
    if (!failed) m.ack();
    else if (deliveryCount >= o.maxDeliver) await deadLetter(m, o, deliveryCount, failure);
    else m.nak(backoffFor(o.backoffMs, deliveryCount));
  }

  async function deadLetter(
    m: JsMsg,
    o: ResolvedConsumeOptions,
    deliveryCount: number,
    err: unknown,
  ): Promise<void> {
    const h = deadLetterHeaders(fromNatsHeaders(m.headers), m.subject, o.durable, deliveryCount, err);
    try {
      // the msgId makes a retried dead-letter publish (after a crash or a failed term) idempotent
      await jsPublish(
        DEADLETTER_PREFIX + m.subject,
        m.data,
        toNatsHeaders(h),
        `dl:${m.info.stream}:${m.seq}:${o.durable}`,
      );
      m.term(`dead-lettered after ${deliveryCount} deliveries`);
    } catch (publishErr) {
      // keep the message: it comes back once more (server max_deliver is maxDeliver + 1)
      report(publishErr, `dead-lettering ${m.subject} (seq ${m.seq}) for ${o.durable}`);
      m.nak(backoffFor(o.backoffMs, deliveryCount));
    }
  }

  // ---------------------------------------------------------------- core subjects

  async function subscribe<T = unknown>(
    subject: string,
    handler: SubscribeHandler<T>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const sub: NatsSubscription = nc.subscribe(subject);
    let stopping = false;
    const loop = (async () => {
      // one message at a time, in arrival order (like the in-memory bus)
      for await (const m of sub) {
        if (stopping) break;
        try {
          await handler(toBusMessage(m.subject, decode(m.data), m.headers, 1) as BusMessage<T>);
        } catch (err) {
          report(err, `subscriber on ${subject} failed for ${m.subject}`);
        }
      }
    })();
    // make sure the server knows about the interest before the caller publishes
    await nc.flush();
    return register(async () => {
      stopping = true;
      unsubscribe(sub);
      await settleWithin([loop], closeTimeoutMs);
    });
  }

  async function notify(subject: string, data: unknown, headers?: Headers): Promise<void> {
    assertOpen();
    assertSubject(subject);
    const h = toNatsHeaders(headers);
    nc.publish(subject, encode(data), h ? { headers: h } : undefined);
  }

  async function request<Req = unknown, Res = unknown>(
    subject: string,
    data: Req,
    options: RequestOptions = {},
  ): Promise<Res> {
    assertOpen();
    assertSubject(subject);
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const h = toNatsHeaders(options.headers);
    let answer: Msg;
    try {
      answer = await nc.request(subject, encode(data), { timeout: timeoutMs, ...(h ? { headers: h } : {}) });
    } catch (err) {
      if (err instanceof TimeoutError) {
        throw new BusRequestError(`request to ${subject} timed out after ${timeoutMs} ms`, 'timeout', 504);
      }
      if (err instanceof RequestError && err.isNoResponders())
        throw new BusRequestError(`no responders for ${subject}`, 'no_responders', 503);
      throw new BusRequestError(`request to ${subject} failed: ${errorMessage(err)}`, 'unavailable', 503);
    }
    let envelope: unknown;
    try {
      envelope = decode(answer.data);
    } catch {
      envelope = undefined;
    }
    if (!isReplyEnvelope(envelope)) {
      throw new BusRequestError(`invalid reply from ${subject}`, 'bad_reply', 502);
    }
    if (!envelope.ok) {
      throw new BusRequestError(envelope.error.message, envelope.error.code, envelope.error.status);
    }
    return envelope.data as Res;
  }

  async function reply<Req = unknown, Res = unknown>(
    subject: string,
    handler: ReplyHandler<Req, Res>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const sub = nc.subscribe(subject, { queue: queueGroupFor(subject) });
    const running = new Set<Promise<void>>();
    const answer = async (m: Msg): Promise<void> => {
      let envelope: ReplyEnvelope;
      try {
        let req: unknown;
        try {
          req = decode(m.data);
        } catch {
          throw new BusRequestError('request payload is not valid JSON', 'bad_request', 400);
        }
        envelope = { ok: true, data: await handler(req as Req, fromNatsHeaders(m.headers)) };
      } catch (err) {
        const e = toBusRequestError(err);
        envelope = { ok: false, error: { message: e.message, code: e.code, status: e.status } };
      }
      let payload: Uint8Array;
      try {
        payload = encode(envelope);
      } catch (err) {
        payload = encode({
          ok: false,
          error: {
            message: `reply is not serializable: ${errorMessage(err)}`,
            code: 'request_failed',
            status: 500,
          },
        });
      }
      m.respond(payload);
    };
    const loop = (async () => {
      for await (const m of sub) {
        // a plain publish on an rpc subject has nobody to answer to
        if (!m.reply) continue;
        // requests are answered concurrently; one slow request must not hold up the others
        const run = answer(m).catch((err: unknown) => report(err, `reply on ${subject}`));
        running.add(run);
        void run.finally(() => running.delete(run));
      }
    })();
    await nc.flush();
    return register(async () => {
      unsubscribe(sub);
      await settleWithin([loop, ...running], closeTimeoutMs);
    });
  }

  async function ping(): Promise<void> {
    assertOpen();
    await withTimeout(
      nc.rtt(),
      PING_TIMEOUT_MS,
      () => new Error(`NATS did not answer a ping within ${PING_TIMEOUT_MS} ms`),
    );
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    // stop consumers/subscriptions first so in-flight handlers can still ack over the open connection
    await Promise.all([...stoppers].map((stop) => stop()));
    try {
      await withTimeout(nc.drain(), closeTimeoutMs, () => new Error('drain timed out'));
    } catch (err) {
      if (!nc.isClosed()) {
        report(err, 'close');
        await nc.close().catch(() => undefined);
      }
    }
  }

  return {
    kind: 'nats',
    publish: async (subject: string, data: unknown, options: PublishOptions = {}) => {
      assertOpen();
      assertSubject(subject);
      await jsPublish(subject, encode(data), toNatsHeaders(options.headers), options.msgId);
    },
    consume,
    subscribe,
    notify,
    request,
    reply,
    ping,
    close,
  };
}
