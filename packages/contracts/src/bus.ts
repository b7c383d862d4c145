import { z } from 'zod';
import './jitless';
import type { CaptureKind } from './capture-kinds';
import { PHOTO_STATUSES, captureKindSchema } from './photos';
import { LANGUAGES } from './languages';

/** Bus messages: every subject with its version and schema (convention 1). */
export const photoUploaded = {
  subject: 'photo.uploaded',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    deviceId: z.uuid(),
    originalKey: z.string(),
    uploadedAt: z.string(),
    /**
     * The event's film look when the photo was taken (added: a message without them is developed
     * without a film look). `timezone` dates the film look's date stamp.
     */
    filmMode: z.boolean().optional(),
    filmPreset: z.string().max(32).optional(),
    timezone: z.string().max(64).optional(),
    /**
     * The host's plan when the photo was taken, as billing answered it (added, ADR 025): `watermark`
     * marks the display and thumbnail renditions; `aiFilter` has the media worker score the display
     * rendition with the AI safety filter (ADR 027). A message without them is developed without either.
     */
    watermark: z.boolean().optional(),
    aiFilter: z.boolean().optional(),
    /** what was captured (added, ADR 030): the worker develops it with its kind's pipeline; absent, a photo */
    kind: captureKindSchema.optional(),
  }),
} as const;
export type PhotoUploaded = z.infer<typeof photoUploaded.schema>;

/**
 * Where a capture's developing job is published (ADR 033): a photo's on `photo.uploaded`, another
 * kind's on `photo.uploaded.<kind>` with the same message, so the media worker takes clips from a queue
 * of their own (one at a time) and never keeps a photo waiting behind one.
 */
export const developingSubject = (kind: CaptureKind): string =>
  kind === 'photo' ? photoUploaded.subject : `${photoUploaded.subject}.${kind}`;
/**
 * A developed photo the AI safety filter is to judge (ADR 027, ADR 038): the media worker develops a
 * photo whose host's plan has the filter, then judges it from a queue of its own (the same message as
 * its `photo.uploaded`), so the filter may fall behind during a burst without holding up developing;
 * `photo.processed` (with the verdict) follows the judgement, so the photo is seen by no one before
 * but its host and the guest who took it (its thumbnail, `photo.thumbnail.made`).
 */
export const judgeWanted = {
  subject: 'photo.judge.wanted',
  version: 1,
  schema: photoUploaded.schema,
} as const;

/**
 * One image the media worker made from a photo's original. `kind` names what it is for (`thumb`,
 * `display`; later a film look, a watermark); its key is `events/<eventId>/renditions/<photoId>/<kind>.<ext>`,
 * the same for every run, so making it again overwrites it.
 */
export const renditionSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  key: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  /** a clip's video: how long it plays (ADR 033) */
  durationMs: z.number().int().nonnegative().optional(),
});
export type Rendition = z.infer<typeof renditionSchema>;
/** A rendition whose sizes may be unknown (one announced before renditions carried them). */
export type NamedRendition = Pick<Rendition, 'kind' | 'key'> &
  Partial<Pick<Rendition, 'width' | 'height' | 'bytes' | 'durationMs'>>;

export const photoProcessed = {
  subject: 'photo.processed',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    /** every rendition made (added in place of the four fields below, which stay for older consumers) */
    renditions: z.array(renditionSchema).min(1).optional(),
    /** the `thumb` and `display` renditions' keys, and the `display` rendition's size */
    thumbKey: z.string(),
    displayKey: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    processedAt: z.string(),
    /**
     * The AI safety filter's verdict (added, ADR 027), only for a photo whose upload asked for it
     * (`aiFilter`): `safetyScore` is how likely the display rendition is explicit (0..1; absent when
     * the classifier failed), `held` that the photo must be held for the host's review (at or above
     * the media worker's threshold, or not scored). A message without them holds nothing.
     */
    safetyScore: z.number().min(0).max(1).optional(),
    held: z.boolean().optional(),
    /** the kind of what was developed (added, ADR 030); absent, a photo */
    kind: captureKindSchema.optional(),
  }),
} as const;
export type PhotoProcessed = z.infer<typeof photoProcessed.schema>;

/** The `photo.processed` message for renditions made, with the fields older consumers read. */
export function processedMessage(
  photoId: string,
  eventId: string,
  renditions: Rendition[],
  processedAt: Date,
  safety?: { safetyScore?: number; held: boolean },
): PhotoProcessed {
  const thumb = renditions.find((r) => r.kind === 'thumb');
  const display = renditions.find((r) => r.kind === 'display');
  if (!thumb || !display) throw new Error('photo.processed needs a thumb and a display rendition');
  return photoProcessed.schema.parse({
    photoId,
    eventId,
    renditions,
    thumbKey: thumb.key,
    displayKey: display.key,
    width: display.width,
    height: display.height,
    processedAt: processedAt.toISOString(),
    ...safety,
  });
}

/**
 * A photo's thumbnail, made and stored before its display rendition (issue 26): the media worker
 * announces it at once, so the host's moderation and the guest's Your Shots show the photo while it
 * still develops. It develops nothing: the photo is developed (and seen by anyone else) only once
 * `photo.processed` follows, which names the thumbnail again.
 */
export const thumbnailMade = {
  subject: 'photo.thumbnail.made',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    /** the `thumb` rendition, at the key `photo.processed` will name */
    thumb: renditionSchema.extend({ kind: z.literal('thumb') }),
    madeAt: z.string(),
    /** the kind of what is developing (ADR 030); absent, a photo */
    kind: captureKindSchema.optional(),
  }),
} as const;
export type ThumbnailMade = z.infer<typeof thumbnailMade.schema>;

/** The renditions a `photo.processed` message names; one sent before they were listed gives the two it has. */
export function renditionsOf(m: PhotoProcessed): NamedRendition[] {
  return (
    m.renditions ?? [
      { kind: 'thumb', key: m.thumbKey },
      { kind: 'display', key: m.displayKey, width: m.width, height: m.height },
    ]
  );
}

export const photoModerated = {
  subject: 'photo.moderated',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected']),
    previousStatus: z.enum(['pending', 'approved', 'rejected']),
    flagged: z.boolean(),
    at: z.string(),
    /**
     * Who decided and why (added, ADR 028; the audit log records them): the host's or admin's user
     * id, which of the two acted, what they did and the reason given. Older messages lack them.
     */
    by: z.string().optional(),
    byRole: z.enum(['host', 'admin']).optional(),
    action: z.enum(['approve', 'reject', 'flag', 'status']).optional(),
    reason: z.string().optional(),
  }),
} as const;
export type PhotoModerated = z.infer<typeof photoModerated.schema>;
export const photoDeleted = {
  subject: 'photo.deleted',
  version: 1,
  schema: z.object({ photoId: z.uuid(), eventId: z.uuid(), at: z.string() }),
} as const;
export const eventUpdated = {
  subject: 'event.updated',
  version: 1,
  schema: z.object({ eventId: z.uuid(), code: z.string(), at: z.string() }),
} as const;
/**
 * The event's reveal time has come (ADR 035): published once through the events service's outbox by its
 * reveal pass. Photos tells the guests who asked and the host (live mode's first approval is photos'
 * own reveal; photos sends each reminder once, whichever comes first).
 */
export const eventRevealed = {
  subject: 'event.revealed',
  version: 1,
  schema: z.object({ eventId: z.uuid(), code: z.string(), revealAt: z.string(), at: z.string() }),
} as const;
export const eventCreated = {
  subject: 'event.created',
  version: 1,
  schema: z.object({ eventId: z.uuid(), code: z.string(), hostId: z.string(), at: z.string() }),
} as const;
/**
 * The event was deleted (by its host or an admin): its photos, devices and stored objects are to be
 * removed, and everyone watching it is told. Published through the events service's outbox.
 */
export const eventDeleted = {
  subject: 'event.deleted',
  version: 1,
  schema: z.object({
    eventId: z.uuid(),
    code: z.string(),
    hostId: z.string(),
    /** who deleted it (the host or an admin), and why */
    deletedBy: z.string(),
    reason: z.string(),
    at: z.string(),
  }),
} as const;
/**
 * An account as the identity provider describes it, at each login and each suspension. Version 2 has
 * no `plan` (billing owns plans, ADR 012); version 1 (`user.upserted`) is no longer published.
 */
export const userUpserted = {
  subject: 'user.upserted.v2',
  version: 2,
  schema: z.object({
    id: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isSuspended: z.boolean(),
    at: z.string(),
    /** the language the person last used Afterglow in (added, ADR 035): their e-mails are written in it */
    lang: z.enum(LANGUAGES).optional(),
    /** whether the identity provider has confirmed the address (added, ADR 035) */
    emailVerified: z.boolean().optional(),
  }),
} as const;

/**
 * The Extra Photos add-on of a payment (ADR 024): `granted` when the payment succeeded, then once more
 * with `granted: false` when it was refunded. The events service raises (lowers) that event's
 * `maxPhotos` by `photos`, once per payment; a refund seen first keeps a later grant from applying.
 * Published through billing's outbox.
 */
export const paymentExtraPhotos = {
  subject: 'payment.extra_photos',
  version: 1,
  schema: z.object({
    paymentId: z.string(),
    eventId: z.uuid(),
    accountId: z.string(),
    photos: z.number().int().min(1),
    granted: z.boolean(),
    at: z.string(),
  }),
} as const;

/** Billing's notice (never stored) that an account's entitlements changed: askers drop their kept answer. */
export const ENTITLEMENTS_CHANGED = 'billing.entitlements.changed';

/**
 * Request/reply subjects (never stored): the one place their names are written. Each is
 * `rpc.<service>.<question>`, answered by that service (`identity`'s by the gateway, which keeps the
 * users table); its request and answer schemas are the contract of the same name (`rpc.ts`,
 * `admin.ts`), asked with `ask` and answered with `answer` from `@afterglow/bus`.
 */
export const RPC = {
  eventsGet: 'rpc.events.get',
  eventsDelete: 'rpc.events.delete',
  eventsList: 'rpc.events.list',
  eventsByHost: 'rpc.events.by-host',
  eventsStats: 'rpc.events.stats',
  billingEntitlements: 'rpc.billing.entitlements',
  billingPlans: 'rpc.billing.plans',
  billingPremium: 'rpc.billing.premium',
  billingStats: 'rpc.billing.stats',
  photosCounts: 'rpc.photos.counts',
  photosUsage: 'rpc.photos.usage',
  photosList: 'rpc.photos.list',
  photosStats: 'rpc.photos.stats',
  photosEventCounts: 'rpc.photos.event-counts',
  photosModerate: 'rpc.photos.moderate',
  photosGuestbookList: 'rpc.photos.guestbook-list',
  photosGuestbookModerate: 'rpc.photos.guestbook-moderate',
  identitySuspend: 'rpc.identity.suspend',
  identityUsers: 'rpc.identity.users',
  identityStats: 'rpc.identity.stats',
  notifyMessages: 'rpc.notify.messages',
} as const;
export type RpcSubject = (typeof RPC)[keyof typeof RPC];

/**
 * Transient notification (never stored) from photos to every realtime instance, which forwards it to
 * the event's WebSocket rooms. `audience: 'host'`: only the event's host (and admins) may receive it;
 * `'all'`: every watcher of the event.
 */
export const liveNotice = {
  subject: 'live.photos',
  version: 1,
  schema: z.object({
    type: z.enum(['photo_uploaded', 'photo_moderated', 'photo_approved']),
    eventId: z.uuid(),
    photoId: z.uuid(),
    audience: z.enum(['host', 'all']),
    status: z.enum(PHOTO_STATUSES).optional(),
    /** what was captured (ADR 030): a screen says 'New clip approved!' for a clip; absent, a photo */
    kind: captureKindSchema.optional(),
    /** `photo_uploaded` of a photo still developing whose thumbnail is ready (ADR 038); absent, developed */
    developing: z.literal(true).optional(),
  }),
} as const;
export const LIVE_SUBJECT = liveNotice.subject;
export type LiveNotice = z.infer<typeof liveNotice.schema>;

/** Subjects stored by the durable stream. */
export const STREAM_SUBJECTS: readonly string[] = [
  'photo.>',
  'event.>',
  'user.>',
  'payment.>',
  'mail.>',
  'push.>',
];

export interface MessageContract<S extends z.ZodType> {
  subject: string;
  version: number;
  schema: S;
}

/** A request/reply subject with the schema of its request and of its answer. */
export interface RpcContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  subject: string;
  /** the service that answers it, from the subject `rpc.<service>.…` (set by `rpc()`) */
  service?: string;
  request: Req;
  response: Res;
  /** askers may keep an answer this long, per `key` of the request (a change reaches them within it) */
  keep?: {
    ms: number;
    key: (request: z.infer<Req>) => string;
    /** a notice (never stored) the answerer sends when an answer changed: the key it names is dropped */
    changed?: { subject: string; key: (notice: unknown) => string | null };
  };
}
/** What an asker sends, and what it gets back. */
export type RpcRequest<C extends RpcContract> = z.input<C['request']>;
export type RpcResponse<C extends RpcContract> = z.infer<C['response']>;
/** What the answering service does with a (parsed) request. */
export type RpcHandler<C extends RpcContract> = (
  request: z.infer<C['request']>,
) => Promise<z.input<C['response']>>;

/**
 * A request/reply contract (convention 1): its subject from `RPC`, its request and answer schemas, and
 * how long askers may keep an answer. The answering service is read from the subject.
 */
export function rpc<Req extends z.ZodType, Res extends z.ZodType>(
  subject: RpcSubject,
  request: Req,
  response: Res,
  keep?: RpcContract<Req, Res>['keep'],
): RpcContract<Req, Res> {
  const service = subject.split('.')[1]!;
  return { subject, service, request, response, ...(keep ? { keep } : {}) };
}
