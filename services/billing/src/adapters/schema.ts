import { boolean, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { outboxTable } from '@afterglow/db';

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
  /** the longest clip a guest may take (ADR 033); 0: photos only */
  maxClipSeconds: integer('max_clip_seconds').notNull().default(0),
  /** voice messages in the guestbook (text messages: every plan) */
  voiceGuestbook: boolean('voice_guestbook').notNull().default(false),
  findMe: boolean('find_me').notNull().default(false),
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
  /** the payment that bought it (null: the operator's `plan` command); a refund of it takes it back */
  paymentId: uuid('payment_id'),
});

/**
 * Payments (ADR 024): one row per payment intent, made when the checkout asks for one. The amount is
 * the plan table's (or the add-on's), never the client's. `status` moves pending → succeeded or
 * failed (failed → succeeded when the buyer retries); refunded is final.
 */
export const payments = billingSchema.table(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stripe's PaymentIntent id (`pi_…`), or the test mode's own (`pi_test_…`) */
    intentId: text('intent_id').notNull().unique(),
    userId: text('user_id').notNull(),
    /** `plan` or `extra-photos` */
    kind: text('kind').notNull(),
    plan: text('plan'),
    eventId: uuid('event_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('pending'),
    testMode: boolean('test_mode').notNull(),
    /** the provider's last failure message */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Stripe events already handled, by their id: a redelivered event is acknowledged and not applied again. */
export const processedEvents = billingSchema.table('processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Facts written with the rows they describe (ADR 011): the add-on's grants and refunds. */
export const outbox = outboxTable(billingSchema);

export type PlanRow = typeof plans.$inferSelect;
