import { ApiError, msg, type MessageDescriptor, type Translate, type Values } from '@afterglow/ui';
import { DEVICE_MESSAGES, DISPLAY_NAME_MAX, PLAN_CODES } from '@afterglow/contracts';
import { DEVICE_TEXT, PLAN_TEXT } from './contract-text';

// The services' refusals a guest can meet (joining, the camera's reads, reports, deleting a shot), in
// the guest's language by the problem's `code` (an upload's own are in upload-errors.ts, which only
// the camera loads). Each English is the server's own `detail` for that code, so an English page reads
// what the server wrote. Any other problem shows its detail.

type Known = MessageDescriptor & { values?: Values };

const BY_CODE: Record<string, Known> = {
  event_not_found: msg('error.eventNotFound', 'Event not found'),
  event_ended: msg('error.eventEnded', 'This event has ended, photos can no longer be taken'),
  [PLAN_CODES.guestLimit]: PLAN_TEXT.guestLimit,
  device_mismatch: msg('error.deviceMismatch', 'This device belongs to another event'),
  device_not_yours: msg(
    'error.deviceNotYours',
    'This device is not registered in this browser; please join the event again',
  ),
  photo_not_found: msg('error.photoNotFound', 'Photo not found'),
  already_revealed: msg('error.alreadyRevealed', 'Photos can no longer be deleted after the reveal'),
  rate_limited: msg('error.rateLimited', 'Too many requests, please wait a moment and try again'),
  unavailable: msg('error.unavailable', 'The service is temporarily unavailable, please try again'),
  internal: msg('error.internal', 'Something went wrong on our side'),
  starting: msg('error.starting', 'Afterglow is starting'),
};

/** Codes that carry more than one sentence (a rate limit, a join form's field): told apart by the words. */
const BY_DETAIL: Record<string, Known> = {
  'Too many event codes that do not exist; please check the code and try again in a few minutes': msg(
    'error.tooManyMisses',
    'Too many event codes that do not exist; please check the code and try again in a few minutes',
  ),
  [DEVICE_MESSAGES.anonId]: DEVICE_TEXT.anonId,
  [DEVICE_MESSAGES.displayNameMax]: { ...DEVICE_TEXT.displayNameMax, values: { max: DISPLAY_NAME_MAX } },
};

/** A problem's words in the guest's language, or null when it is not one we know. */
export function known(t: Translate, code: string | undefined, detail: string): string | null {
  const m = BY_DETAIL[detail] ?? (code ? BY_CODE[code] : undefined);
  return m ? t(m, m.values) : null;
}

/**
 * `errorText` in the guest's language: a server refusal we know, translated; another one in the
 * server's words; any other error's message; or `fallback` (already translated).
 */
export function serverError(t: Translate, err: unknown, fallback: string): string {
  if (err instanceof ApiError) return known(t, err.code, err.detail) ?? err.detail;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
