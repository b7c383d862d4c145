/**
 * The bus every service talks over. Two implementations satisfy it: in-memory (embedded mode) and
 * NATS JetStream (distributed mode). Both pass the same contract suite (`contract.ts`).
 *
 * Subject spaces:
 *  - durable facts (`photo.>`, `event.>`, `user.>`, `payment.>`): stored (JetStream), published with
 *    `publish`, read by durable competing consumers with `consume`, and also seen by `subscribe`;
 *  - `rpc.>`: request/reply, never stored;
 *  - `live.>`: transient fan-out notifications (`notify`), never stored;
 *  - `deadletter.<subject>`: where a message goes after `maxDeliver` failed deliveries (stored).
 */
export type Headers = Record<string, string>;

export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
  headers: Headers;
  /** the de-duplication id given at publish (Nats-Msg-Id), if any */
  msgId?: string;
  /** 1 on first delivery, 2 on the first redelivery, ... */
  deliveryCount: number;
}

export interface PublishOptions {
  /** de-duplication id: a second publish with the same id (within the window) is stored once */
  msgId?: string;
  headers?: Headers;
}

export interface ConsumeOptions {
  /** consumer name; every instance using the same durable shares the work (each message to one of them) */
  durable: string;
  /** deliveries before the message is dead-lettered to `deadletter.<subject>`; default 5 */
  maxDeliver?: number;
  /** delay before each redelivery after a failure, in ms; the last value repeats; default [200, 1000, 5000] */
  backoffMs?: number[];
  /** how long a delivery may stay unacknowledged before it is redelivered; default 30000 */
  ackWaitMs?: number;
  /** messages handled at once by this instance; default 1 */
  concurrency?: number;
}

/** Resolve to acknowledge; throw to have the message redelivered (with backoff) or dead-lettered. */
export type ConsumeHandler<T> = (msg: BusMessage<T>) => Promise<void>;
export type SubscribeHandler<T> = (msg: BusMessage<T>) => void | Promise<void>;
export type ReplyHandler<Req, Res> = (data: Req, headers: Headers) => Promise<Res>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface RequestOptions {
  timeoutMs?: number;
  headers?: Headers;
}

/** A reply handler that throws makes the requester's promise reject with a BusRequestError. */
export class BusRequestError extends Error {
  constructor(
    message: string,
    readonly code: string = 'request_failed',
    readonly status: number = 500,
  ) {
    super(message);
    this.name = 'BusRequestError';
  }
}

export interface Bus {
  readonly kind: 'memory' | 'nats';
  /** Store a fact durably; resolves once the broker has it. */
  publish(subject: string, data: unknown, opts?: PublishOptions): Promise<void>;
  /** Durable competing consumer; `subject` may use wildcards (`photo.*`, `photo.>`). */
  consume<T = unknown>(
    subject: string,
    opts: ConsumeOptions,
    handler: ConsumeHandler<T>,
  ): Promise<Subscription>;
  /** Fan-out: every subscriber on every instance sees every message published from now on (facts and notifications). */
  subscribe<T = unknown>(subject: string, handler: SubscribeHandler<T>): Promise<Subscription>;
  /** Transient notification to `subscribe`rs; not stored. */
  notify(subject: string, data: unknown, headers?: Headers): Promise<void>;
  /** Request/reply; rejects with BusRequestError on a handler error, or on timeout (code 'timeout', status 504). */
  request<Req = unknown, Res = unknown>(subject: string, data: Req, opts?: RequestOptions): Promise<Res>;
  /** Answer requests on `subject`; several instances may reply-handle the same subject (one answers each request). */
  reply<Req = unknown, Res = unknown>(
    subject: string,
    handler: ReplyHandler<Req, Res>,
  ): Promise<Subscription>;
  /** Throws if the broker cannot be reached (readiness). */
  ping(): Promise<void>;
  /** Stops consumers (letting in-flight handlers finish) and closes the connection. */
  close(): Promise<void>;
}
