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
import { events, eventsCreated } from '../adapters/schema';

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
 * The events the account has used of its current plan (ADR 025). On a bought plan (it has a `since`):
 * every event created since, deleted or not, so a purchase's event cannot be swapped for a new one.
 * On the free plan: the account's events that still exist (a host may start the demo over).
 */
export async function heldEvents(
  db: Pick<Db, 'select'>,
  hostId: string,
  since: string | null,
): Promise<number> {
  const [r] = since
    ? await db
        .select({ n: count() })
        .from(eventsCreated)
        .where(and(eq(eventsCreated.hostId, hostId), gte(eventsCreated.createdAt, new Date(since))))
    : await db.select({ n: count() }).from(events).where(eq(events.hostId, hostId));
  return r?.n ?? 0;
}

/** Another event needs the plan's events per plan not used up yet. */
export function checkEventLimit(plan: Entitlements, held: number): void {
  const refusal = eventLimitRefusal(plan.eventsPerPlan, held);
  if (refusal) throw forbidden(refusal, PLAN_CODES.eventLimit);
}

/** Letting guests take clips needs a plan with them (ADR 033; turning clips off never does). */
export function checkClips(plan: Entitlements, allowClips: boolean | undefined): void {
  if (allowClips && plan.clipSeconds <= 0) throw forbidden(PLAN_MESSAGES.noClips, PLAN_CODES.noClips);
}

/** Turning Find Me on needs a plan with it (ADR 036; turning it off never does). */
export function checkFindMe(plan: Entitlements, findMe: boolean | undefined): void {
  if (findMe && !plan.findMe) throw forbidden(PLAN_MESSAGES.noFindMe, PLAN_CODES.noFindMe);
}
