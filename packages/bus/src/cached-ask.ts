import type { RpcContract, RpcRequest, RpcResponse } from '@afterglow/contracts';
import { ask } from './rpc';
import type { Bus, RequestOptions } from './types';

export interface CachedAskOptions extends RequestOptions {
  /** how long an answer is kept (default: the contract's `keep.ms`; 0 asks every time) */
  keepMs?: number;
  /**
   * When asking fails (the answering service or the bus is away), answer with the last answer that
   * came for the same key, if there is one, and ask again next time: a short outage is bridged with
   * what was true a moment ago.
   */
  lastKnown?: boolean;
  /** past this many keys it starts over rather than grow (default 10,000) */
  maxEntries?: number;
}

/** An asker that keeps answers: call it like `ask`. */
export interface CachedAsk<C extends RpcContract> {
  (request: RpcRequest<C>): Promise<RpcResponse<C>>;
  /** the next ask for `key` (for every key, without one) asks again; last known answers stay */
  refresh(key?: string): void;
  /** drops the answers, last known included, of every key for which `match` says so */
  forget(match: (key: string, last: RpcResponse<C> | undefined) => boolean): void;
}

interface Entry<V> {
  at: number;
  value: Promise<V>;
  /** the last answer that arrived for the key (with `lastKnown`) */
  last?: { answer: V };
}

/**
 * Asks `contract` over the bus and keeps each answer, per the contract's `keep.key`, as long as the
 * contract lets askers keep it: the one way a service holds another's answer briefly (billing's
 * entitlements, the events service's events). Concurrent asks of one key share one request; a failure
 * is not kept. The answerer's notice that an answer changed (`keep.changed`) makes the next ask of
 * that key ask again at once.
 */
export function cachedAsk<C extends RpcContract>(
  bus: Bus,
  contract: C,
  opts: CachedAskOptions = {},
): CachedAsk<C> {
  type V = RpcResponse<C>;
  const { keepMs, lastKnown = false, maxEntries = 10_000, ...requestOpts } = opts;
  const keep = contract.keep;
  const ms = keepMs ?? keep?.ms ?? 0;
  const keyOf = (request: RpcRequest<C>) => (keep ? keep.key(request) : JSON.stringify(request));
  const entries = new Map<string, Entry<V>>();

  const asker = ((request: RpcRequest<C>): Promise<V> => {
    if (!keep && !lastKnown && !ms) return ask(bus, contract, request, requestOpts);
    const key = keyOf(request);
    const hit = entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < ms) return hit.value;
    const entry = { at: now, ...(hit?.last ? { last: hit.last } : {}) } as Entry<V>;
    entry.value = ask(bus, contract, request, requestOpts).then(
      (answer) => {
        if (lastKnown) entry.last = { answer };
        return answer;
      },
      (err: unknown) => {
        entry.at = -Infinity; // ask again next time
        if (entry.last) return entry.last.answer;
        if (entries.get(key) === entry) entries.delete(key);
        throw err;
      },
    );
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, entry);
    return entry.value;
  }) as CachedAsk<C>;

  asker.refresh = (key?: string) => {
    if (key === undefined) for (const e of entries.values()) e.at = -Infinity;
    else {
      const e = entries.get(key);
      if (e) e.at = -Infinity;
    }
  };
  asker.forget = (match) => {
    for (const [key, e] of entries) if (match(key, e.last?.answer)) entries.delete(key);
  };

  // the answerer's notice that an answer changed (a plan bought or refunded) ends its keeping at once
  if (keep?.changed) {
    const { subject, key } = keep.changed;
    void bus
      .subscribe(subject, (msg) => {
        const k = key(msg.data);
        if (k) asker.refresh(k);
      })
      .catch(() => {}); // without the notice, answers still last no longer than keep.ms
  }
  return asker;
}
