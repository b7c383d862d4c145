import { apiRequest } from '@afterglow/ui';
import type { PushSubscriptionJson, ReminderState } from '@afterglow/contracts';

// 'Tell me when the photos are revealed' (ADR 035): what this device asked for, by e-mail or by a
// push to this phone, and stopping it. Types only from contracts: no zod on the guest's phone.

export type { ReminderState };
export type ReminderChannel = 'email' | 'push';

/** What a guest asks: an address, or this browser's push subscription. */
export type ReminderAsk = { email: string } | { push: PushSubscriptionJson };

export const remindersKey = (code: string, deviceId: string) =>
  ['guest', 'reminders', code, deviceId] as const;
export const remindersPath = (code: string) => `/api/events/${encodeURIComponent(code)}/reminders`;

const query = (deviceId: string, channel?: ReminderChannel) =>
  `?deviceId=${encodeURIComponent(deviceId)}${channel ? `&channel=${channel}` : ''}`;

/** GET: what this device asked for, and whether it is too late (the photos are revealed). */
export const getReminders = (code: string, deviceId: string) =>
  apiRequest<ReminderState>('GET', remindersPath(code) + query(deviceId));

/** POST `{deviceId, email}` or `{deviceId, push}`: 201 with the state. */
export const askReminder = (code: string, deviceId: string, ask: ReminderAsk) =>
  apiRequest<ReminderState>('POST', remindersPath(code), { deviceId, ...ask });

/** DELETE one channel (or both): 200 with the state. */
export const stopReminder = (code: string, deviceId: string, channel?: ReminderChannel) =>
  apiRequest<ReminderState>('DELETE', remindersPath(code) + query(deviceId, channel));

/** The VAPID application server key (base64url) a browser subscribes with. */
export const getPushKey = () => apiRequest<{ publicKey: string }>('GET', '/api/push/key');
