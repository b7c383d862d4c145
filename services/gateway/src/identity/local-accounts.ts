import { sql } from 'drizzle-orm';
import type { Db } from '@afterglow/db';
import { serverText, type ServerText } from '@afterglow/service-kit';
import { hashPassword } from './passwords';
import { localAccounts } from './schema';

/** The password rule of the embedded identity provider's local accounts (as its sign-up form says). */
export const MIN_PASSWORD_LENGTH = 8;
/** the sign-in form takes no longer password */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * What is wrong with a new password, in the sign-up form's words (in `t`'s language: English for the
 * operator's command line); null when it is acceptable.
 */
export function passwordProblem(password: string, t: ServerText = serverText('en')): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return t('idp.password.tooShort', 'Choose a password of at least {min} characters.', {
      min: MIN_PASSWORD_LENGTH,
    });
  if (password.length > MAX_PASSWORD_LENGTH)
    return t('idp.password.tooLong', 'Choose a password of at most {max} characters.', {
      max: MAX_PASSWORD_LENGTH,
    });
  return null;
}

/** The local account with this e-mail, or null. */
export async function findLocalAccount(db: Db, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: localAccounts.id, email: localAccounts.email })
    .from(localAccounts)
    .where(sql`lower(${localAccounts.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/**
 * Operator action (`afterglow reset-password <email>`): gives the local account with this e-mail a
 * new password. Answers false when the embedded identity provider has no such account; throws when
 * the password breaks the rule.
 */
export async function resetLocalPassword(db: Db, email: string, password: string): Promise<boolean> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const rows = await db
    .update(localAccounts)
    .set({ passwordHash: await hashPassword(password) })
    .where(sql`lower(${localAccounts.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: localAccounts.id });
  return rows.length > 0;
}
