import { ApiError, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { serverError } from '../lib/errors';
import { PushUnavailable } from './push';

/** The reminder's own refusals, by the problem's code (`already_revealed` here is not a deletion's). */
const BY_CODE: Record<string, MessageDescriptor> = {
  already_revealed: msg('reminder.alreadyRevealed', 'The photos are already revealed.'),
  push_endpoint: msg(
    'reminder.pushEndpoint',
    'This browser’s notifications can’t be used for Afterglow. You can use e-mail instead.',
  ),
};

/** Whether the server said it is too late: the photos are out. */
export const isTooLate = (err: unknown) => err instanceof ApiError && err.code === 'already_revealed';

/** What went wrong asking for (or stopping) a reminder, in the guest's language. */
export function reminderError(t: Translate, err: unknown): string {
  if (err instanceof PushUnavailable)
    return err.reason === 'blocked'
      ? t('reminder.blocked', 'Notifications are blocked for this site. You can use e-mail instead.')
      : t(
          'reminder.pushFailed',
          'Notifications could not be turned on for this phone. You can use e-mail instead.',
        );
  if (!(err instanceof ApiError)) return t('common.checkConnection', 'Check your connection and try again.');
  const mine = err.code ? BY_CODE[err.code] : undefined;
  if (mine) return t(mine);
  // a validation problem: its field's message (translated by the server), else the detail
  const field = Object.values(err.fieldErrors)[0];
  return field ?? serverError(t, err, err.detail);
}
