import {
  boolean,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const identitySchema = pgSchema('identity');

/** Users as the identity provider describes them, kept in step at every login. */
export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<issuer>|<sub>`: stable across e-mail changes at the provider */
    subject: text('subject').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** made an admin by an operator (`afterglow admin <email>`): kept at every login, unlike the role */
    adminGranted: boolean('admin_granted').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    /** the identity provider has confirmed the address (ADR 035): buying a plan needs it */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** the language the person last signed in with: their e-mails are written in it */
    lang: text('lang'),
    // milliseconds, as a page's cursor carries them (packages/db/src/lists.ts)
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the back office's pages (ADR 028): newest accounts first
  (t) => [index('users_created_idx').on(t.createdAt, t.id)],
);

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
    /** when the owner followed the confirmation link (ADR 035); null: not yet */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('local_accounts_email_uq').on(sql`lower(${t.email})`)],
);

/**
 * Single-use links sent to a local account's address (ADR 035): `confirm` its address, `email` to move
 * it to a new one (`email`), `reset` its password. Only a hash of the token is kept.
 */
export const accountTokens = identitySchema.table(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id').notNull(),
    purpose: text('purpose').notNull(),
    /** the address the link was sent to (and, for `email`, the one it confirms) */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountId, t.purpose)],
);

/**
 * What the embedded identity provider (oidc-provider) must keep across restarts and share between
 * gateway replicas: sessions, interactions, grants, codes, tokens. One row per (model, id); the
 * payload is oidc-provider's own, the other columns are the lookups its adapter API needs.
 */
export const oidcModels = identitySchema.table(
  'oidc_models',
  {
    /** oidc-provider's model name: Session, Interaction, Grant, AuthorizationCode, … */
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** set for the models revoked with their grant (tokens and codes), not for Grant or Interaction */
    grantId: text('grant_id'),
    userCode: text('user_code'),
    /** a Session's uid */
    uid: text('uid'),
    /** null: kept until destroyed */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'oidc_models_pk', columns: [t.model, t.id] }),
    index('oidc_models_grant_id_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_user_code_idx').on(t.userCode),
    index('oidc_models_expires_at_idx').on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type LocalAccountRow = typeof localAccounts.$inferSelect;
export type OidcModelRow = typeof oidcModels.$inferSelect;
