/**
 * A small cache of loaded values for `ttlMs` (the gateway's users; answers of other services are kept by
 * `cachedAsk` in @afterglow/bus). Concurrent gets of one key share one load; a failed load is not
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
