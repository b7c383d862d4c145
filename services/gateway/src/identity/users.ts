import { eq } from 'drizzle-orm';
import { userUpserted, type AuthUser, type Principal } from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import { users, type UserRow } from './schema';

export interface IdentityClaims {
  issuer: string;
  sub: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** the provider says this user has the `admin` role */
  adminRole: boolean;
}

/** The users table (schema `identity`), kept in step with the identity provider at each login. */
export class Users {
  private cache = new Map<string, { at: number; row: UserRow | null }>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly adminEmails: Set<string>,
    private readonly cacheMs = 3000,
  ) {}

  async upsertFromLogin(c: IdentityClaims): Promise<UserRow> {
    const isAdmin = c.adminRole || this.adminEmails.has(c.email.toLowerCase());
    const [row] = await this.db
      .insert(users)
      .values({
        subject: `${c.issuer}|${c.sub}`,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        isAdmin,
      })
      .onConflictDoUpdate({
        target: users.subject,
        set: {
          email: c.email,
          firstName: c.firstName,
          lastName: c.lastName,
          isAdmin,
          lastLoginAt: new Date(),
        },
      })
      .returning();
    this.cache.delete(row!.id);
    await this.bus.publish(
      userUpserted.subject,
      userUpserted.schema.parse({
        id: row!.id,
        email: row!.email,
        isAdmin: row!.isAdmin,
        isSuspended: row!.isSuspended,
        plan: row!.plan,
        at: new Date().toISOString(),
      }),
    );
    return row!;
  }

  /** By id, with a short cache (suspension takes effect within a few seconds on every replica). */
  async get(id: string): Promise<UserRow | null> {
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.row;
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    this.cache.set(id, { at: Date.now(), row: row ?? null });
    if (this.cache.size > 10_000) this.cache.clear();
    return row ?? null;
  }

  async setSuspended(id: string, isSuspended: boolean): Promise<void> {
    await this.db.update(users).set({ isSuspended }).where(eq(users.id, id));
    this.cache.delete(id);
  }
}

export const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  isAdmin: u.isAdmin,
});

export const toPrincipal = (u: UserRow): Principal => ({
  userId: u.id,
  email: u.email,
  isAdmin: u.isAdmin,
  plan: u.plan,
});
