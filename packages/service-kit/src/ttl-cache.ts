import { ask, type Bus, type RequestOptions } from '@afterglow/bus';
import type { RpcContract, RpcRequest, RpcResponse } from '@afterglow/contracts';

/**
 * A small cache of answers for `ttlMs` (the askers' cache of another service's answers, convention
 * 10's "ask, then keep it briefly"). Concurrent gets of one key share one load; a failed load is not
 * kept. Past `maxEntries` it starts over rather than grow.
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = load(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = { at: Date.now(), value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

/**
 * Asks `contract` over the bus, keeping each answer as long as the contract lets askers keep it
 * (`keep`): how a service holds another's answer briefly (billing's entitlements, for one).
 */
export function cachedAsk<C extends RpcContract>(
  bus: Bus,
  contract: C,
  opts?: RequestOptions,
): (request: RpcRequest<C>) => Promise<RpcResponse<C>> {
  const keep = contract.keep;
  if (!keep) return (request) => ask(bus, contract, request, opts);
  const cache = new TtlCache<string, RpcResponse<C>>(keep.ms);
  // the answerer's notice that an answer changed (a plan bought or refunded) drops the kept one at once
  if (keep.changed) {
    const { subject, key } = keep.changed;
    void bus
      .subscribe(subject, (msg) => {
        const k = key(msg.data);
        if (k) cache.delete(k);
      })
      .catch(() => {}); // without the notice, answers still last no longer than keep.ms
  }
  return (request) => cache.get(keep.key(request), () => ask(bus, contract, request, opts));
}
