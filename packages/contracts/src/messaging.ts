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
