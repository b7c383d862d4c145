import { integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mediaSchema = pgSchema('media');

/** One row per photo whose renditions are stored; the primary key makes redelivery harmless. */
export const renditions = mediaSchema.table('renditions', {
  photoId: uuid('photo_id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  thumbKey: text('thumb_key').notNull(),
  displayKey: text('display_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
