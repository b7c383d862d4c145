import { z } from 'zod';
import './jitless';
import { PLAN_IDS } from './catalog';
import { EVENT_STATUSES } from './lifecycle-rules';

/** The signed-in user's own page (/dashboard): GET /api/user/stats and GET /api/user/events. */

const isoTime = z.iso.datetime({ offset: true });

export * from './user-rules';

/** GET /api/user/stats (spec section 3, "User stats"). */
export const userStatsSchema = z.object({
  currentPlan: z.enum(PLAN_IDS),
  /** when the plan ends (the account is back on free then); null: it does not end */
  planExpiry: isoTime.nullable(),
  eventsCreated: z.number().int().min(0),
  photosTotal: z.number().int().min(0),
  /** MB: originals and renditions of every photo of the user's events */
  storageUsed: z.number().min(0),
  /** MB the plan allows */
  storageLimit: z.number().int().min(0),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** One row of GET /api/user/events (spec section 3, "User event row"), newest first. */
export const userEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  plan: z.enum(PLAN_IDS),
  /** null when the photos service could not be asked just now */
  photoCount: z.number().int().min(0).nullable(),
  status: z.enum(EVENT_STATUSES),
  createdAt: isoTime,
  startsAt: isoTime,
  endsAt: isoTime,
});
export type UserEvent = z.infer<typeof userEventSchema>;
export const userEventsSchema = z.array(userEventSchema);
