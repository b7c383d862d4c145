/**
 * In-process Bus (embedded mode). Same observable semantics as the NATS implementation, with these
 * documented differences:
 *
 *  - Nothing is persisted. A durable consumer group only receives messages published after the first
 *    `consume` call for that durable; messages published before are not kept. Once a group exists it
 *    lives until `close()`: messages published while all of its instances are busy (or stopped) are
 *    queued in memory (bounded by `maxQueuedPerDurable`, oldest dropped first) and handed out as soon
 *    as an instance has capacity.
 *  - `ackWaitMs` is ignored: a handler always runs to completion, so a slow handler is never
 *    redelivered while it is still running.
 *  - A duplicate `msgId` (within the dedupe window) is dropped entirely, i.e. subscribers do not see it
 *    either (on NATS, core subscribers still see the duplicate publish; only the stream drops it).
 *  - Data is copied with `structuredClone`, so values JSON cannot carry (Date, Map, undefined fields)
 *    survive here but not over NATS. Keep payloads JSON-shaped.
 *
 * Delivery is always asynchronous: handlers are never invoked from inside `publish`/`notify`.
 */
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
  resolveConsumeOptions,
  settleWithin,
  subjectMatches,
  toBusRequestError,
  withTimeout,
} from './util';
import type { ErrorReporter, ResolvedConsumeOptions } from './util';

export interface MemoryBusOptions {
  /** msgId de-duplication window; default 2 minutes */
  dedupeWindowMs?: number;
  /** bound on how long `close()`/`stop()` wait for in-flight handlers; default 10 s */
  closeTimeoutMs?: number;
  /** messages kept per durable group while no instance can take them; default 100 000 */
  maxQueuedPerDurable?: number;
  /** where errors without a caller go (subscriber throws, dropped messages); default console.error */
  onError?: ErrorReporter;
}

/** A published message as stored in memory; `data` is the publisher's value, cloned once at publish. */
interface Envelope {
  subject: string;
  data: unknown;
  headers: Headers;
  msgId?: string;
}

interface Pending {
  envelope: Envelope;
  deliveryCount: number;
}

interface Member {
  handler: ConsumeHandler<unknown>;
  opts: ResolvedConsumeOptions;
  inFlight: number;
  active: boolean;
  running: Set<Promise<void>>;
}

/** One durable name: its members compete for messages (each message goes to exactly one member). */
interface Group {
  durable: string;
  pattern: string;
  members: Member[];
  queue: Pending[];
  nextMember: number;
  pumpScheduled: boolean;
}

interface Subscriber {
  pattern: string;
  handler: SubscribeHandler<unknown>;
  queue: BusMessage<unknown>[];
  active: boolean;
  /** the pump promise while the subscriber is draining its queue */
  draining?: Promise<void>;
}

interface Responder {
  pattern: string;
  handler: ReplyHandler<unknown, unknown>;
  active: boolean;
  /** monotonically increasing "last picked" stamp: the least recently used matching responder answers */
  lastUsed: number;
}

function toMessage(envelope: Envelope, deliveryCount: number): BusMessage<unknown> {
  const msg: BusMessage<unknown> = {
    subject: envelope.subject,
    // every delivery gets its own copy: consumers cannot affect each other or a later redelivery
    data: structuredClone(envelope.data),
    headers: { ...envelope.headers },
    deliveryCount,
  };
  if (envelope.msgId !== undefined) msg.msgId = envelope.msgId;
  return msg;
}

export function createMemoryBus(opts: MemoryBusOptions = {}): Bus {
  const dedupeWindowMs = opts.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const closeTimeoutMs = opts.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  const maxQueued = opts.maxQueuedPerDurable ?? 100_000;
  const report = opts.onError ?? defaultErrorReporter;

  /** msgId -> expiry time. Insertion order == expiry order because the window is constant. */
  const seen = new Map<string, number>();
  const groups = new Map<string, Group>();
  const subscribers = new Set<Subscriber>();
  const responders = new Set<Responder>();
  const retryTimers = new Set<ReturnType<typeof setTimeout>>();
  /** every running handler (consume, subscribe, reply), so close() can wait for them */
  const inFlight = new Set<Promise<unknown>>();
  let useCounter = 0;
  let closed = false;

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  function assertOpen(): void {
    if (closed) throw new Error('bus is closed');
  }

  /** Returns true if `msgId` was already published within the window (and records it otherwise). */
  function isDuplicate(msgId: string): boolean {
    const now = Date.now();
    for (const [id, expires] of seen) {
      if (expires > now) break;
      seen.delete(id);
    }
    if (seen.has(msgId)) return true;
    seen.set(msgId, now + dedupeWindowMs);
    return false;
  }

  // ---------------------------------------------------------------- fan-out (subscribe)

  function fanOut(envelope: Envelope): void {
    for (const sub of subscribers) {
      if (!sub.active || !subjectMatches(sub.pattern, envelope.subject)) continue;
      sub.queue.push(toMessage(envelope, 1));
      if (!sub.draining) sub.draining = track(drainSubscriber(sub));
    }
  }

  /** Handles a subscriber's messages one at a time, in publish order. */
  async function drainSubscriber(sub: Subscriber): Promise<void> {
    // yield first so the handler never runs synchronously inside publish()/notify()
    await Promise.resolve();
    try {
      while (sub.active && sub.queue.length > 0) {
        const msg = sub.queue.shift() as BusMessage<unknown>;
        try {
          await sub.handler(msg);
        } catch (err) {
          report(err, `subscriber on ${sub.pattern} failed for ${msg.subject}`);
        }
      }
    } finally {
      sub.draining = undefined;
    }
  }

  // ---------------------------------------------------------------- durable groups (consume)

  function enqueue(group: Group, item: Pending, front = false): void {
    if (front) group.queue.unshift(item);
    else group.queue.push(item);
    if (group.queue.length > maxQueued) {
      const dropped = group.queue.shift() as Pending;
      report(
        new Error(`durable ${group.durable} has more than ${maxQueued} queued messages; dropped the oldest`),
        `dropped ${dropped.envelope.subject}`,
      );
    }
    schedulePump(group);
  }

  function schedulePump(group: Group): void {
    if (group.pumpScheduled || closed) return;
    group.pumpScheduled = true;
    queueMicrotask(() => {
      group.pumpScheduled = false;
      pump(group);
    });
  }

  /** Hands queued messages to members with free capacity, round-robin. */
  function pump(group: Group): void {
    while (!closed && group.queue.length > 0) {
      const member = pickMember(group);
      if (!member) return;
      const item = group.queue.shift() as Pending;
      runHandler(group, member, item);
    }
  }

  function pickMember(group: Group): Member | undefined {
    const n = group.members.length;
    for (let i = 0; i < n; i++) {
      const index = (group.nextMember + i) % n;
      const member = group.members[index] as Member;
      if (member.active && member.inFlight < member.opts.concurrency) {
        group.nextMember = (index + 1) % n;
        return member;
      }
    }
    return undefined;
  }

  function runHandler(group: Group, member: Member, item: Pending): void {
    member.inFlight++;
    const run = (async () => {
      try {
        await member.handler(toMessage(item.envelope, item.deliveryCount));
      } catch (err) {
        handleFailure(group, member.opts, item, err);
      } finally {
        member.inFlight--;
        schedulePump(group);
      }
    })();
    member.running.add(run);
    void run.finally(() => member.running.delete(run));
    track(run);
  }

  function handleFailure(group: Group, opts: ResolvedConsumeOptions, item: Pending, err: unknown): void {
    if (closed) {
      report(err, `handler for ${item.envelope.subject} failed while the bus was closing; message dropped`);
      return;
    }
    if (item.deliveryCount >= opts.maxDeliver) {
      deadLetter(group, item, err);
      return;
    }
    const timer = setTimeout(
      () => {
        retryTimers.delete(timer);
        // redeliveries go ahead of new messages, like JetStream does
        enqueue(group, { envelope: item.envelope, deliveryCount: item.deliveryCount + 1 }, true);
      },
      backoffFor(opts.backoffMs, item.deliveryCount),
    );
    retryTimers.add(timer);
  }

  function deadLetter(group: Group, item: Pending, err: unknown): void {
    const { envelope } = item;
    route({
      subject: DEADLETTER_PREFIX + envelope.subject,
      data: envelope.data,
      headers: deadLetterHeaders(envelope.headers, envelope.subject, group.durable, item.deliveryCount, err),
    });
  }

  /** Delivers a stored fact to every matching durable group and every matching subscriber. */
  function route(envelope: Envelope): void {
    for (const group of groups.values()) {
      if (subjectMatches(group.pattern, envelope.subject)) enqueue(group, { envelope, deliveryCount: 1 });
    }
    fanOut(envelope);
  }

  // ---------------------------------------------------------------- Bus

  async function publish(subject: string, data: unknown, options: PublishOptions = {}): Promise<void> {
    assertOpen();
    assertSubject(subject);
    const envelope: Envelope = { subject, data: structuredClone(data), headers: { ...options.headers } };
    if (options.msgId !== undefined) {
      if (isDuplicate(options.msgId)) return;
      envelope.msgId = options.msgId;
    }
    route(envelope);
  }

  async function consume<T = unknown>(
    subject: string,
    options: ConsumeOptions,
    handler: ConsumeHandler<T>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const resolved = resolveConsumeOptions(options);
    let group = groups.get(resolved.durable);
    if (!group) {
      group = {
        durable: resolved.durable,
        pattern: subject,
        members: [],
        queue: [],
        nextMember: 0,
        pumpScheduled: false,
      };
      groups.set(resolved.durable, group);
    } else {
      // like a JetStream consumer update: the latest registration defines the filter subject
      group.pattern = subject;
    }
    const member: Member = {
      handler: handler as ConsumeHandler<unknown>,
      opts: resolved,
      inFlight: 0,
      active: true,
      running: new Set(),
    };
    group.members.push(member);
    schedulePump(group);
    const owner = group;
    return {
      async stop() {
        if (!member.active) return;
        member.active = false;
        owner.members = owner.members.filter((m) => m !== member);
        owner.nextMember = 0;
        // queued messages stay in the group for the remaining (or future) members
        await settleWithin(member.running, closeTimeoutMs);
      },
    };
  }

  async function subscribe<T = unknown>(
    subject: string,
    handler: SubscribeHandler<T>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const sub: Subscriber = {
      pattern: subject,
      handler: handler as SubscribeHandler<unknown>,
      queue: [],
      active: true,
    };
    subscribers.add(sub);
    return {
      async stop() {
        if (!sub.active) return;
        sub.active = false;
        sub.queue.length = 0;
        subscribers.delete(sub);
        if (sub.draining) await settleWithin([sub.draining], closeTimeoutMs);
      },
    };
  }

  async function notify(subject: string, data: unknown, headers: Headers = {}): Promise<void> {
    assertOpen();
    assertSubject(subject);
    fanOut({ subject, data: structuredClone(data), headers: { ...headers } });
  }

  async function request<Req = unknown, Res = unknown>(
    subject: string,
    data: Req,
    options: RequestOptions = {},
  ): Promise<Res> {
    assertOpen();
    assertSubject(subject);
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const headers = { ...options.headers };
    const payload = structuredClone(data);
    // requests are ordinary messages on the wire in NATS, so subscribers see them too
    fanOut({ subject, data: payload, headers });

    let chosen: Responder | undefined;
    for (const r of responders) {
      if (r.active && subjectMatches(r.pattern, subject) && (!chosen || r.lastUsed < chosen.lastUsed))
        chosen = r;
    }
    if (!chosen) throw new BusRequestError(`no responders for ${subject}`, 'no_responders', 503);
    chosen.lastUsed = ++useCounter;
    const responder = chosen;

    const answer = track(
      (async () => {
        await Promise.resolve(); // never run the handler synchronously inside request()
        try {
          return structuredClone(await responder.handler(structuredClone(payload), { ...headers }));
        } catch (err) {
          throw toBusRequestError(err);
        }
      })(),
    );
    // a late answer after the timeout is discarded; keep it from surfacing as an unhandled rejection
    answer.catch(() => undefined);
    return withTimeout(
      answer,
      timeoutMs,
      () => new BusRequestError(`request to ${subject} timed out after ${timeoutMs} ms`, 'timeout', 504),
    ) as Promise<Res>;
  }

  async function reply<Req = unknown, Res = unknown>(
    subject: string,
    handler: ReplyHandler<Req, Res>,
  ): Promise<Subscription> {
    assertOpen();
    assertPattern(subject);
    const responder: Responder = {
      pattern: subject,
      handler: handler as ReplyHandler<unknown, unknown>,
      active: true,
      lastUsed: useCounter,
    };
    responders.add(responder);
    return {
      async stop() {
        responder.active = false;
        responders.delete(responder);
      },
    };
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    for (const timer of retryTimers) clearTimeout(timer);
    retryTimers.clear();
    for (const group of groups.values()) {
      for (const m of group.members) m.active = false;
      group.queue.length = 0;
    }
    for (const sub of subscribers) {
      sub.active = false;
      sub.queue.length = 0;
    }
    for (const r of responders) r.active = false;
    const drained = await settleWithin(inFlight, closeTimeoutMs);
    if (!drained) report(new Error(`handlers still running after ${closeTimeoutMs} ms`), 'close');
    groups.clear();
    subscribers.clear();
    responders.clear();
    seen.clear();
  }

  return {
    kind: 'memory',
    publish,
    consume,
    subscribe,
    notify,
    request,
    reply,
    async ping() {
      assertOpen();
    },
    close,
  };
}
