import { and, count, eq, gte } from 'drizzle-orm';
import {
  PLAN_CODES,
  PLAN_MESSAGES,
  badRequest,
  forbidden,
  hostingRefusal,
  eventLimitRefusal,
  type Entitlements,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { events } from '../adapters/schema';

/**
 * What the host's plan refuses of an event, as billing answers it (ADR 025). Each check is the one
 * place its rule is applied in this service; the words and codes are the contracts' (`plan-rules.ts`).
 */

/** A new event ends within the plan's hosting days from its start (the rule extending uses too). */
export function checkHosting(plan: Entitlements, startsAt: string, endsAt: string): void {
  const refusal = hostingRefusal(startsAt, endsAt, plan.hostingDays);
  if (refusal) throw badRequest(refusal, 'validation_failed', [{ path: 'endsAt', message: refusal }]);
}

/** Making the event's gallery public needs a plan with a public gallery. */
export function checkPublicGallery(plan: Entitlements, isPublic: boolean): void {
  if (isPublic && !plan.publicGallery)
    throw forbidden(PLAN_MESSAGES.noPublicGallery, PLAN_CODES.noPublicGallery);
}

/** Turning the live slideshow on needs a plan with it (turning it off never does). */
export function checkLiveSlideshow(plan: Entitlements, enabled: boolean): void {
  if (enabled && !plan.liveSlideshow)
    throw forbidden(PLAN_MESSAGES.noLiveSlideshow, PLAN_CODES.noLiveSlideshow);
}

/**
 * The events the account holds on its current plan (ADR 025): created since the plan's `since`, or
 * every one of its events on the free plan (which has no `since`). A deleted event is not held.
 */
export async function heldEvents(
  db: Pick<Db, 'select'>,
  hostId: string,
  since: string | null,
): Promise<number> {
  const mine = eq(events.hostId, hostId);
  const [r] = await db
    .select({ n: count() })
    .from(events)
    .where(since ? and(mine, gte(events.createdAt, new Date(since))) : mine);
  return r?.n ?? 0;
}

/** Another event needs the plan's events per plan not used up yet. */
export function checkEventLimit(plan: Entitlements, held: number): void {
  const refusal = eventLimitRefusal(plan.eventsPerPlan, held);
  if (refusal) throw forbidden(refusal, PLAN_CODES.eventLimit);
}
