import { eq, inArray } from 'drizzle-orm';
import { PLANS, type Entitlements, type PlanId } from '@afterglow/contracts';
import type { Database, Db } from '@afterglow/db';
import { accountPlans, plans, type PlanRow } from '../adapters/schema';

/**
 * Billing's tables as this version has them: its migrations, then the plan table loaded from the
 * catalogue (spec section 9). The module runs it at start, the operator commands before they act.
 */
export async function prepareBilling(database: Database): Promise<void> {
  await database.migrate('billing');
  for (const p of Object.values(PLANS)) {
    const { id: _id, ...rest } = p;
    await database.db.insert(plans).values(p).onConflictDoUpdate({ target: plans.id, set: rest });
  }
}

const entitled = (accountId: string, p: PlanRow, since: Date | null, until: Date | null): Entitlements => ({
  accountId,
  plan: p.id as PlanId,
  since: since?.toISOString() ?? null,
  until: until?.toISOString() ?? null,
  photosPerEvent: p.maxPhotosPerEvent,
  guestsPerEvent: p.maxGuestsPerEvent,
  eventsPerPlan: p.maxEvents,
  hostingDays: p.hostingDays,
  storageMb: p.storageMb,
  watermark: p.watermark,
  zipExport: p.zipExport,
  publicGallery: p.publicGallery,
  qrKit: p.printableQrKit,
  liveSlideshow: p.liveSlideshow,
  aiFilter: p.aiSafetyFilter,
  clipSeconds: p.maxClipSeconds,
  voiceGuestbook: p.voiceGuestbook,
  findMe: p.findMe,
});

/**
 * What an account may do: its plan's row of the plan table, while the plan lasts; the free plan's
 * before it has one and after it ends.
 */
export async function entitlementsOf(db: Db, accountId: string, now = new Date()): Promise<Entitlements> {
  const [held] = await db.select().from(accountPlans).where(eq(accountPlans.userId, accountId));
  const current = held && (!held.until || held.until > now) ? held : null;
  const rows = await db
    .select()
    .from(plans)
    .where(inArray(plans.id, current ? [current.plan, 'free'] : ['free']));
  const row = rows.find((r) => r.id === current?.plan);
  if (row) return entitled(accountId, row, current!.since, current!.until);
  const free = rows.find((r) => r.id === 'free');
  if (!free) throw new Error('The plan table has no free plan: billing has not loaded its catalogue');
  return entitled(accountId, free, null, null);
}
