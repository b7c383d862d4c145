import { pgSchema, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mediaSchema = pgSchema('media');

export const developed = mediaSchema.table('developed', {
  photoId: uuid('photo_id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  developedAt: timestamp('developed_at', { withTimezone: true }).notNull().defaultNow(),
});
