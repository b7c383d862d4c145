import { LANGUAGE_INFO, type Language, type MailTemplate } from '@afterglow/contracts';
import { escapeHtml, serverText, type ServerText } from '@afterglow/service-kit';

export type Params = Record<string, string | number>;

/** A message as it is sent: both parts in the recipient's language, and the links it carries. */
export interface Rendered {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

interface Body {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** the message's one button (also a line of the text part) */
  action?: { label: string; url: string };
  /** further links, each its own line */
  more?: { label: string; url: string }[];
  /** after the button: why this came, what to do if unexpected */
  footer?: string;
}

const str = (p: Params, k: string): string => (p[k] === undefined ? '' : String(p[k]));
const num = (p: Params, k: string): number => Number(p[k] ?? 0);

/** A date in the recipient's language and the event's time zone (UTC for a zone the runtime lacks). */
function day(t: ServerText, iso: string, timeZone: string): string {
  const d = new Date(iso);
  const f = (tz: string) => new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: tz }).format(d);
  try {
    return f(timeZone || 'UTC');
  } catch {
    return f('UTC');
  }
}

function money(t: ServerText, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(t.locale, { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const BODIES: Record<MailTemplate, (t: ServerText, p: Params) => Body> = {
  'account.confirm': (t, p) => ({
    subject: t('mail.confirm.subject', 'Confirm your e-mail address for Afterglow'),
    paragraphs: [
      t(
        'mail.confirm.body',
        'Welcome to Afterglow! Please confirm that this is your e-mail address, so you can buy plans and get back into your account if you forget your password.',
      ),
    ],
    action: { label: t('mail.confirm.action', 'Confirm my address'), url: str(p, 'url') },
    footer: t('mail.confirm.footer', 'If you did not create an Afterglow account, ignore this message.'),
  }),
  'account.email-change': (t, p) => ({
    subject: t('mail.emailChange.subject', 'Confirm your new e-mail address for Afterglow'),
    paragraphs: [
      t(
        'mail.emailChange.body',
        'You asked to use this address for your Afterglow account. Confirm it to make the change; until then you sign in with your old address.',
      ),
    ],
    action: { label: t('mail.emailChange.action', 'Use this address'), url: str(p, 'url') },
    footer: t(
      'mail.emailChange.footer',
      'If you did not ask for this, ignore this message: nothing changes.',
    ),
  }),
  'account.reset': (t, p) => ({
    subject: t('mail.reset.subject', 'Reset your Afterglow password'),
    paragraphs: [
      t(
        'mail.reset.body',
        'Someone asked to reset the password of the Afterglow account for this address. The link below works once, for one hour. Choosing a new password signs out every device signed in to the account.',
      ),
    ],
    action: { label: t('mail.reset.action', 'Choose a new password'), url: str(p, 'url') },
    footer: t(
      'mail.reset.footer',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ),
  }),
  'account.password-changed': (t, p) => ({
    subject: t('mail.passwordChanged.subject', 'Your Afterglow password was changed'),
    paragraphs: [
      t(
        'mail.passwordChanged.body',
        'The password of your Afterglow account was just changed, and every other device was signed out.',
      ),
    ],
    action: {
      label: t('mail.passwordChanged.action', 'This was not me: reset my password'),
      url: str(p, 'url'),
    },
  }),
  'payment.receipt': (t, p) => ({
    subject: t('mail.receipt.subject', 'Your Afterglow receipt: {item}', { item: str(p, 'item') }),
    paragraphs: [
      t('mail.receipt.body', 'Thank you for your payment. This is your receipt.'),
      t('mail.receipt.item', 'Item: {item}', { item: str(p, 'item') }),
      t('mail.receipt.amount', 'Amount: {amount}', {
        amount: money(t, num(p, 'amountCents'), str(p, 'currency') || 'usd'),
      }),
      t('mail.receipt.date', 'Date: {date}', { date: day(t, str(p, 'at'), 'UTC') }),
      t('mail.receipt.reference', 'Reference: {reference}', { reference: str(p, 'paymentId') }),
      ...(p.testMode ? [t('mail.receipt.testMode', 'Test mode: no card was charged.')] : []),
    ],
    action: { label: t('mail.receipt.action', 'See your payments'), url: str(p, 'url') },
  }),
  'payment.refund': (t, p) => ({
    subject: t('mail.refund.subject', 'Your Afterglow refund: {item}', { item: str(p, 'item') }),
    paragraphs: [
      t('mail.refund.body', 'Your payment was refunded. This is your receipt for the refund.'),
      t('mail.receipt.item', 'Item: {item}', { item: str(p, 'item') }),
      t('mail.refund.amount', 'Refunded: {amount}', {
        amount: money(t, num(p, 'amountCents'), str(p, 'currency') || 'usd'),
      }),
      t('mail.receipt.date', 'Date: {date}', { date: day(t, str(p, 'at'), 'UTC') }),
      t('mail.receipt.reference', 'Reference: {reference}', { reference: str(p, 'paymentId') }),
    ],
    action: { label: t('mail.receipt.action', 'See your payments'), url: str(p, 'url') },
  }),
  'hosting.ended': (t, p) => ({
    subject: t('mail.hostingEnded.subject', 'Hosting for “{event}” has ended', {
      event: str(p, 'eventName'),
    }),
    paragraphs: [
      t(
        'mail.hostingEnded.body',
        'Hosting for your event “{event}” (code {code}) ended on {ended}. On {deletes} the event and all its photos will be deleted.',
        {
          event: str(p, 'eventName'),
          code: str(p, 'code'),
          ended: day(t, str(p, 'endedAt'), str(p, 'timezone')),
          deletes: day(t, str(p, 'deletesAt'), str(p, 'timezone')),
        },
      ),
      t(
        'mail.hostingEnded.advice',
        "Download them with the ZIP export on the event's dashboard before then, or upgrade your plan to keep them longer.",
      ),
    ],
    action: { label: t('mail.hostingEnded.action', 'Open the event'), url: str(p, 'url') },
  }),
  'event.purged': (t, p) => ({
    subject: t('mail.purged.subject', '“{event}” and its photos were deleted', {
      event: str(p, 'eventName'),
    }),
    paragraphs: [
      t(
        'mail.purged.body',
        'Your event “{event}” (code {code}) and all its photos were deleted, {days} days after its hosting ended on {ended}.',
        {
          event: str(p, 'eventName'),
          code: str(p, 'code'),
          days: num(p, 'graceDays'),
          ended: day(t, str(p, 'endedAt'), str(p, 'timezone')),
        },
      ),
    ],
  }),
  'reveal.host': (t, p) => ({
    subject: t('mail.revealHost.subject', 'The photos of “{event}” are revealed', {
      event: str(p, 'eventName'),
    }),
    paragraphs: [
      t(
        'mail.revealHost.body',
        '{photos, plural, one {# photo} other {# photos}} from {guests, plural, one {# guest} other {# guests}} of “{event}” can be seen now.',
        { photos: num(p, 'photos'), guests: num(p, 'guests'), event: str(p, 'eventName') },
      ),
    ],
    action: { label: t('mail.revealHost.see', 'See the photos'), url: str(p, 'url') },
    more: p.exportUrl
      ? [{ label: t('mail.revealHost.export', 'Download every photo (ZIP)'), url: str(p, 'exportUrl') }]
      : [],
  }),
  'reveal.guest': (t, p) => ({
    subject: t('mail.revealGuest.subject', 'The photos of “{event}” are revealed', {
      event: str(p, 'eventName'),
    }),
    paragraphs: [
      t(
        'mail.revealGuest.body',
        'You asked to be told when the photos of “{event}” are revealed: they are out. See them in the gallery on the phone you took yours with.',
        { event: str(p, 'eventName') },
      ),
    ],
    action: { label: t('mail.revealGuest.action', 'See the photos'), url: str(p, 'url') },
    footer: t(
      'mail.revealGuest.footer',
      'Your address was used for this one message and is deleted with the event.',
    ),
  }),
};

/** Only http(s) links go into a message (every link is the asker's, made at an origin of ours). */
const safeUrl = (u: string | undefined): string | null => (u && /^https?:\/\//.test(u) ? u : null);

/** A message in `lang`: the plain-text part, the HTML part (same words), and its links. */
export function render(
  template: MailTemplate,
  params: Params,
  lang: Language,
  unsubscribeUrl?: string | null,
): Rendered {
  const t = serverText(lang);
  const b = BODIES[template](t, params);
  const action = b.action && safeUrl(b.action.url) ? b.action : undefined;
  const more = (b.more ?? []).filter((m) => safeUrl(m.url));
  const unsubscribe = unsubscribeUrl
    ? {
        label: t('mail.unsubscribe', 'Unsubscribe from messages like this'),
        url: unsubscribeUrl,
      }
    : null;
  const links = [action?.url, ...more.map((m) => m.url), unsubscribe?.url].filter((u): u is string => !!u);

  const text = [
    ...b.paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...more.map((m) => `${m.label}:\n${m.url}`),
    ...(b.footer ? [b.footer] : []),
    ...(unsubscribe ? [`--\n${unsubscribe.label}:\n${unsubscribe.url}`] : []),
  ].join('\n\n');

  const dir = LANGUAGE_INFO[lang].dir === 'rtl' ? 'rtl' : 'ltr';
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(b.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#faf7f2;color:#1f1a17;font:16px/1.5 system-ui,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">',
    '<p style="margin:0 0 16px;font-weight:700;color:#d9480f">Afterglow</p>',
    ...b.paragraphs.map(p),
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#d9480f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
      : '',
    ...more.map(
      (m) => `<p style="margin:0 0 16px"><a href="${escapeHtml(m.url)}">${escapeHtml(m.label)}</a></p>`,
    ),
    b.footer ? `<p style="margin:16px 0 0;color:#6b625c;font-size:14px">${escapeHtml(b.footer)}</p>` : '',
    unsubscribe
      ? `<p style="margin:16px 0 0;font-size:13px"><a href="${escapeHtml(unsubscribe.url)}" style="color:#6b625c">${escapeHtml(unsubscribe.label)}</a></p>`
      : '',
    '</div></body></html>',
  ].join('');
  return { subject: b.subject, text, html, links };
}

/** A push notification's words (ADR 035), in `lang`: short, for a phone's lock screen. */
export function renderPush(
  template: 'reveal.guest',
  params: Params,
  lang: Language,
): { title: string; body: string; url: string } {
  const t = serverText(lang);
  switch (template) {
    case 'reveal.guest':
      return {
        title: t('push.revealGuest.title', 'The photos of “{event}” are revealed', {
          event: str(params, 'eventName'),
        }),
        body: t('push.revealGuest.body', 'Tap to see them in the gallery.'),
        url: safeUrl(str(params, 'url')) ?? '/',
      };
  }
}
