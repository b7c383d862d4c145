import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    uploadId: uuid('upload_id'),
    caption: text('caption'),
    status: text('status').notNull().default('pending'),
    flagCount: integer('flag_count').notNull().default(0),
    flagReason: text('flag_reason'),
    originalKey: text('original_key').notNull(),
    thumbKey: text('thumb_key'),
    displayKey: text('display_key'),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('photos_device_upload_uq')
      .on(t.deviceId, t.uploadId)
      .where(sql`${t.uploadId} is not null`),
    index('photos_event_created_idx').on(t.eventId, t.createdAt),
    index('photos_device_idx').on(t.deviceId),
  ],
);

/** Facts written in the same transaction as the rows they describe; a relay publishes them. */
export const outbox = photosSchema.table(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: text('subject').notNull(),
    msgId: text('msg_id').notNull(),
    payload: jsonb('payload').notNull(),
    /** trace context of the request that wrote the fact, so its publish continues that trace */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('outbox_unpublished_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
