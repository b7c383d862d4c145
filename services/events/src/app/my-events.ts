import { desc, eq } from 'drizzle-orm';
import {
  USAGE_BATCH_MAX,
  bytesToMb,
  eventStatus,
  photosUsage,
  type Entitlements,
  type PhotoUsage,
  type PlanId,
  type Principal,
  type UserEvent,
  type UserStats,
} from '@afterglow/contracts';
import { ask, type Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import { events } from '../adapters/schema';

/**
 * The signed-in user's own page (/dashboard): their events, newest first, and their totals. Events
 * are ours; photo counts and bytes are the photos service's answer (`rpc.photos.usage`), the plan and
 * its storage billing's (`rpc.billing.entitlements`).
 */
export class MyEvents {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly entitlementsOf: (r: { accountId: string }) => Promise<Entitlements>,
  ) {}

  private rows(user: Principal) {
    return this.db
      .select({
        id: events.id,
        name: events.name,
        code: events.code,
        plan: events.plan,
        createdAt: events.createdAt,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
      })
      .from(events)
      .where(eq(events.hostId, user.userId))
      .orderBy(desc(events.createdAt), desc(events.id));
  }

  /** Photos and bytes of each event, asked in batches; rejects when photos cannot answer. */
  private async usage(eventIds: string[]): Promise<Map<string, PhotoUsage>> {
    const out = new Map<string, PhotoUsage>();
    for (let i = 0; i < eventIds.length; i += USAGE_BATCH_MAX) {
      const batch = eventIds.slice(i, i + USAGE_BATCH_MAX);
      const r = await ask(this.bus, photosUsage, { eventIds: batch }, { timeoutMs: 5000 });
      for (const u of r.events) out.set(u.eventId, u);
    }
    return out;
  }

  /**
   * GET /api/user/events. The list stands when photos cannot be asked just now: the counts are null
   * then (the page shows them as unknown), never a made-up 0.
   */
  async list(user: Principal, now = Date.now()): Promise<UserEvent[]> {
    const rows = await this.rows(user);
    const usage = await this.usage(rows.map((r) => r.id)).catch(() => null);
    return rows.map((r) => {
      const times = { startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() };
      return {
        id: r.id,
        name: r.name,
        code: r.code,
        plan: r.plan as PlanId,
        photoCount: usage ? (usage.get(r.id)?.photoCount ?? 0) : null,
        status: eventStatus(times, now),
        createdAt: r.createdAt.toISOString(),
        ...times,
      };
    });
  }

  /** GET /api/user/stats: the plan and its storage, events created, photos collected, storage used. */
  async stats(user: Principal): Promise<UserStats> {
    const [plan, ids] = await Promise.all([
      this.entitlementsOf({ accountId: user.userId }),
      this.db.select({ id: events.id }).from(events).where(eq(events.hostId, user.userId)),
    ]);
    const usage = await this.usage(ids.map((r) => r.id));
    let photos = 0;
    let bytes = 0;
    for (const u of usage.values()) {
      photos += u.photoCount;
      bytes += u.bytes;
    }
    return {
      currentPlan: plan.plan,
      planExpiry: plan.until,
      eventsCreated: ids.length,
      photosTotal: photos,
      storageUsed: bytesToMb(bytes),
      storageLimit: plan.storageMb,
    };
  }
}
