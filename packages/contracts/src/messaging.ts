import { z } from 'zod';
import './jitless';
import { LANGUAGES } from './languages';
import { RPC, rpc } from './bus';

/**
 * Messages to people (ADR 035): every e-mail Afterglow sends is asked for with `mail.requested` and
 * written, sent, retried and recorded by the notify service. The asker names a template and gives its
 * values (links made at the origin the person uses); notify writes the words in the recipient's language.
 */
export const MAIL_TEMPLATES = [
  // account security: always sent, no unsubscribe
  'account.confirm',
  'account.reset',
  'account.email-change',
  'account.password-changed',
  // receipts: always sent
  'payment.receipt',
  'payment.refund',
  // a host's notices: each kind can be turned off on My Dashboard
  'hosting.ended',
  'event.purged',
  'reveal.host',
  // a guest's 'Tell me when the photos are revealed'
  'reveal.guest',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** The host notices a host may turn off, and which templates each covers. */
export const MAIL_PREFERENCES = ['hosting', 'reveal'] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];
export const MAIL_PREFERENCE_OF: Partial<Record<MailTemplate, MailPreference>> = {
  'hosting.ended': 'hosting',
  'event.purged': 'hosting',
  'reveal.host': 'reveal',
};
/** Transactional messages (security, receipts) carry no List-Unsubscribe; everything else does. */
export const isTransactional = (t: MailTemplate): boolean =>
  t.startsWith('account.') || t.startsWith('payment.');

const paramValue = z.union([z.string().max(2000), z.number()]);

export const mailRequested = {
  subject: 'mail.requested',
  version: 1,
  schema: z.object({
    /** one message per key, however often it is asked for (a retried pass, a redelivery) */
    key: z.string().min(1).max(200),
    template: z.enum(MAIL_TEMPLATES),
    /** an account (its address and language as identity last described it), or an address as given */
    to: z.union([z.object({ userId: z.string().min(1).max(200) }), z.object({ email: z.email().max(254) })]),
    /** the recipient's language; an account's own when absent */
    lang: z.enum(LANGUAGES).optional(),
    /** the template's values: names, counts, ISO times, and links made by the asker */
    params: z.record(z.string().max(40), paramValue).default({}),
    /** a guest's message belongs to the event: deleted with it (convention 15) */
    eventId: z.uuid().optional(),
  }),
} as const;
export type MailRequest = z.input<typeof mailRequested.schema>;

/**
 * The unsubscribe link of every message that is not transactional: GET shows a page with a button,
 * POST unsubscribes (the button, and mail providers' one-click POST of RFC 8058, sent from their own
 * servers with no cookie and no origin of ours). The sealed token in its query is its proof.
 */
export const MAIL_UNSUBSCRIBE_PATH = '/mail/unsubscribe';

export const MAIL_STATUSES = ['pending', 'sent', 'saved', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A message as the back office lists it (ADR 035): what was sent to whom, and the links it carries. */
export const mailMessageSchema = z.object({
  id: z.uuid(),
  template: z.enum(MAIL_TEMPLATES),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** My Dashboard's e-mail settings: each host notice on or off (receipts and security always go). */
export const mailPreferencesSchema = z.object({
  hosting: z.boolean(),
  reveal: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesUpdate = mailPreferencesSchema.partial().strict();

/** `rpc.notify.messages`: the back office's list of messages, newest first (the admin service has checked the caller). */
export const notifyMessages = rpc(
  RPC.notifyMessages,
  z.object({
    limit: z.number().int().min(1).max(200).default(50),
    offset: z.number().int().min(0).default(0),
    status: z.enum(MAIL_STATUSES).optional(),
  }),
  z.object({ messages: z.array(mailMessageSchema), total: z.number().int().min(0) }),
);

/** GET /api/admin/mail: a page of messages, optionally of one status */
export const adminMailQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
    status: z.enum(MAIL_STATUSES).optional(),
  })
  .strict();

/**
 * A browser's push subscription (`PushSubscription.toJSON()`), as a guest hands it over for the reveal
 * reminder. Where the server may call is decided by `pushEndpointAllowed`, not by this shape.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'A push subscription needs its endpoint' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/, 'The subscription key p256dh is not valid'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}=*$/, 'The subscription secret auth is not valid'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/**
 * The push services of the browsers Afterglow supports: a subscription's endpoint is a URL the server
 * will call, so only these (https, on their own hosts) are accepted, plus the origins an operator adds
 * (`AFTERGLOW_PUSH_ORIGINS`, where plain http is allowed: tests and private deployments).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge on Android, Samsung Internet
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^(.+\.)?push\.apple\.com$/, // Safari (macOS, iOS 16.4+ installed apps)
  /^(.+\.)?notify\.windows\.com$/, // Edge on Windows
  /^(.+\.)?push\.services\.mozilla\.com$/,
];
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (extraOrigins.includes(u.origin)) return true;
  return (
    u.protocol === 'https:' &&
    (u.port === '' || u.port === '443') &&
    PUSH_SERVICE_HOSTS.some((h) => h.test(u.hostname))
  );
}

/** POST /api/events/{code}/reminders: 'Tell me when the photos are revealed', by e-mail or push. */
export const reminderAskSchema = z.union([
  z
    .object({
      deviceId: z.uuid({ error: 'deviceId must be a UUID' }),
      email: z.email({ error: 'Enter a valid email address.' }).max(254).trim().toLowerCase(),
    })
    .strict(),
  z.object({ deviceId: z.uuid({ error: 'deviceId must be a UUID' }), push: pushSubscriptionSchema }).strict(),
]);
export type ReminderAsk = z.infer<typeof reminderAskSchema>;
export const REMINDER_CHANNELS = ['email', 'push'] as const;
export const reminderQuerySchema = z.object({
  deviceId: z.uuid({ error: 'deviceId must be a UUID' }),
  channel: z.enum(REMINDER_CHANNELS).optional(),
});
/** What a device asked for: the address (as given), whether a push subscription is kept, and whether it is too late. */
export const reminderStateSchema = z.object({
  email: z.string().nullable(),
  push: z.boolean(),
  revealed: z.boolean(),
});
export type ReminderState = z.infer<typeof reminderStateSchema>;

/** A push message asked of notify (ADR 035): sent once per key, in the recipient's language. */
export const pushRequested = {
  subject: 'push.requested',
  version: 1,
  schema: z.object({
    key: z.string().min(1).max(200),
    template: z.enum(['reveal.guest']),
    subscription: pushSubscriptionSchema,
    lang: z.enum(LANGUAGES).optional(),
    params: z.record(z.string().max(40), paramValue).default({}),
    eventId: z.uuid().optional(),
  }),
} as const;
export type PushRequest = z.input<typeof pushRequested.schema>;

/** GET /api/push/key: the VAPID public key (base64url) a browser subscribes with. */
export const pushKeySchema = z.object({ publicKey: z.string() });
