import { boolean, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const identitySchema = pgSchema('identity');

/** Users as the identity provider describes them, kept in step at every login. */
export const users = identitySchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** `<issuer>|<sub>`: stable across e-mail changes at the provider */
  subject: text('subject').notNull().unique(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isSuspended: boolean('is_suspended').notNull().default(false),
  plan: text('plan').notNull().default('free'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Local accounts of the embedded identity provider (embedded mode only). */
export const localAccounts = identitySchema.table(
  'local_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_accounts_email_uq').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type LocalAccountRow = typeof localAccounts.$inferSelect;
