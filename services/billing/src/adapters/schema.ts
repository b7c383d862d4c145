import { boolean, integer, pgSchema, text } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

/** The plan table of spec section 9; seeded from the catalogue at start. */
export const plans = billingSchema.table('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  maxEvents: integer('max_events'),
  maxPhotosPerEvent: integer('max_photos_per_event').notNull(),
  maxGuestsPerEvent: integer('max_guests_per_event'),
  hostingDays: integer('hosting_days').notNull(),
  watermark: boolean('watermark').notNull(),
  zipExport: boolean('zip_export').notNull(),
  publicGallery: boolean('public_gallery').notNull(),
  liveSlideshow: boolean('live_slideshow').notNull(),
  aiSafetyFilter: boolean('ai_safety_filter').notNull(),
});
