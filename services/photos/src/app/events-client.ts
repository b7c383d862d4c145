import { RPC, eventDeleted, eventUpdated, notFound, type EventRecord } from '@afterglow/contracts';
import type { Bus, Subscription } from '@afterglow/bus';

interface Entry {
  at: number;
  value: Promise<EventRecord | null>;
  /** the last answer that arrived, kept for when the bus is away */
  last?: EventRecord | null;
}

/**
 * Events belong to the events service; photos asks it over the bus and keeps a short cache, dropped
 * as soon as an `event.updated` fact arrives (so a live-mode switch takes effect at once). When the
 * bus cannot be reached, the last known answer is used, so guests keep uploading through a short
 * outage (the outbox publishes their facts when the bus is back).
 */
export class EventsClient {
  private cache = new Map<string, Entry>();
  private sub: Subscription | null = null;
  private deletedSub: Subscription | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = 5000,
  ) {}

  async start(): Promise<void> {
    this.sub = await this.bus.subscribe(eventUpdated.subject, () => {
      // Fresh answers are needed now, but the last known ones stay as a fallback.
      for (const e of this.cache.values()) e.at = 0;
    });
    // Every instance forgets a deleted event at once, even the last known copy kept for bus outages.
    this.deletedSub = await this.bus.subscribe(eventDeleted.subject, (msg) => {
      const m = eventDeleted.schema.safeParse(msg.data);
      if (m.success) this.forget(m.data.eventId, m.data.code);
    });
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
    await this.deletedSub?.stop();
  }

  /** Drops every cached answer about the event (asked by id or by code). */
  forget(eventId: string, code?: string): void {
    const keys = new Set([eventId.toUpperCase(), ...(code ? [code.toUpperCase()] : [])]);
    for (const [key, e] of this.cache)
      if (keys.has(key) || e.last?.id === eventId.toLowerCase()) this.cache.delete(key);
  }

  /** The event, or the 404 'Event not found'. */
  async getOr404(idOrCode: string): Promise<EventRecord> {
    const e = await this.get(idOrCode);
    if (!e) throw notFound('Event not found', 'event_not_found');
    return e;
  }

  get(idOrCode: string): Promise<EventRecord | null> {
    return this.ask(idOrCode.toUpperCase(), { idOrCode });
  }

  /** The event at a public gallery's address (slugs are lower case). */
  bySlug(slug: string): Promise<EventRecord | null> {
    const s = slug.toLowerCase();
    return this.ask(`slug:${s}`, { slug: s });
  }

  private ask(key: string, request: { idOrCode: string } | { slug: string }): Promise<EventRecord | null> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const asked = this.bus.request<typeof request, EventRecord | null>(RPC.eventsGet, request, {
      timeoutMs: 3000,
    });
    const entry: Entry = { at: Date.now(), value: asked, last: hit?.last };
    entry.value = asked.then(
      (v) => {
        entry.last = v;
        return v;
      },
      (err) => {
        entry.at = 0; // ask again next time
        if (entry.last !== undefined) return entry.last;
        throw err;
      },
    );
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(key, entry);
    return entry.value;
  }
}
