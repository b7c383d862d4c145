import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PushSubscriptionJson } from '@afterglow/contracts';
import { outboxTable } from '@afterglow/db';

export const photosSchema = pgSchema('photos');

export const devices = photosSchema.table(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    anonId: uuid('anon_id').notNull(),
    displayName: text('display_name'),
    shotsTaken: integer('shots_taken').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devices_event_idx').on(t.eventId)],
);

/** One row per event: the photo count, raised under the event's limit in the upload transaction. */
export const eventCounters = photosSchema.table('event_counters', {
  eventId: uuid('event_id').primaryKey(),
  photoCount: integer('photo_count').notNull().default(0),
});

export const photos = photosSchema.table(
  'photos',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** what was captured (ADR 030): `CAPTURE_KINDS` of the contracts; every row of before is a photo */
    kind: text('kind').notNull().default('photo'),
    uploadId: uuid('upload_id'),
    caption: text('caption'),
    status: text('status').notNull().default('pending'),
    flagCount: integer('flag_count').notNull().default(0),
    flagReason: text('flag_reason'),
    originalKey: text('original_key').notNull(),
    /** the original's size as uploaded (rows developed before renditions had their own table: the display size) */
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the renditions were recorded: a photo is developed once this is set */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** distinct guest devices that reported it (ADR 023) */
    reportCount: integer('report_count').notNull().default(0),
    /** the report count when the host last approved or rejected it: only reports after that count */
    reportsReviewed: integer('reports_reviewed').notNull().default(0),
    /** set when reports hid it from guests and screens; cleared when the host approves or rejects it */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** the AI safety filter's score (0..1) when the host's plan has the filter (ADR 027) */
    safetyScore: real('safety_score'),
    /** when its faces were recorded for Find Me (ADR 036); null: not looked at (or Find Me went off) */
    facesAt: timestamp('faces_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('photos_device_upload_uq')
      .on(t.deviceId, t.uploadId)
      .where(sql`${t.uploadId} is not null`),
    // an event's pages, newest first (the keyset's row comparison bounds a scan of it)
    index('photos_event_created_id_idx').on(t.eventId, t.createdAt, t.id),
    index('photos_device_idx').on(t.deviceId),
    // the back office's pages (ADR 028): all photos, and by status, newest first
    index('photos_created_idx').on(t.createdAt, t.id),
    index('photos_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** One row per guest device that reported a photo: a device counts once, whatever it sends. */
export const reports = photosSchema.table(
  'reports',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.deviceId] })],
);

/**
 * The images made from each photo's original (`photo.processed`), one row per kind: the one place
 * their keys and sizes are kept. A new kind (a film look, a watermark) is a new row, not a new column.
 */
export const renditions = photosSchema.table(
  'renditions',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** null only for renditions recorded before sizes were sent with them */
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes'),
    /** a clip's video: how long it plays (ADR 033) */
    durationMs: integer('duration_ms'),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.kind] })],
);

/**
 * Venue screens (ADR 017). One row per event watched by screens: which cycle of the shared order it is
 * in. The row is also the event's lock: every hand-out takes it first, so screens asking at once (on
 * any number of photos instances) are served one after the other.
 */
export const screenCycles = photosSchema.table('screen_cycles', {
  eventId: uuid('event_id').primaryKey(),
  cycle: integer('cycle').notNull().default(1),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last cycle each approved photo was handed to a screen in (and when, and to which screen). */
export const screenShows = photosSchema.table(
  'screen_shows',
  {
    photoId: uuid('photo_id')
      .primaryKey()
      .references(() => photos.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    cycle: integer('cycle').notNull(),
    screenId: text('screen_id').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screen_shows_event_cycle_idx').on(t.eventId, t.cycle)],
);

/** The screens of an event: the photo each was last handed and the photos it said it has on display. */
export const screens = photosSchema.table(
  'screens',
  {
    eventId: uuid('event_id').notNull(),
    screenId: text('screen_id').notNull(),
    photoId: uuid('photo_id'),
    onScreen: uuid('on_screen')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.screenId] })],
);

/** Facts written in the same transaction as the rows they describe; a relay publishes them. */
/**
 * A clip's resumable upload (tus 1.0.0, ADR 033), from its creation to the capture it became. Its
 * bytes are in object storage as parts (`uploads/<id>/<offset>`), so any process of the service can
 * take the next PATCH; `offset` is how many have arrived.
 */
export const clipUploads = photosSchema.table(
  'clip_uploads',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** the client's id of the capture */
    uploadId: uuid('upload_id').notNull(),
    caption: text('caption'),
    length: integer('length').notNull(),
    offset: integer('offset').notNull().default(0),
    /** the capture it became, once every byte arrived and the upload took it */
    photoId: uuid('photo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clip_uploads_device_upload_idx').on(t.deviceId, t.uploadId)],
);
export type ClipUploadRow = typeof clipUploads.$inferSelect;

/**
 * The guestbook (issue 23): messages guests leave for the hosts, written or recorded; they use no
 * shot. Moderated and reported like photos; a voice message's recording is stored as it arrived at
 * `audio_key` (under the event's prefix, so it goes with the event).
 */
export const guestbookEntries = photosSchema.table(
  'guestbook_entries',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** the client's id of the message: a retried post is one entry */
    uploadId: uuid('upload_id'),
    /** `text` or `voice` (GUESTBOOK_KINDS) */
    kind: text('kind').notNull(),
    text: text('text'),
    audioKey: text('audio_key'),
    audioBytes: integer('audio_bytes'),
    /** the recording's length, measured on the file */
    durationMs: integer('duration_ms'),
    status: text('status').notNull().default('pending'),
    // milliseconds, as a page's cursor carries them (packages/db/src/lists.ts)
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** distinct guest devices that reported it (ADR 023, as photos) */
    reportCount: integer('report_count').notNull().default(0),
    /** the report count when the host last approved or rejected it: only reports after that count */
    reportsReviewed: integer('reports_reviewed').notNull().default(0),
    /** set when reports hid it from guests and screens; cleared when the host approves or rejects it */
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guestbook_device_upload_uq')
      .on(t.deviceId, t.uploadId)
      .where(sql`${t.uploadId} is not null`),
    index('guestbook_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('guestbook_device_idx').on(t.deviceId),
  ],
);
export type GuestbookRow = typeof guestbookEntries.$inferSelect;

/** One row per guest device that reported a guestbook entry: a device counts once. */
export const guestbookReports = photosSchema.table(
  'guestbook_reports',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => guestbookEntries.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.deviceId] })],
);

/**
 * 'Tell me when the photos are revealed' (ADR 035): one row per device of an event and channel, with
 * the address or push subscription the guest gave, used once at the reveal and then deleted (or with
 * the event, or when the guest withdraws it).
 */
export const reminders = photosSchema.table(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** `email` or `push` */
    channel: text('channel').notNull(),
    email: text('email'),
    push: jsonb('push').$type<PushSubscriptionJson>(),
    /** the guest's language when they asked */
    lang: text('lang').notNull(),
    /** the gallery at the origin the guest uses */
    galleryUrl: text('gallery_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminders_device_channel_uq').on(t.eventId, t.deviceId, t.channel)],
);

/** An event whose reveal was told (guests' reminders and the host): once, however it came (ADR 035). */
export const revealNotices = photosSchema.table('reveal_notices', {
  eventId: uuid('event_id').primaryKey(),
  /** `time` (the reveal time came) or `live` (the first approval in live mode) */
  trigger: text('trigger').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes as PostgreSQL's bytea (a face's descriptor: 128 float32 numbers). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The events with Find Me on, as photos last heard it from events (ADR 036): what indexing and its
 * re-drive go by. A row is the event's lock too: recording a photo's faces holds it shared, so turning
 * Find Me off (which deletes the row, then every face) never leaves a face behind.
 */
export const findMeEvents = photosSchema.table('find_me_events', {
  eventId: uuid('event_id').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per face found in a developed capture of an event with Find Me on (ADR 036): where it is and
 * its descriptor. Deleted with the photo, with the event (its photos), when Find Me goes off, and by a
 * guest's 'Remove me'. Never holds a picture.
 */
export const faces = photosSchema.table(
  'faces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    /** the face's box, as fractions of the picture */
    box: jsonb('box').$type<{ x: number; y: number; width: number; height: number }>().notNull(),
    score: real('score').notNull(),
    /** 128 float32 numbers, little-endian */
    descriptor: bytes('descriptor').notNull(),
  },
  (t) => [index('faces_event_idx').on(t.eventId, t.id), index('faces_photo_idx').on(t.photoId)],
);

/**
 * Where a guest's 'Remove me' took a face out of a photo (ADR 036): only the box, never a descriptor,
 * so indexing the photo again leaves that face out. Deleted with the photo.
 */
export const faceRemovals = photosSchema.table(
  'face_removals',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    box: jsonb('box').$type<{ x: number; y: number; width: number; height: number }>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_removals_photo_idx').on(t.photoId)],
);

export const outbox = outboxTable(photosSchema);

export type DeviceRow = typeof devices.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type RenditionRow = typeof renditions.$inferSelect;
export type ScreenRow = typeof screens.$inferSelect;
