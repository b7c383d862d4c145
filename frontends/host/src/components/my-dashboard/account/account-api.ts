import type { MailPreferences } from '@afterglow/contracts';
import { ApiError, apiRequest } from '@afterglow/ui';

/** My Dashboard's account settings (docs/api.md, ADR 035). */
export const ACCOUNT_API = {
  password: '/api/account/password',
  email: '/api/account/email',
  confirmation: '/api/account/confirmation',
  notifications: '/api/user/notifications',
} as const;

/** GET /api/user/notifications, loaded by the shared default query function. */
export const notificationsKey = [ACCOUNT_API.notifications] as const;

/** POST /api/account/confirmation: 202 a new link was sent; 200 the address is confirmed already. */
export type ConfirmationAnswer = { emailVerified: true } | { emailVerified: false; sent: true };

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}
export interface EmailChange {
  email: string;
  password: string;
}

export const resendConfirmation = () => apiRequest<ConfirmationAnswer>('POST', ACCOUNT_API.confirmation);

export const changePassword = (body: PasswordChange) =>
  apiRequest<{ changed: true }>('POST', ACCOUNT_API.password, body);

/** 202 `{pending}`: the new address is used once the link sent to it is followed. */
export const changeEmail = (body: EmailChange) =>
  apiRequest<{ pending: string }>('POST', ACCOUNT_API.email, body);

export const updateNotifications = (change: Partial<MailPreferences>) =>
  apiRequest<MailPreferences>('PUT', ACCOUNT_API.notifications, change);

/**
 * A refusal's field messages (problem+json `errors[]`) for the fields a form has: the server wrote
 * them in the page's language. Any other failure answers an empty object.
 */
export function fieldErrorsOf<F extends string>(
  err: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const found = err.fieldErrors;
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) if (found[f]) out[f] = found[f];
  return out;
}
