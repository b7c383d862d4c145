import { z } from 'zod';
import './jitless';
import {
  ADMIN_EVENT_FILTERS,
  ADMIN_EXPORT_KINDS,
  ADMIN_GUESTBOOK_ACTIONS,
  ADMIN_GUESTBOOK_FILTERS,
  ADMIN_MODERATE_ACTIONS,
  ADMIN_PAGE_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_PHOTO_FILTERS,
  ADMIN_USER_FILTERS,
} from './admin-rules';
import { RPC, rpc } from './bus';
import { GUESTBOOK_KINDS, GUESTBOOK_STATUSES } from './guestbook-rules';
import { PHOTO_STATUSES, captureKindSchema } from './photos';
import { cleanText } from './text';

/** The admin API's inputs (ADR 028) and the bus questions the admin service asks to answer them. */

const search = z
  .string()
  .overwrite(cleanText)
  .trim()
  .max(100, 'Search can be at most 100 characters')
  .optional()
  .transform((s) => (s ? s : undefined));
const cursor = z.string().max(200, 'Invalid cursor').optional();
const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(ADMIN_PAGE_MAX, `limit can be at most ${ADMIN_PAGE_MAX}`)
  .default(ADMIN_PAGE_SIZE);

const filterOf = <F extends readonly ['all', ...string[]]>(filters: F) =>
  z.enum(filters, { error: `filter must be one of ${filters.join(', ')}` }).default('all');

/** GET /api/admin/users?search=&filter=all|active|suspended|premium&cursor=&limit= */
export const adminUsersQuerySchema = z.object({
  search,
  filter: filterOf(ADMIN_USER_FILTERS),
  cursor,
  limit,
});
/** GET /api/admin/events?search=&filter=all|active|upcoming|ended&cursor=&limit= */
export const adminEventsQuerySchema = z.object({
  search,
  filter: filterOf(ADMIN_EVENT_FILTERS),
  cursor,
  limit,
});
/** GET /api/admin/photos?search=&filter=all|pending|flagged|approved|rejected&kind=photo|clip&cursor=&limit= */
export const adminPhotosQuerySchema = z.object({
  search,
  filter: filterOf(ADMIN_PHOTO_FILTERS),
  /** one kind of capture (ADR 030); every kind when absent */
  kind: captureKindSchema.optional(),
  cursor,
  limit,
});
/** GET /api/admin/guestbook?search=&filter=all|pending|approved|rejected|held&cursor=&limit= */
export const adminGuestbookQuerySchema = z.object({
  search,
  filter: filterOf(ADMIN_GUESTBOOK_FILTERS),
  cursor,
  limit,
});
/** GET /api/admin/activity?cursor=&limit= */
export const adminActivityQuerySchema = z.object({ cursor, limit });

/** POST /api/admin/photos/{photoId}/moderate */
export const adminModerateSchema = z.object({
  action: z.enum(ADMIN_MODERATE_ACTIONS, { error: 'action must be approve, reject or flag' }),
  reason: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(500, 'The reason can be at most 500 characters')
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export const adminPhotoIdSchema = z.uuid({ error: 'photoId must be a UUID' });
/** POST /api/admin/guestbook/{id}/moderate */
export const adminGuestbookModerateSchema = z.object({
  action: z.enum(ADMIN_GUESTBOOK_ACTIONS, { error: 'action must be approve, reject or delete' }),
});
export const adminGuestbookIdSchema = z.uuid({ error: 'id must be a UUID' });
export const adminExportKindSchema = z.enum(ADMIN_EXPORT_KINDS, {
  error: `Export one of ${ADMIN_EXPORT_KINDS.join(', ')}`,
});

// ---- the bus questions -----------------------------------------------------------------------------

const isoTime = z.iso.datetime({ offset: true });
const page = { cursor, limit: z.number().int().min(1).max(ADMIN_PAGE_MAX) };
const nextCursor = z.string().nullable();
/** Most ids one lookup may name. */
export const ADMIN_IDS_MAX = 500;
/** Most accounts `rpc.billing.premium` answers (the Premium filter looks among these). */
export const PREMIUM_IDS_MAX = 20_000;
const ids = z.array(z.string().min(1).max(200)).max(ADMIN_IDS_MAX);

export const adminIdentityUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  isSuspended: z.boolean(),
  createdAt: isoTime,
});
export type AdminIdentityUser = z.infer<typeof adminIdentityUserSchema>;

/**
 * `rpc.identity.users`: a page of accounts, newest first, matching the search (e-mail or name) and
 * status; or, with `ids`, those accounts (`among` limits the page to a set, for the Premium filter).
 */
export const identityUsers = rpc(
  RPC.identityUsers,
  z.object({
    search: z.string().max(100).optional(),
    status: z.enum(['active', 'suspended']).optional(),
    ids: ids.optional(),
    among: z.array(z.string().min(1).max(200)).max(PREMIUM_IDS_MAX).optional(),
    ...page,
  }),
  z.object({ users: z.array(adminIdentityUserSchema), nextCursor }),
);
/** `rpc.identity.stats {since} -> {total, since}`: accounts in all, and those made since the time. */
export const identityStats = rpc(
  RPC.identityStats,
  z.object({ since: isoTime }),
  z.object({ total: z.number().int().min(0), since: z.number().int().min(0) }),
);

/** `rpc.billing.plans {accountIds} -> {plans}`: each account's plan in effect now. */
export const billingPlans = rpc(
  RPC.billingPlans,
  z.object({ accountIds: ids }),
  z.object({ plans: z.array(z.object({ accountId: z.string(), plan: z.string() })) }),
);
/** `rpc.billing.premium {} -> {accountIds}`: the accounts on a paid plan now. */
export const billingPremium = rpc(
  RPC.billingPremium,
  z.object({}),
  z.object({ accountIds: z.array(z.string()).max(PREMIUM_IDS_MAX) }),
);
/** `rpc.billing.stats {} -> {revenueCents}`: payments that succeeded and were not refunded. */
export const billingStats = rpc(
  RPC.billingStats,
  z.object({}),
  z.object({ revenueCents: z.number().int().min(0) }),
);

export const adminEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  hostId: z.string(),
  plan: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  /** Find Me on (ADR 036; added later: an answer without it says off) */
  findMe: z.boolean().default(false),
});
export type AdminEventFacts = z.infer<typeof adminEventSchema>;

/**
 * `rpc.events.list`: a page of events, latest start first, matching the search (name or code) and
 * status; or, with `ids`, those events.
 */
export const eventsList = rpc(
  RPC.eventsList,
  z.object({
    search: z.string().max(100).optional(),
    status: z.enum(['active', 'upcoming', 'ended']).optional(),
    ids: z.array(z.uuid()).max(ADMIN_IDS_MAX).optional(),
    ...page,
  }),
  z.object({ events: z.array(adminEventSchema), nextCursor }),
);
/** `rpc.events.by-host {hostIds} -> {hosts: [{hostId, eventIds}]}`: each host's events (one entry per asked host). */
export const eventsByHost = rpc(
  RPC.eventsByHost,
  z.object({ hostIds: ids }),
  z.object({ hosts: z.array(z.object({ hostId: z.string(), eventIds: z.array(z.uuid()) })) }),
);
/** `rpc.events.stats {} -> {total, active}` */
export const eventsStats = rpc(
  RPC.eventsStats,
  z.object({}),
  z.object({ total: z.number().int().min(0), active: z.number().int().min(0) }),
);

export const adminPhotoFactsSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  /** what was captured (ADR 030) */
  kind: captureKindSchema.default('photo'),
  caption: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  deviceName: z.string().nullable(),
  status: z.enum(PHOTO_STATUSES),
  flagCount: z.number().int().min(0),
  flagReason: z.string().nullable(),
  held: z.boolean(),
  safetyScore: z.number().min(0).max(1).nullable(),
  createdAt: isoTime,
});
/**
 * `rpc.photos.list`: a page of photos of every event, newest first, by status (`flagged`: flagged and
 * not rejected), kind and search (caption or guest name, or any photo of `orEventIds`).
 */
export const photosList = rpc(
  RPC.photosList,
  z.object({
    search: z.string().max(100).optional(),
    orEventIds: z.array(z.uuid()).max(ADMIN_IDS_MAX).optional(),
    filter: z.enum(ADMIN_PHOTO_FILTERS).optional(),
    kind: captureKindSchema.optional(),
    ...page,
  }),
  z.object({ photos: z.array(adminPhotoFactsSchema), nextCursor }),
);
/** `rpc.photos.stats {since} -> {total, since, flagged}` */
export const photosStats = rpc(
  RPC.photosStats,
  z.object({ since: isoTime }),
  z.object({
    total: z.number().int().min(0),
    since: z.number().int().min(0),
    flagged: z.number().int().min(0),
  }),
);
/** `rpc.photos.moderate`: an admin approves, rejects or flags a photo (recorded by `photo.moderated`). */
export const photosModerate = rpc(
  RPC.photosModerate,
  z.object({
    photoId: z.uuid(),
    action: z.enum(ADMIN_MODERATE_ACTIONS),
    reason: z.string().max(500).optional(),
    by: z.string().min(1),
  }),
  adminPhotoFactsSchema.pick({ id: true, eventId: true, status: true, flagCount: true, held: true }),
);

/**
 * `rpc.photos.event-counts {eventIds} -> {events: [{eventId, photoCount, guestCount, faceCount}]}`: one entry per
 * asked event, in the order asked.
 */
export const photosEventCounts = rpc(
  RPC.photosEventCounts,
  z.object({ eventIds: z.array(z.uuid()).max(ADMIN_IDS_MAX) }),
  z.object({
    events: z.array(
      z.object({
        eventId: z.uuid(),
        photoCount: z.number().int().min(0),
        guestCount: z.number().int().min(0),
        /** faces indexed for Find Me (added later: an answer without it says none) */
        faceCount: z.number().int().min(0).default(0),
      }),
    ),
  }),
);

export const adminGuestbookFactsSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  kind: z.enum(GUESTBOOK_KINDS),
  text: z.string().nullable(),
  /** a voice message's recording, signed as a photo's thumbUrl is; null for a written one */
  audioUrl: z.string().nullable(),
  durationMs: z.number().int().min(0).nullable(),
  deviceName: z.string().nullable(),
  author: z.string(),
  status: z.enum(GUESTBOOK_STATUSES),
  reportCount: z.number().int().min(0),
  held: z.boolean(),
  createdAt: isoTime,
});
/**
 * `rpc.photos.guestbook-list`: a page of guestbook entries of every event (ADR 034), newest first, by
 * status (`held`: hidden by reports, whatever the status) and search (the text or the guest's name,
 * or any entry of `orEventIds`).
 */
export const photosGuestbookList = rpc(
  RPC.photosGuestbookList,
  z.object({
    search: z.string().max(100).optional(),
    orEventIds: z.array(z.uuid()).max(ADMIN_IDS_MAX).optional(),
    filter: z.enum(ADMIN_GUESTBOOK_FILTERS).optional(),
    ...page,
  }),
  z.object({ entries: z.array(adminGuestbookFactsSchema), nextCursor }),
);
/**
 * `rpc.photos.guestbook-moderate`: an admin approves, rejects or deletes a guestbook entry, as its
 * host would (deleting removes its recording and reports too).
 */
export const photosGuestbookModerate = rpc(
  RPC.photosGuestbookModerate,
  z.object({
    entryId: z.uuid(),
    action: z.enum(ADMIN_GUESTBOOK_ACTIONS),
    by: z.string().min(1),
  }),
  z.object({
    id: z.uuid(),
    eventId: z.uuid(),
    /** null once deleted */
    status: z.enum(GUESTBOOK_STATUSES).nullable(),
    held: z.boolean(),
    deleted: z.boolean(),
  }),
);
