import { sql } from 'drizzle-orm';
import type { Db } from '@afterglow/db';
import { accountPlans, accounts } from '../adapters/schema';

/** Keeps billing's copy of an account in step with identity (`user.upserted.v2`). */
export async function rememberAccount(db: Db, user: { id: string; email: string }): Promise<void> {
  await db
    .insert(accounts)
    .values({ userId: user.id, email: user.email })
    .onConflictDoUpdate({ target: accounts.userId, set: { email: user.email, updatedAt: new Date() } });
}

/**
 * Puts the accounts with this e-mail on a plan from now on, until `until` (null: no end): support
 * comping a plan, or a payment settled outside the app. Answers how many accounts it found; an
 * account billing has not heard of (never signed in) is not one.
 */
export async function setPlanByEmail(
  db: Db,
  email: string,
  plan: string,
  until: Date | null = null,
): Promise<number> {
  const found = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`);
  for (const { userId } of found)
    await db
      .insert(accountPlans)
      .values({ userId, plan, since: new Date(), until })
      .onConflictDoUpdate({ target: accountPlans.userId, set: { plan, since: new Date(), until } });
  return found.length;
}
