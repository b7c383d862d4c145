import { and, eq, gt, sql } from 'drizzle-orm';
import type { EventStats, Principal } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos } from '../adapters/schema';
import { deviceCount } from '../guests';
import type { EventsClient } from './events-client';
import { assertHost } from './visibility';

/** How many guests and photos an event has, by status: for its host, and for the events service over the bus. */
export class Stats {
  constructor(private readonly d: { db: Db; events: EventsClient }) {}

  async stats(eventId: string, viewer: Principal | null): Promise<EventStats> {
    const e = await this.d.events.getOr404(eventId);
    assertHost(e, viewer);
    return this.counts(e.id);
  }

  /** `rpc.photos.counts` */
  async counts(eventId: string): Promise<EventStats & { deviceCount: number }> {
    const { db } = this.d;
    const [guests, byStatus, [f]] = await Promise.all([
      deviceCount(db, eventId),
      db
        .select({ status: photos.status, n: sql<number>`count(*)::int` })
        .from(photos)
        .where(eq(photos.eventId, eventId))
        .groupBy(photos.status),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(photos)
        .where(and(eq(photos.eventId, eventId), gt(photos.flagCount, 0))),
    ]);
    const by = Object.fromEntries(byStatus.map((r) => [r.status, r.n])) as Record<string, number>;
    const approved = by.approved ?? 0;
    const pending = by.pending ?? 0;
    const rejected = by.rejected ?? 0;
    return {
      activeGuests: guests,
      deviceCount: guests,
      photoStats: { total: approved + pending + rejected, approved, pending, rejected, flagged: f?.n ?? 0 },
    };
  }
}
