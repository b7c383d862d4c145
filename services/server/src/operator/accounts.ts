import { setPlanByEmail } from '@afterglow/billing';
import type { Db } from '@afterglow/db';
import { findLocalAccount, passwordProblem, resetLocalPassword, setAdminByEmail } from '@afterglow/gateway';
import type { BaseConfig } from '@afterglow/service-kit';
import { OperatorError, type OperatorIo } from './io';
import { newPassword } from './password-input';

const neverSignedIn = (email: string) =>
  new OperatorError(`No account with the e-mail ${email}: they must sign in once first.`);

/**
 * `afterglow plan <email> <plan>`: support comping a plan, or a payment settled outside the app.
 * Plans are billing's: this is billing's own code, on billing's tables.
 */
export async function planCommand(db: Db, io: OperatorIo, email: string, plan: string): Promise<void> {
  if ((await setPlanByEmail(db, email, plan)) === 0) throw neverSignedIn(email);
  io.out(`${email} is now on the ${plan} plan (events they create from now on get its limits)`);
}

/** `afterglow reset-password <email> [--generate]`: a local account of the built-in identity provider. */
export async function resetPasswordCommand(
  db: Db,
  io: OperatorIo,
  config: BaseConfig,
  email: string,
  generate: boolean,
): Promise<void> {
  const account = await findLocalAccount(db, email);
  if (!account) {
    const where = config.OIDC_ISSUER_URL
      ? ` Accounts live at the identity provider at ${config.OIDC_ISSUER_URL}: reset the password there.`
      : '';
    throw new OperatorError(`No account of the built-in identity provider with the e-mail ${email}.${where}`);
  }
  const password = await newPassword(io, generate);
  const problem = passwordProblem(password);
  if (problem) throw new OperatorError(`${problem} The password is unchanged.`);
  await resetLocalPassword(db, account.email, password);
  if (generate) {
    io.err(`New password for ${account.email} (shown only this once, pass it on now):`);
    io.out(password);
  } else io.out(`The password of ${account.email} is changed: they sign in with the new one from now on.`);
}

/** `afterglow admin <email> [--revoke]`: a platform admin kept at every sign-in, or no longer. */
export async function adminCommand(
  db: Db,
  io: OperatorIo,
  config: BaseConfig,
  email: string,
  revoke: boolean,
): Promise<void> {
  const rows = await setAdminByEmail(db, email, !revoke);
  if (rows.length === 0) throw neverSignedIn(email);
  const when = 'from their next request (a reload of the page; no new sign-in needed)';
  if (!revoke) {
    io.out(`${email} is a platform admin ${when}, and stays one at every sign-in.`);
    io.out(`To take it back: afterglow admin ${email} --revoke`);
    return;
  }
  io.out(`${email} is no longer a platform admin, ${when}.`);
  const listed = config.AFTERGLOW_ADMIN_EMAILS.split(',').map((e) => e.trim().toLowerCase());
  if (listed.includes(email.toLowerCase()))
    io.err(
      `AFTERGLOW_ADMIN_EMAILS lists ${email}: remove it there, or they are admin again at their next sign-in.`,
    );
  if (config.OIDC_ISSUER_URL)
    io.err(
      'If the identity provider gives them its admin role, they are admin again at their next sign-in: take the role away there.',
    );
}
