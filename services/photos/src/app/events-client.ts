import { eventDeleted, eventUpdated, eventsGet, notFound, type EventRecord } from '@afterglow/contracts';
import { ask, cachedAsk, type Bus, type CachedAsk, type Subscription } from '@afterglow/bus';

/**
 * Events belong to the events service; photos asks it over the bus (`eventsGet`) and keeps its
 * answers briefly, asking again as soon as an `event.updated` fact arrives (so a live-mode switch takes
 * effect at once). When the bus cannot be reached, the last known answer is used, so guests keep
 * uploading through a short outage (the outbox publishes their facts when the bus is back).
 */
export class EventsClient {
  private readonly ask: CachedAsk<typeof eventsGet>;
  private sub: Subscription | null = null;
  private deletedSub: Subscription | null = null;

  constructor(
    private readonly bus: Bus,
    /** how long an answer is kept (default: the contract's 5 s; 0 for tests that change events) */
    ttlMs?: number,
  ) {
    this.ask = cachedAsk(bus, eventsGet, {
      timeoutMs: 3000,
      lastKnown: true,
      maxEntries: 5000,
      ...(ttlMs === undefined ? {} : { keepMs: ttlMs }),
    });
  }

  async start(): Promise<void> {
    // Fresh answers are needed now, but the last known ones stay as a fallback.
    this.sub = await this.bus.subscribe(eventUpdated.subject, () => this.ask.refresh());
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

  /** Drops every kept answer about the event (asked by id or by code). */
  forget(eventId: string, code?: string): void {
    const keys = new Set([eventId.toUpperCase(), ...(code ? [code.toUpperCase()] : [])]);
    this.ask.forget((key, last) => keys.has(key) || last?.id === eventId.toLowerCase());
  }

  /** The event, or the 404 'Event not found'. */
  async getOr404(idOrCode: string): Promise<EventRecord> {
    const e = await this.get(idOrCode);
    if (!e) throw notFound('Event not found', 'event_not_found');
    return e;
  }

  get(idOrCode: string): Promise<EventRecord | null> {
    return this.ask({ idOrCode });
  }

  /** The event as events has it now, past every kept answer (what a change of settings is acted on by). */
  fresh(idOrCode: string): Promise<EventRecord | null> {
    return ask(this.bus, eventsGet, { idOrCode }, { timeoutMs: 3000 });
  }

  /** The event at a public gallery's address (slugs are lower case). */
  bySlug(slug: string): Promise<EventRecord | null> {
    return this.ask({ slug: slug.toLowerCase() });
  }
}
