import { z } from 'zod';
import './jitless';
import { PLAN_IDS } from './catalog';
import { EVENT_STATUSES } from './lifecycle';

/** The signed-in user's own page (/dashboard): GET /api/user/stats and GET /api/user/events. */

const isoTime = z.iso.datetime({ offset: true });

/** Storage is counted in MB of 1,048,576 bytes, to two decimals. */
export const BYTES_PER_MB = 1024 * 1024;
export const bytesToMb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

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

/** Storage Used as the dashboard shows it: used / limit as a whole percent. */
export function storagePercent(used: number, limit: number): number {
  return limit > 0 ? Math.round((used / limit) * 100) : 0;
}
