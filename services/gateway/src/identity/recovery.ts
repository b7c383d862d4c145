import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { mailRequested, type Language, type MailRequest } from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import type { SessionStore } from '../auth/sessions';
import { hashPassword } from './passwords';
import { accountTokens, localAccounts, oidcModels, users, type LocalAccountRow } from './schema';
import { EMBEDDED_ISSUER, type Users } from './users';

export type TokenPurpose = 'confirm' | 'email' | 'reset';

const HOUR_MS = 3600_000;
/** how long each link works */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: HOUR_MS,
  confirm: 7 * 24 * HOUR_MS,
  email: 24 * HOUR_MS,
};
/** links of one kind sent to one account per hour, at most (the rest are quietly not sent) */
const PER_HOUR = 3;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The link's row, while it is of this purpose, unused and not expired. */
const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hashOf(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/**
 * The embedded identity provider's accounts looking after themselves (ADR 035): the address confirmed
 * by a link, a forgotten password replaced through a single-use link valid for an hour, a new password
 * or address from My Dashboard. A new password ends the account's sessions: the gateway's (every
 * browser signed in to Afterglow) and the provider's own (which would sign it straight back in).
 */
export class AccountRecovery {
  constructor(
    private readonly d: {
      db: Db;
      bus: Bus;
      sessions: SessionStore;
      users: Users;
    },
  ) {}

  async accountByEmail(email: string): Promise<LocalAccountRow | null> {
    const [a] = await this.d.db
      .select()
      .from(localAccounts)
      .where(sql`lower(${localAccounts.email}) = ${email.trim().toLowerCase()}`);
    return a ?? null;
  }

  async account(id: string): Promise<LocalAccountRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [a] = await this.d.db.select().from(localAccounts).where(eq(localAccounts.id, id));
    return a ?? null;
  }

  /** The local account behind a signed-in user, or null (an external provider's user). */
  async accountOfUser(userId: string): Promise<LocalAccountRow | null> {
    const [u] = await this.d.db.select({ subject: users.subject }).from(users).where(eq(users.id, userId));
    if (!u) return null;
    const [issuer, sub] = u.subject.split('|');
    return issuer === EMBEDDED_ISSUER || issuer?.endsWith('/idp') ? this.account(sub ?? '') : null;
  }

  /**
   * A new link for the account, mailed to `email`; null (nothing sent) when this account already had
   * its hourly share of such links.
   */
  async sendLink(
    a: Pick<LocalAccountRow, 'id'>,
    purpose: TokenPurpose,
    email: string,
    link: (token: string) => string,
    lang: Language,
    now = new Date(),
  ): Promise<string | null> {
    const [recent] = await this.d.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.accountId, a.id),
          eq(accountTokens.purpose, purpose),
          gt(accountTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= PER_HOUR) return null;
    const token = randomBytes(32).toString('base64url');
    await this.d.db.insert(accountTokens).values({
      tokenHash: hashOf(token),
      accountId: a.id,
      purpose,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
    const template =
      purpose === 'reset'
        ? 'account.reset'
        : purpose === 'email'
          ? 'account.email-change'
          : 'account.confirm';
    await this.mail({
      key: `${purpose}:${hashOf(token)}`,
      template,
      to: { email },
      lang,
      params: { url: link(token) },
    });
    return token;
  }

  /**
   * A link that confirms `email` for the account (`confirm`: its own address; `email`: a new one),
   * opened at `origin`; null when the hourly share is used up.
   */
  confirmationLink(
    a: Pick<LocalAccountRow, 'id'>,
    purpose: 'confirm' | 'email',
    email: string,
    origin: string,
    lang: Language,
  ): Promise<string | null> {
    return this.sendLink(a, purpose, email, (token) => `${origin}/idp/confirm/${token}`, lang);
  }

  /** A link's token, if it is of this purpose, unused and not expired (without using it). */
  async peek(token: string, purpose: TokenPurpose, now = new Date()) {
    const [row] = await this.d.db
      .select()
      .from(accountTokens)
      .where(usable(token, purpose, now));
    return row ?? null;
  }

  /** Uses a link's token once: the row, or null when it is unknown, used, expired or of another purpose. */
  private async use(token: string, purpose: TokenPurpose, now: Date) {
    const [row] = await this.d.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(usable(token, purpose, now))
      .returning();
    return row ?? null;
  }

  /**
   * Follows a confirmation link: `confirm` marks the address confirmed, `email` moves the account to
   * the address it was sent to. 'taken' when that address has meanwhile become another account's.
   */
  async confirm(token: string, now = new Date()): Promise<'confirmed' | 'changed' | 'taken' | 'invalid'> {
    const row = (await this.use(token, 'confirm', now)) ?? (await this.use(token, 'email', now));
    if (!row) return 'invalid';
    const a = await this.account(row.accountId);
    if (!a) return 'invalid';
    if (row.purpose === 'confirm') {
      if (a.email.toLowerCase() !== row.email.toLowerCase()) return 'invalid'; // the address changed since
      await this.d.db.update(localAccounts).set({ emailVerifiedAt: now }).where(eq(localAccounts.id, a.id));
      await this.syncUsers(a.id, { email: a.email, emailVerified: true });
      return 'confirmed';
    }
    const other = await this.accountByEmail(row.email);
    if (other && other.id !== a.id) return 'taken';
    try {
      await this.d.db
        .update(localAccounts)
        .set({ email: row.email, emailVerifiedAt: now })
        .where(eq(localAccounts.id, a.id));
    } catch {
      return 'taken';
    }
    await this.syncUsers(a.id, { email: row.email, emailVerified: true });
    return 'changed';
  }

  /**
   * Sets a forgotten password from a reset link, once: the account's sessions end everywhere. The
   * address is confirmed too (the link reached it). False for a link that is not (or no longer) good.
   */
  async reset(token: string, password: string, now = new Date()): Promise<LocalAccountRow | null> {
    const row = await this.use(token, 'reset', now);
    if (!row) return null;
    const [a] = await this.d.db
      .update(localAccounts)
      .set({
        passwordHash: await hashPassword(password),
        emailVerifiedAt: sql`coalesce(${localAccounts.emailVerifiedAt}, ${now})`,
      })
      .where(eq(localAccounts.id, row.accountId))
      .returning();
    if (!a) return null;
    // every other reset link of the account is spent with this one
    await this.d.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.accountId, a.id),
          eq(accountTokens.purpose, 'reset'),
          isNull(accountTokens.usedAt),
        ),
      );
    await this.endSessions(a.id);
    await this.syncUsers(a.id, { email: a.email, emailVerified: true });
    return a;
  }

  /** A new password from My Dashboard: every other session of the account ends; this one stays. */
  async changePassword(accountId: string, password: string, keepSession: string | undefined): Promise<void> {
    await this.d.db
      .update(localAccounts)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(localAccounts.id, accountId));
    await this.endSessions(accountId, keepSession);
  }

  /**
   * Ends the account's sessions: each of its users' gateway sessions but `keep`, and the identity
   * provider's own sessions of the account (so no browser is signed straight back in).
   */
  async endSessions(accountId: string, keep?: string): Promise<number> {
    let n = 0;
    for (const u of await this.usersOf(accountId)) n += await this.d.sessions.deleteForUser(u.id, keep);
    await this.d.db
      .delete(oidcModels)
      .where(and(eq(oidcModels.model, 'Session'), sql`${oidcModels.payload}->>'accountId' = ${accountId}`));
    return n;
  }

  private async usersOf(accountId: string) {
    return this.d.db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.subject} = ${`${EMBEDDED_ISSUER}|${accountId}`} or ${users.subject} like ${`%/idp|${accountId}`}`,
      );
  }

  /** Identity's users of the account take the new address and its confirmation at once. */
  private async syncUsers(accountId: string, change: { email: string; emailVerified: boolean }) {
    for (const u of await this.usersOf(accountId)) await this.d.users.update(u.id, change);
  }

  async mail(m: MailRequest): Promise<void> {
    await this.d.bus.publish(mailRequested.subject, mailRequested.schema.parse(m), {
      msgId: `mail:${m.key}`,
    });
  }
}
