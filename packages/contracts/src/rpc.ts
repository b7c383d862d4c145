import { z } from 'zod';
import './jitless';
import { PLAN_IDS } from './catalog';
import { adminReasonSchema, authUserSchema } from './auth';
import { ENTITLEMENTS_CHANGED, RPC, type RpcContract, type RpcResponse } from './bus';

const rpc = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
  keep?: RpcContract<Req, Res>['keep'],
): RpcContract<Req, Res> => ({ subject, request, response, ...(keep ? { keep } : {}) });

const accountId = z.string().min(1).max(200);
const isoTime = z.iso.datetime({ offset: true });

/**
 * What an account may do, from its plan (spec section 9): billing's one answer to "may this account
 * or its events do X". `null` limits are unlimited.
 */
export const entitlementsSchema = z.object({
  accountId,
  plan: z.enum(PLAN_IDS),
  /** when the account went on this plan; null on the free plan every account starts on */
  since: isoTime.nullable(),
  /** when the plan ends (the account is back on free then); null: it does not end */
  until: isoTime.nullable(),
  photosPerEvent: z.number().int().min(0),
  guestsPerEvent: z.number().int().min(0).nullable(),
  eventsPerPlan: z.number().int().min(0).nullable(),
  hostingDays: z.number().int().min(0),
  /** storage for the account's photos (originals and renditions, all its events), in MB */
  storageMb: z.number().int().min(0),
  watermark: z.boolean(),
  zipExport: z.boolean(),
  publicGallery: z.boolean(),
  /** the printable QR kit (added later: an answer without it says no) */
  qrKit: z.boolean().default(false),
  liveSlideshow: z.boolean(),
  aiFilter: z.boolean(),
});
export type Entitlements = z.infer<typeof entitlementsSchema>;

/**
 * `rpc.billing.entitlements {accountId} -> Entitlements`. Askers keep an answer for 30 s: a plan
 * change reaches them within that time.
 */
export const billingEntitlements = rpc(RPC.billingEntitlements, z.object({ accountId }), entitlementsSchema, {
  ms: 30_000,
  key: (r) => r.accountId,
  // a payment's grant or refund reaches every asker at once (ADR 024)
  changed: {
    subject: ENTITLEMENTS_CHANGED,
    key: (n) => {
      const id = (n as { accountId?: unknown } | null)?.accountId;
      return typeof id === 'string' ? id : null;
    },
  },
});

/** An account as identity (the gateway's users table) knows it. */
export const identityUserSchema = authUserSchema
  .omit({ isAdmin: true })
  .extend({ isSuspended: z.boolean(), createdAt: isoTime });
export type IdentityUser = z.infer<typeof identityUserSchema>;

/** `rpc.identity.suspend {userId, suspended} -> {user | null}`: null when there is no such account. */
export const identitySuspend = rpc(
  RPC.identitySuspend,
  z.object({ userId: z.uuid(), suspended: z.boolean() }),
  z.object({ user: identityUserSchema.nullable() }),
);

/**
 * `rpc.events.delete {eventId, deletedBy, reason} -> {deleted}`: events deletes the event and
 * publishes `event.deleted`; an unknown event is answered 404 `event_not_found`.
 */
export const eventsDelete = rpc(
  RPC.eventsDelete,
  adminReasonSchema.extend({ eventId: z.uuid(), deletedBy: z.string().min(1) }),
  z.object({ deleted: z.literal(true) }),
);

/** Most events one `rpc.photos.usage` request may name (askers send more in several requests). */
export const USAGE_BATCH_MAX = 500;

/**
 * `rpc.photos.usage {eventIds} -> {events: [{eventId, photoCount, bytes}]}`: how many photos each event
 * holds and the bytes they take in storage (each original and all its renditions). One entry per
 * asked event, in the order asked; an event without photos has zeros.
 */
export const photosUsage = rpc(
  RPC.photosUsage,
  z.object({ eventIds: z.array(z.uuid()).max(USAGE_BATCH_MAX) }),
  z.object({
    events: z.array(
      z.object({
        eventId: z.uuid(),
        photoCount: z.number().int().min(0),
        bytes: z.number().int().min(0),
      }),
    ),
  }),
);
export type PhotoUsage = RpcResponse<typeof photosUsage>['events'][number];
