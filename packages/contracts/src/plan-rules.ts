// No zod here: the host's and guests' pages show these messages, and a schema would bring zod in.

/**
 * What a plan refuses, as the services answer it and the pages show it (ADR 025). Whether a plan
 * allows a thing is billing's answer (`rpc.billing.entitlements`); these are the words and codes of
 * the refusal, and the few rules over that answer that more than one place needs.
 */
export const PLAN_CODES = {
  eventLimit: 'plan_event_limit',
  noPublicGallery: 'plan_no_public_gallery',
  noLiveSlideshow: 'plan_no_live_slideshow',
  photoLimit: 'photo_limit_reached',
  guestLimit: 'guest_limit_reached',
  noClips: 'plan_no_clips',
  noFindMe: 'plan_no_find_me',
} as const;

export const PLAN_MESSAGES = {
  eventLimit: (n: number) =>
    `Your plan includes ${n === 1 ? '1 event' : `${n} events`}, and it is in use. Upgrade your plan to create another event.`,
  noPublicGallery:
    "Your plan does not include a public gallery. Upgrade your plan to share this event's photos publicly.",
  noLiveSlideshow: 'Your plan does not include the live slideshow. Upgrade your plan to show photos live.',
  /** what the upload answers, and the camera shows, when the event has all the photos its plan allows */
  photoLimit: 'This event has reached its photo limit. Your photo was not uploaded.',
  /** what joining answers, and the join page shows, when the event has all the guests its plan allows */
  guestLimit: 'This event has reached its guest limit, so no more guests can join.',
  noClips: 'Your plan does not include clips. Upgrade your plan to let guests take clips.',
  noFindMe:
    'Your plan does not include Find Me. Upgrade to Event Pro or Event Max to let guests find their photos.',
} as const;

/** The share of a limit from which the host is told it is near (80 %). */
export const NEAR_LIMIT_SHARE = 0.8;

/** Whether `used` of `limit` is near or at the limit; an unlimited one (null) never is. */
export const nearLimit = (used: number, limit: number | null): boolean =>
  limit !== null && limit > 0 && used >= Math.ceil(limit * NEAR_LIMIT_SHARE);

/**
 * Why the account cannot create another event, or null when it may: `eventsPerPlan` (null: no limit)
 * against the events it holds on its current plan (ADR 025: created since the plan's `since`).
 */
export function eventLimitRefusal(eventsPerPlan: number | null, held: number): string | null {
  return eventsPerPlan !== null && held >= eventsPerPlan ? PLAN_MESSAGES.eventLimit(eventsPerPlan) : null;
}
