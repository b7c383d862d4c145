import {
  boolean,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { outboxTable } from '@afterglow/db';

export const eventsSchema = pgSchema('events');

export const events = eventsSchema.table(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 6 }).notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    hostId: text('host_id').notNull(),
    plan: text('plan').notNull().default('free'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    revealAt: timestamp('reveal_at', { withTimezone: true }),
    timezone: text('timezone').notNull().default('UTC'),
    liveMode: boolean('live_mode').notNull().default(false),
    maxShotsPerDevice: integer('max_shots_per_device').notNull().default(12),
    shotCount: integer('shot_count').notNull().default(24),
    filmMode: boolean('film_mode').notNull().default(false),
    filmPreset: text('film_preset').notNull().default('classic'),
    noRetakes: boolean('no_retakes').notNull().default(false),
    allowCaptions: boolean('allow_captions').notNull().default(true),
    /** guests may take clips (ADR 033), this long at most */
    allowClips: boolean('allow_clips').notNull().default(false),
    clipSeconds: integer('clip_seconds').notNull().default(10),
    /** guests may find the photos they are in with a selfie (Find Me, ADR 036) */
    findMe: boolean('find_me').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    shareDescription: text('share_description'),
    colorMood: text('color_mood').notNull().default('vintage'),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    backgroundGradient: text('background_gradient').notNull(),
    maxPhotos: integer('max_photos').notNull(),
    maxGuests: integer('max_guests'),
    reportThreshold: integer('report_threshold').notNull().default(3),
    /** the event's language (contracts' LANGUAGES) */
    language: text('language').notNull().default('en'),
    /** when `event.revealed` was written for the current reveal time (ADR 035); null: not yet */
    revealAnnouncedAt: timestamp('reveal_announced_at', { withTimezone: true }),
  },
  (t) => [
    // the reveal pass: reveal times not yet announced
    index('events_reveal_due_idx')
      .on(t.revealAt)
      .where(sql`${t.revealAnnouncedAt} is null`),
    index('events_host_idx').on(t.hostId),
    // the back office's pages (ADR 028): latest start first
    index('events_starts_idx').on(t.startsAt, t.id),
  ],
);
export type EventRow = typeof events.$inferSelect;

/**
 * Every event an account created, kept when the event is deleted (ADR 025): a bought plan's events are
 * counted here, so deleting one (or retention deleting it) does not give the purchase another.
 */
export const eventsCreated = eventsSchema.table(
  'events_created',
  {
    eventId: uuid('event_id').primaryKey(),
    hostId: text('host_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('events_created_host_idx').on(t.hostId, t.createdAt)],
);

/**
 * Notices to a host, written once (ADR 026): `hosting_ended` when an event's hosting period is over,
 * `event_purged` when retention deleted it. One of each kind per event. The e-mail for each is asked of
 * notify in the same transaction (`mail.requested`, ADR 035); these rows are retention's own record.
 */
export const notifications = eventsSchema.table(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** not used: the e-mail goes through notify's outbox (ADR 035), which records its sending */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_kind_uq').on(t.eventId, t.kind),
    index('notifications_user_idx').on(t.userId),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Extra Photos bought for an event (billing's `payment.extra_photos` facts), one row per payment: the
 * event's `maxPhotos` is raised once when the row is made granted and lowered once when it is revoked.
 * Revoked is final, so a grant delivered after its refund changes nothing.
 */
export const photoAddons = eventsSchema.table('photo_addons', {
  paymentId: text('payment_id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  photos: integer('photos').notNull(),
  revoked: boolean('revoked').notNull().default(false),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Facts written in the same transaction as the rows they describe; a relay publishes them (ADR 011). */
export const outbox = outboxTable(eventsSchema);
