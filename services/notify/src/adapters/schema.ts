import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PushSubscriptionJson } from '@afterglow/contracts';

export const notifySchema = pgSchema('notify');

/**
 * The accounts notify writes to, from identity's `user.upserted` facts: the address and the language
 * a host's notices go to (ADR 035).
 */
export const accounts = notifySchema.table('accounts', {
  /** identity's user id */
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  lang: text('lang'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A host notice turned off on My Dashboard (one row per account and kind; no row: on). */
export const preferences = notifySchema.table(
  'preferences',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ name: 'preferences_pk', columns: [t.userId, t.kind] })],
);

/** An address that asked (List-Unsubscribe) for no more of a kind of message without an account. */
export const suppressions = notifySchema.table(
  'suppressions',
  {
    /** lower-cased */
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'suppressions_pk', columns: [t.email, t.kind] })],
);

/**
 * The mail outbox (ADR 035): every message, written in the recipient's language when it is asked for,
 * then sent by whichever notify replica claims it. `pending` until sent (`sent`), kept as a file with no
 * SMTP server (`saved`), or given up (`failed`, with the server's answer).
 */
export const messages = notifySchema.table(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the asker's key: one message per key */
    key: text('key').notNull().unique(),
    template: text('template').notNull(),
    /** `email`, or `push` (a Web Push notification to `push`, the browser's subscription) */
    channel: text('channel').notNull().default('email'),
    /** a push message's subscription; emptied when its push service says it is gone */
    push: jsonb('push').$type<PushSubscriptionJson>(),
    /** the e-mail address; for a push message, its push service's host */
    toAddress: text('to_address').notNull(),
    /** an account's message (null for a guest's) */
    userId: text('user_id'),
    /** a guest's message: deleted with its event */
    eventId: uuid('event_id'),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** the links the message carries, for the back office */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** List-Unsubscribe (and its one-click POST) address; null for transactional messages */
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** a replica is sending it until then */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('messages_created_idx').on(t.createdAt),
    index('messages_event_idx')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
