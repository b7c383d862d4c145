import { eq, sql } from 'drizzle-orm';
import { isLanguage, userUpserted, type AuthUser, type Language, type Principal } from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import { TtlCache } from '@afterglow/service-kit';
import { users, type UserRow } from './schema';

export interface IdentityClaims {
  issuer: string;
  sub: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** the provider says this user has the `admin` role */
  adminRole: boolean;
  /** the provider has confirmed the address (its `email_verified` claim) */
  emailVerified?: boolean;
  /** the language the person signs in with: their e-mails are written in it */
  lang?: Language;
}

/** The users table (schema `identity`), kept in step with the identity provider at each login. */
/** The subject prefix of the embedded identity provider's accounts, whatever its URL. */
export const EMBEDDED_ISSUER = 'embedded';

export class Users {
  private readonly cache: TtlCache<string, UserRow | null>;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly adminEmails: Set<string>,
    cacheMs = 3000,
    /** recognises the embedded identity provider's issuers (one per origin), when it is in use */
    private readonly isEmbeddedIssuer: ((issuer: string) => boolean) | null = null,
  ) {
    this.cache = new TtlCache(cacheMs);
  }

  /**
   * `<issuer>|<sub>`, except for the embedded provider, whose issuer is the origin the browser is on:
   * its accounts are `embedded|<sub>`, so signing in at localhost or at the network address, or a
   * new PUBLIC_URL (a laptop moved to the venue's network), keeps everyone's account and events.
   */
  private async subjectOf(c: IdentityClaims): Promise<string> {
    if (!this.isEmbeddedIssuer?.(c.issuer)) return `${c.issuer}|${c.sub}`;
    const subject = `${EMBEDDED_ISSUER}|${c.sub}`;
    // Accounts first seen under an earlier public URL (`<url>/idp|<sub>`) take the stable subject.
    await this.db.execute(sql`
      update identity.users set subject = ${subject}
      where id = (
        select id from identity.users where subject like ${`%/idp|${c.sub}`} order by created_at limit 1
      ) and not exists (select 1 from identity.users where subject = ${subject})`);
    return subject;
  }

  async upsertFromLogin(c: IdentityClaims): Promise<UserRow> {
    const isAdmin = c.adminRole || this.adminEmails.has(c.email.toLowerCase());
    const [row] = await this.db
      .insert(users)
      .values({
        subject: await this.subjectOf(c),
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        isAdmin,
        emailVerified: c.emailVerified === true,
        lang: c.lang ?? null,
      })
      .onConflictDoUpdate({
        target: users.subject,
        set: {
          email: c.email,
          firstName: c.firstName,
          lastName: c.lastName,
          emailVerified: c.emailVerified === true,
          ...(c.lang ? { lang: c.lang } : {}),
          // the provider's role or the admin e-mails, or an operator's grant (`afterglow admin`)
          isAdmin: sql`${isAdmin} or ${users.adminGranted}`,
          lastLoginAt: new Date(),
        },
      })
      .returning();
    this.cache.delete(row!.id);
    await this.publishUpserted(row!);
    return row!;
  }

  /** By id, with a short cache (suspension takes effect within a few seconds on every replica). */
  get(id: string): Promise<UserRow | null> {
    return this.cache.get(id, async () => {
      const [row] = await this.db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    });
  }

  /** A new address, or its confirmation, from the embedded provider's own pages (ADR 035). */
  async update(id: string, change: { email: string; emailVerified: boolean }): Promise<void> {
    const [row] = await this.db.update(users).set(change).where(eq(users.id, id)).returning();
    this.cache.delete(id);
    if (row) await this.publishUpserted(row);
  }

  /** Suspends or reinstates a user; null when there is no such user. */
  async setSuspended(id: string, isSuspended: boolean): Promise<UserRow | null> {
    const [row] = await this.db.update(users).set({ isSuspended }).where(eq(users.id, id)).returning();
    this.cache.delete(id);
    if (!row) return null;
    await this.publishUpserted(row);
    return row;
  }

  private async publishUpserted(row: UserRow): Promise<void> {
    await this.bus.publish(
      userUpserted.subject,
      userUpserted.schema.parse({
        id: row.id,
        email: row.email,
        isAdmin: row.isAdmin,
        isSuspended: row.isSuspended,
        at: new Date().toISOString(),
        emailVerified: row.emailVerified,
        ...(isLanguage(row.lang) ? { lang: row.lang } : {}),
      }),
    );
  }
}

export const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  isAdmin: u.isAdmin,
  emailVerified: u.emailVerified,
  localAccount: u.subject.startsWith(`${EMBEDDED_ISSUER}|`) || u.subject.split('|')[0]!.endsWith('/idp'),
});

export const toPrincipal = (u: UserRow): Principal => ({
  userId: u.id,
  email: u.email,
  isAdmin: u.isAdmin,
  emailVerified: u.emailVerified,
});

/**
 * Operator action (`afterglow admin <email> [--revoke]`): makes the accounts with this e-mail platform
 * admins, kept at every later login, or takes that back. A revoke cannot outrank the identity
 * provider's admin role or AFTERGLOW_ADMIN_EMAILS, which apply again at the next login. Answers the
 * accounts changed; each sees the change at its next request (the gateway reads the user every time).
 */
export async function setAdminByEmail(db: Db, email: string, admin: boolean): Promise<UserRow[]> {
  return db
    .update(users)
    .set({ adminGranted: admin, isAdmin: admin })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning();
}
