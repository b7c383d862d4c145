import {
  PLAN_CODES,
  PLAN_MESSAGES,
  badRequest,
  forbidden,
  hostingRefusal,
  type Entitlements,
} from '@afterglow/contracts';

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
