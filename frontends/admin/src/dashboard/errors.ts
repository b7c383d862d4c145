import { ApiError, errorText, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';

/**
 * The problems the admin API can answer (problem+json `code`), worded as the server words them in
 * English: the gateway's (session, rate limit, availability) and the back office's own.
 */
const BY_CODE: Record<string, MessageDescriptor> = {
  unauthorized: msg('error.unauthorized', 'Sign in required'),
  admin_required: msg('error.adminRequired', 'Administrator privileges required'),
  account_suspended: msg('error.accountSuspended', 'Your account has been suspended'),
  cross_origin: msg('error.crossOrigin', 'Cross-site requests are not allowed'),
  rate_limited: msg('error.rateLimited', 'Too many requests, please wait a moment and try again'),
  unavailable: msg('error.unavailable', 'The service is temporarily unavailable, please try again'),
  starting: msg('error.starting', 'Afterglow is starting'),
  internal: msg('error.internal', 'Something went wrong on our side'),
  cannot_suspend_self: msg('error.cannotSuspendSelf', 'You cannot suspend your own account'),
  user_not_found: msg('error.userNotFound', 'User not found'),
  event_not_found: msg('error.eventNotFound', 'Event not found'),
  photo_not_found: msg('error.photoNotFound', 'Photo not found'),
  guestbook_entry_not_found: msg('error.entryNotFound', 'Message not found'),
};

/** A failure in the admin's language: by the problem's code where known, else the server's words. */
export function problemText(t: Translate, err: unknown, fallback: string): string {
  const code = err instanceof ApiError ? err.code : undefined;
  return code && Object.hasOwn(BY_CODE, code) ? t(BY_CODE[code]!) : errorText(err, fallback);
}
