import { changeEmailSchema, changePasswordSchema } from '@afterglow/contracts';
import { msg, type MessageDescriptor, type Translate } from '@afterglow/ui';

/**
 * What a field of the account forms shows: a catalogue message (the page's own checks, in the page's
 * language when shown), or the server's words for a refused field (already in the page's language).
 */
export type FieldMessage = MessageDescriptor | string;
export type FieldMessages<F extends string> = Partial<Record<F, FieldMessage>>;

export const shown = (t: Translate, m: FieldMessage | undefined): string | undefined =>
  m === undefined ? undefined : typeof m === 'string' ? m : t(m);

/** The contracts' field messages (changePasswordSchema, changeEmailSchema), by their English. */
const CONTRACT_MESSAGES = new Map<string, MessageDescriptor>([
  ['Enter your current password', msg('account.field.currentRequired', 'Enter your current password')],
  [
    'Choose a password of at least 8 characters.',
    msg('account.field.passwordMin', 'Choose a password of at least 8 characters.'),
  ],
  [
    'Choose a password of at most 1024 characters.',
    msg('account.field.passwordMax', 'Choose a password of at most 1024 characters.'),
  ],
  ['Enter a valid email address.', msg('account.field.emailInvalid', 'Enter a valid email address.')],
]);

/** The confirmation does not repeat the new password. */
export const PASSWORDS_DIFFER = msg('account.password.mismatch', 'The two passwords are not the same.');

interface Issue {
  path: PropertyKey[];
  message: string;
}
function byField<F extends string>(issues: readonly Issue[]): FieldMessages<F> {
  const out: FieldMessages<F> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F | undefined;
    if (typeof field === 'string' && !out[field])
      out[field] = CONTRACT_MESSAGES.get(issue.message) ?? issue.message;
  }
  return out;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export type PasswordValues = Record<PasswordField, string>;

/** The change-password form's checks: the server's own schema, and the two new passwords the same. */
export function checkPasswordChange(v: PasswordValues): FieldMessages<PasswordField> {
  const r = changePasswordSchema.safeParse({
    currentPassword: v.currentPassword,
    newPassword: v.newPassword,
  });
  const errors = r.success ? {} : byField<PasswordField>(r.error.issues);
  if (!errors.newPassword && v.confirmPassword !== v.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

export type EmailField = 'email' | 'password';
export type EmailValues = Record<EmailField, string>;

/** The change-e-mail form's checks: the server's own schema. */
export function checkEmailChange(v: EmailValues): FieldMessages<EmailField> {
  const r = changeEmailSchema.safeParse({ email: v.email.trim(), password: v.password });
  return r.success ? {} : byField<EmailField>(r.error.issues);
}
