import { RPC, eventUpdated, type EventRecord } from '@afterglow/contracts';
import type { Bus, Subscription } from '@afterglow/bus';

/**
 * Events belong to the events service; photos asks it over the bus and keeps a short cache, dropped
 * as soon as an `event.updated` fact arrives (so a live-mode switch takes effect at once).
 */
export class EventsClient {
  private cache = new Map<string, { at: number; value: Promise<EventRecord | null> }>();
  private sub: Subscription | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = 5000,
  ) {}

  async start(): Promise<void> {
    this.sub = await this.bus.subscribe(eventUpdated.subject, () => this.cache.clear());
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
  }

  get(idOrCode: string): Promise<EventRecord | null> {
    const key = idOrCode.toUpperCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.bus.request<{ idOrCode: string }, EventRecord | null>(
      RPC.eventsGet,
      { idOrCode },
      { timeoutMs: 3000 },
    );
    this.cache.set(key, { at: Date.now(), value });
    value.catch(() => this.cache.delete(key));
    if (this.cache.size > 5000) this.cache.clear();
    return value;
  }
}
