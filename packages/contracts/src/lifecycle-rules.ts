// No zod here: the host's pages use these rules, and a schema would bring zod into their bundle.

/**
 * An event's life after it is created (ADR 018): its status, ending it early, extending it within the
 * plan's hosting days. The services decide with these rules and the host's page shows them.
 */

/** Spec section 4: the statuses an event is shown with. */
export const EVENT_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * Whether an event has ended: from the instant of its end on (`now >= endsAt`), so a shot taken at
 * exactly `endsAt` is refused. The one edge for the upload, the camera page, the statuses and the back
 * office's SQL (`events.ends_at <= now`, tested against this at the boundary in event-ended.test.ts).
 */
export const hasEnded = (e: { endsAt: string }, now = Date.now()): boolean => now >= Date.parse(e.endsAt);

/** Before its start an event is upcoming, from its start until its end active, then ended. */
export function eventStatus(e: { startsAt: string; endsAt: string }, now = Date.now()): EventStatus {
  if (hasEnded(e, now)) return 'ended';
  return now < Date.parse(e.startsAt) ? 'upcoming' : 'active';
}

const DAY_MS = 24 * 3600_000;

/** The latest end an event may have: the plan's hosting days, counted from the event's start. */
export function latestEnd(startsAt: string, hostingDays: number): Date {
  return new Date(Date.parse(startsAt) + hostingDays * DAY_MS);
}

export const LIFECYCLE_MESSAGES = {
  alreadyEnded: 'This event has already ended',
  endAfterCurrent: 'End date must be after the current end date',
  endFuture: 'End date must be in the future',
  withinHosting: (days: number) => `End date must be within your plan's ${days}-day hosting`,
} as const;

/**
 * Why an event cannot end at `endsAt`, or null when it can: the plan's hosting days, counted from the
 * event's start (the last allowed end is exactly `latestEnd`). One rule for a new event and an extended one.
 */
export function hostingRefusal(startsAt: string, endsAt: string, hostingDays: number): string | null {
  return Date.parse(endsAt) > latestEnd(startsAt, hostingDays).getTime()
    ? LIFECYCLE_MESSAGES.withinHosting(hostingDays)
    : null;
}

/**
 * Why an event cannot be given this new end, or null when it can: the end must move later (and into
 * the future, which reopens an ended event) and stay within the plan's hosting days.
 */
export function extendRefusal(
  e: { startsAt: string; endsAt: string },
  endsAt: string,
  hostingDays: number,
  now = Date.now(),
): string | null {
  const t = Date.parse(endsAt);
  if (!(t > Date.parse(e.endsAt))) return LIFECYCLE_MESSAGES.endAfterCurrent;
  if (t <= now) return LIFECYCLE_MESSAGES.endFuture;
  return hostingRefusal(e.startsAt, endsAt, hostingDays);
}

/** Whether the event's photos are revealed when it ends (reveal mode 'end'). */
export const revealsAtEnd = (e: { endsAt: string; revealAt: string | null }) =>
  e.revealAt !== null && Date.parse(e.revealAt) === Date.parse(e.endsAt);

/** What the reveal becomes when the end moves: an event that reveals at its end keeps doing so. */
export function revealAfterMove(
  e: { endsAt: string; revealAt: string | null },
  newEnd: string,
): string | null {
  return revealsAtEnd(e) ? newEnd : e.revealAt;
}

/**
 * Retention (ADR 026). An event's photos are hosted for its plan's hosting days from its start (never
 * less than until its end); past that the host is warned, and after a grace period the event and its
 * photos are deleted.
 */
export const RETENTION_GRACE_DAYS = 7;

export function hostingEnd(e: { startsAt: string; endsAt: string }, hostingDays: number): Date {
  return new Date(Math.max(Date.parse(e.endsAt), latestEnd(e.startsAt, hostingDays).getTime()));
}

export function deletionDate(e: { startsAt: string; endsAt: string }, hostingDays: number): Date {
  return new Date(hostingEnd(e, hostingDays).getTime() + RETENTION_GRACE_DAYS * DAY_MS);
}
