/**
 * Helpers shared by the in-memory and NATS implementations: subject matching and validation,
 * option defaults, error mapping and small async utilities.
 */
import { isUnavailableError } from '@afterglow/contracts';
import { BusRequestError } from './types';
import type { ConsumeOptions, Headers } from './types';

export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS: readonly number[] = [200, 1000, 5000];
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_CONCURRENCY = 1;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_DEDUPE_WINDOW_MS = 2 * 60_000;
/** Upper bound for `close()` / `stop()` waiting on in-flight handlers. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;
export const DEADLETTER_PREFIX = 'deadletter.';

/** Header names written on dead-lettered messages. */
export const DL_HEADER_SUBJECT = 'x-original-subject';
export const DL_HEADER_ERROR = 'x-error';
export const DL_HEADER_DELIVERIES = 'x-deliveries';
export const DL_HEADER_DURABLE = 'x-durable';

/** Called for errors that have no caller to reject (handler failures in subscribers, consumer loops, ...). */
export type ErrorReporter = (err: unknown, context: string) => void;

export const defaultErrorReporter: ErrorReporter = (err, context) => {
  console.error(`[bus] ${context}:`, err);
};

/**
 * NATS subject matching: tokens are separated by `.`, `*` matches exactly one token and `>` (only
 * as the last token) matches one or more remaining tokens. `photo.>` therefore does not match `photo`.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}

const WHITESPACE = /\s/;

/** Throws unless `subject` is a concrete subject (non-empty tokens, no wildcards, no whitespace). */
export function assertSubject(subject: string): void {
  if (typeof subject !== 'string' || subject.length === 0 || WHITESPACE.test(subject)) {
    throw new TypeError(`invalid subject ${JSON.stringify(subject)}`);
  }
  for (const token of subject.split('.')) {
    if (token.length === 0 || token.includes('*') || token.includes('>')) {
      throw new TypeError(`invalid subject ${JSON.stringify(subject)}: empty token or wildcard`);
    }
  }
}

/** Throws unless `pattern` is a valid subject pattern (`*` tokens anywhere, `>` only last). */
export function assertPattern(pattern: string): void {
  if (typeof pattern !== 'string' || pattern.length === 0 || WHITESPACE.test(pattern)) {
    throw new TypeError(`invalid subject pattern ${JSON.stringify(pattern)}`);
  }
  const tokens = pattern.split('.');
  tokens.forEach((token, i) => {
    const bad =
      token.length === 0 ||
      (token !== '*' && token.includes('*')) ||
      (token !== '>' && token.includes('>')) ||
      (token === '>' && i !== tokens.length - 1);
    if (bad) throw new TypeError(`invalid subject pattern ${JSON.stringify(pattern)}`);
  });
}

/** Durable names become NATS consumer names, which may not contain `.`, `*`, `>` or whitespace. */
export function assertDurable(durable: string): void {
  if (typeof durable !== 'string' || !/^[A-Za-z0-9_-]+$/.test(durable)) {
    throw new TypeError(`invalid durable name ${JSON.stringify(durable)}: use letters, digits, '_' and '-'`);
  }
}

export interface ResolvedConsumeOptions {
  durable: string;
  maxDeliver: number;
  backoffMs: number[];
  ackWaitMs: number;
  concurrency: number;
}

export function resolveConsumeOptions(opts: ConsumeOptions): ResolvedConsumeOptions {
  assertDurable(opts.durable);
  const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const backoffMs = opts.backoffMs ?? [...DEFAULT_BACKOFF_MS];
  const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1)
    throw new RangeError('maxDeliver must be an integer >= 1');
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError('concurrency must be an integer >= 1');
  if (!(ackWaitMs > 0)) throw new RangeError('ackWaitMs must be > 0');
  if (backoffMs.length === 0 || backoffMs.some((ms) => !Number.isFinite(ms) || ms < 0)) {
    throw new RangeError('backoffMs must be a non-empty list of delays >= 0');
  }
  return { durable: opts.durable, maxDeliver, backoffMs: [...backoffMs], ackWaitMs, concurrency };
}

/** Delay before redelivering a message that failed on delivery number `deliveryCount` (1-based). */
export function backoffFor(backoffMs: readonly number[], deliveryCount: number): number {
  const index = Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1);
  return backoffMs[index] ?? 0;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

/** Header values cannot carry CR/LF on the wire; keep them on one line and reasonably short. */
export function headerValue(value: string, maxLength = 1024): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ');
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
}

/** Headers of the copy of a message published to `deadletter.<subject>`. */
export function deadLetterHeaders(
  original: Headers,
  subject: string,
  durable: string,
  deliveries: number,
  err: unknown,
): Headers {
  return {
    ...original,
    [DL_HEADER_SUBJECT]: subject,
    [DL_HEADER_ERROR]: headerValue(errorMessage(err)),
    [DL_HEADER_DELIVERIES]: String(deliveries),
    [DL_HEADER_DURABLE]: durable,
  };
}

/** What a requester sees when a reply handler throws: BusRequestErrors pass through unchanged. */
export function toBusRequestError(err: unknown): BusRequestError {
  if (err instanceof BusRequestError) return err;
  // The responder's own dependency is away (its database restarting): the requester may try again.
  if (isUnavailableError(err)) return new BusRequestError(errorMessage(err), 'unavailable', 503);
  return new BusRequestError(errorMessage(err), 'request_failed', 500);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves with `promise`, or rejects with `onTimeout()` after `ms`. The timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for all `promises` to settle, but no longer than `ms`. Returns false on timeout. */
export async function settleWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<boolean> {
  const all = Promise.allSettled([...promises]).then(() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
