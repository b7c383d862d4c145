import { askReminder, getPushKey, stopReminder, type ReminderChannel, type ReminderState } from './api';
import { rememberPush, subscribeThisPhone, unsubscribeThisPhone } from './push';

/** What a guest does with the reminder card: one at a time. */
export type ReminderAction =
  { kind: 'email'; email: string } | { kind: 'push' } | { kind: 'stop'; channel: ReminderChannel };

/** A plausible address (the server checks it for real), without loading zod on the guest's phone. */
export const looksLikeEmail = (s: string) => s.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/**
 * Does `action` for this device at event `code`: the state the server answers, or null when nothing
 * changed (the guest closed the notification question unanswered).
 */
export async function runReminder(
  code: string,
  deviceId: string,
  action: ReminderAction,
): Promise<ReminderState | null> {
  switch (action.kind) {
    case 'email':
      return askReminder(code, deviceId, { email: action.email.trim() });
    case 'push': {
      const push = await subscribeThisPhone(() => getPushKey().then((k) => k.publicKey));
      if (!push) return null;
      const state = await askReminder(code, deviceId, { push });
      rememberPush(code, true);
      return state;
    }
    case 'stop': {
      const state = await stopReminder(code, deviceId, action.channel);
      if (action.channel === 'push') await unsubscribeThisPhone(code);
      return state;
    }
  }
}
