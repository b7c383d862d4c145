import { z } from 'zod';
import './jitless';
import { PLAN_IDS } from './catalog';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { adminReasonSchema, authUserSchema } from './auth';
import { ENTITLEMENTS_CHANGED, RPC, rpc, type RpcResponse } from './bus';
import type { EventRecord } from './events';

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
  /** the longest clip a guest may take, 0: photos only (added later: an answer without it says 0) */
  clipSeconds: z.number().int().min(0).default(0),
  /** voice messages in the guestbook (added later: an answer without it says no) */
  voiceGuestbook: z.boolean().default(false),
  /** Find Me, a guest's selfie search (added later: an answer without it says no) */
  findMe: z.boolean().default(false),
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

/** An event as the events service answers it (`EventRecord`; dates are ISO strings). */
const eventRecordShape = {
  id: z.string(),
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  hostId: z.string(),
  plan: z.enum(PLAN_IDS),
  createdAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  revealAt: z.string().nullable(),
  timezone: z.string(),
  liveMode: z.boolean(),
  maxShotsPerDevice: z.number(),
  shotCount: z.number(),
  filmMode: z.boolean(),
  filmPreset: z.string(),
  noRetakes: z.boolean(),
  allowCaptions: z.boolean(),
  /** clips (added later: an event of before takes none) */
  allowClips: z.boolean().default(false),
  clipSeconds: z.number().int().default(10),
  /** Find Me (added later: an event of before has it off) */
  findMe: z.boolean().default(false),
  isPublic: z.boolean(),
  shareDescription: z.string().nullable(),
  colorMood: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  backgroundGradient: z.string(),
  maxPhotos: z.number(),
  maxGuests: z.number().nullable(),
  reportThreshold: z.number(),
  // an answer from a version before languages: the default
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
};
// every field of EventRecord and no other (a field added there and not here would be dropped from answers)
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const _sameFields: SameKeys<typeof eventRecordShape, EventRecord> = true;
const eventRecordSchema: z.ZodType<EventRecord> = z.object(eventRecordShape);

/**
 * `rpc.events.get {idOrCode} | {slug} -> EventRecord | null`: the event by id or code (any case), or
 * at a public gallery's address (ADR 022); null when there is none. Askers may keep an answer 5 s
 * (photos drops it at the next `event.updated`).
 */
export const eventsGet = rpc(
  RPC.eventsGet,
  z.union([z.object({ slug: z.string() }), z.object({ idOrCode: z.string() })]),
  eventRecordSchema.nullable(),
  { ms: 5000, key: (r) => ('slug' in r ? `slug:${r.slug.toLowerCase()}` : r.idOrCode.toUpperCase()) },
);

/** `rpc.photos.counts {eventId} -> {activeGuests, deviceCount, photoStats}`: an event's guests and photos. */
export const photosCounts = rpc(
  RPC.photosCounts,
  z.object({ eventId: z.uuid() }),
  z.object({
    activeGuests: z.number().int().min(0),
    deviceCount: z.number().int().min(0),
    photoStats: z.object({
      total: z.number().int().min(0),
      approved: z.number().int().min(0),
      pending: z.number().int().min(0),
      rejected: z.number().int().min(0),
      flagged: z.number().int().min(0),
    }),
  }),
);
