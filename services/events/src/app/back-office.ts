import { and, desc, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { RpcRequest, RpcResponse } from '@afterglow/contracts';
import type { eventsByHost, eventsList, eventsStats } from '@afterglow/contracts';
import { afterKeyset, keysetPage, searchAny, type Db } from '@afterglow/db';
import { events, type EventRow } from '../adapters/schema';

/**
 * The statuses of spec section 4 as conditions at a time: before the start, between, after the end.
 * `eventStatus`/`hasEnded` in contracts is the rule; this is it in SQL, with the same edges (an event
 * has ended from the instant of its end), checked against it at the boundary in event-ended.test.ts.
 */
const STATUS_AT = {
  upcoming: (now: Date) => gt(events.startsAt, now),
  active: (now: Date) => and(lte(events.startsAt, now), gt(events.endsAt, now)),
  ended: (now: Date) => lte(events.endsAt, now),
} as const;

const facts = (e: EventRow) => ({
  id: e.id,
  name: e.name,
  code: e.code,
  hostId: e.hostId,
  plan: e.plan,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  findMe: e.findMe,
});

/** What the back office asks of events over the bus (ADR 028): every event, page by page, and counts. */
export class EventsBackOffice {
  constructor(
    private readonly db: Db,
    /** the time the statuses are asked at (tests pass a fixed one) */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Latest start first; search matches the name or the code. */
  async list(q: RpcRequest<typeof eventsList>): Promise<RpcResponse<typeof eventsList>> {
    const where: (SQL | undefined)[] = [
      q.ids ? inArray(events.id, q.ids) : undefined,
      q.status ? STATUS_AT[q.status](this.now()) : undefined,
      searchAny(q.search, events.name, events.code),
      afterKeyset(events.startsAt, events.id, q.cursor),
    ];
    const rows = await this.db
      .select()
      .from(events)
      .where(and(...where))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(q.limit + 1);
    const page = keysetPage(rows, q.limit, (e) => ({ at: e.startsAt, id: e.id }));
    return { events: page.rows.map(facts), nextCursor: page.nextCursor };
  }

  async byHost({ hostIds }: RpcRequest<typeof eventsByHost>): Promise<RpcResponse<typeof eventsByHost>> {
    const rows = hostIds.length
      ? await this.db
          .select({ hostId: events.hostId, id: events.id })
          .from(events)
          .where(inArray(events.hostId, hostIds))
      : [];
    const of = new Map<string, string[]>(hostIds.map((h) => [h, []]));
    for (const r of rows) of.get(r.hostId)?.push(r.id);
    return { hosts: hostIds.map((hostId) => ({ hostId, eventIds: of.get(hostId) ?? [] })) };
  }

  async stats(_: RpcRequest<typeof eventsStats>): Promise<RpcResponse<typeof eventsStats>> {
    const [c] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${STATUS_AT.active(this.now())}))::int`,
      })
      .from(events);
    return { total: c?.total ?? 0, active: c?.active ?? 0 };
  }
}
