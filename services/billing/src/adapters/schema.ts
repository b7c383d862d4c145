import { boolean, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

/** The plan table of spec section 9, loaded from the catalogue (`PLANS`) at each start. */
export const plans = billingSchema.table('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  maxEvents: integer('max_events'),
  maxPhotosPerEvent: integer('max_photos_per_event').notNull(),
  maxGuestsPerEvent: integer('max_guests_per_event'),
  hostingDays: integer('hosting_days').notNull(),
  /** MB of storage for an account's photos (ADR 018) */
  storageMb: integer('storage_mb').notNull(),
  watermark: boolean('watermark').notNull(),
  zipExport: boolean('zip_export').notNull(),
  publicGallery: boolean('public_gallery').notNull(),
  printableQrKit: boolean('printable_qr_kit').notNull().default(false),
  liveSlideshow: boolean('live_slideshow').notNull(),
  aiSafetyFilter: boolean('ai_safety_filter').notNull(),
});

/**
 * The accounts billing knows, from identity's `user.upserted` facts: their e-mail is how support
 * names an account (`afterglow plan <email> <plan>`) and, later, where receipts go.
 */
export const accounts = billingSchema.table('accounts', {
  /** identity's user id */
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which account is on which plan, and until when. An account without a row, or past `until`, is on
 * the free plan.
 */
export const accountPlans = billingSchema.table('account_plans', {
  userId: text('user_id').primaryKey(),
  plan: text('plan').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  /** null: the plan does not end */
  until: timestamp('until', { withTimezone: true }),
});

export type PlanRow = typeof plans.$inferSelect;
