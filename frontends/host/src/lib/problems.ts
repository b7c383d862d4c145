import {
  EVENT_LANGUAGE_MESSAGE,
  EVENT_MESSAGES,
  EXPORT_PROBLEMS,
  GUESTBOOK_CODES,
  LANGUAGES,
  LIFECYCLE_MESSAGES,
  PLAN_CODES,
} from '@afterglow/contracts';
import { ApiError, errorText, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';

// The server and the contracts' schemas answer in English (the spec's words), which an English page
// shows as they are. Every other language reads the catalogue's message for the problem's code, or for
// the field message's English; what is not known here shows as the server wrote it.

type Found = [MessageDescriptor, Record<string, unknown>?] | null;

/** Field messages of the contracts' schemas and rules, by their English. */
const FIELD_MESSAGES = new Map<string, MessageDescriptor>([
  [EVENT_MESSAGES.nameRequired, msg('field.nameRequired', 'Event name is required')],
  [EVENT_MESSAGES.startDateRequired, msg('field.startDateRequired', 'Start date is required')],
  [EVENT_MESSAGES.startFuture, msg('field.startFuture', 'Start date must be in the future')],
  [EVENT_MESSAGES.startTimeRequired, msg('field.startTimeRequired', 'Start time is required')],
  [EVENT_MESSAGES.endDateRequired, msg('field.endDateRequired', 'End date is required')],
  [EVENT_MESSAGES.endTimeRequired, msg('field.endTimeRequired', 'End time is required')],
  [EVENT_MESSAGES.endAfterStart, msg('field.endAfterStart', 'End date must be after start date')],
  [
    EVENT_MESSAGES.revealBetween,
    msg('field.revealBetween', 'Reveal time must be between start and end dates'),
  ],
  ['Enter a valid date and time', msg('field.validDate', 'Enter a valid date and time')],
  ['Enter a valid reveal date and time', msg('field.validReveal', 'Enter a valid reveal date and time')],
  ['Shots per device must be 12, 24 or 36', msg('field.shots', 'Shots per device must be 12, 24 or 36')],
  ['Reveal mode must be end or live', msg('field.revealMode', 'Reveal mode must be end or live')],
  ['Unknown film preset', msg('field.filmPreset', 'Unknown film preset')],
  ['Unknown colour mood', msg('field.colorMood', 'Unknown colour mood')],
  [LIFECYCLE_MESSAGES.alreadyEnded, msg('field.alreadyEnded', 'This event has already ended')],
  [
    LIFECYCLE_MESSAGES.endAfterCurrent,
    msg('field.endAfterCurrent', 'End date must be after the current end date'),
  ],
  [LIFECYCLE_MESSAGES.endFuture, msg('field.endFuture', 'End date must be in the future')],
]);

/** Field messages with a number in them. */
const COUNTED_FIELD_MESSAGES: [RegExp, MessageDescriptor, string][] = [
  [
    /^End date must be within your plan's (\d+)-day hosting$/,
    msg('field.withinHosting', "End date must be within your plan's {days}-day hosting"),
    'days',
  ],
  [
    /^Event name can be at most (\d+) characters$/,
    msg('field.nameMax', 'Event name can be at most {max} characters'),
    'max',
  ],
  [
    /^Share description can be at most (\d+) characters$/,
    msg('field.shareDescriptionMax', 'Share description can be at most {max} characters'),
    'max',
  ],
];

function fieldMessage(message: string): Found {
  const known = FIELD_MESSAGES.get(message);
  if (known) return [known];
  if (message === EVENT_LANGUAGE_MESSAGE)
    return [
      msg('field.language', 'Language must be one of {languages}'),
      { languages: LANGUAGES.join(', ') },
    ];
  for (const [pattern, descriptor, name] of COUNTED_FIELD_MESSAGES) {
    const hit = pattern.exec(message);
    if (hit) return [descriptor, { [name]: Number(hit[1]) }];
  }
  return null;
}

/** A field message of the contracts (a form's zod schema, a rule, the server's 400), in the page's language. */
export function fieldText(t: Translate, message: string): string;
export function fieldText(t: Translate, message: string | undefined): string | undefined;
export function fieldText(t: Translate, message: string | undefined): string | undefined {
  if (!message || t.locale === 'en') return message;
  const found = fieldMessage(message);
  return found ? t(found[0], found[1]) : message;
}

/** Problems the host's pages can meet, by code (the English is the server's). */
const PROBLEMS: Record<string, MessageDescriptor> = {
  unauthorized: msg('problem.unauthorized', 'Sign in required'),
  account_suspended: msg('problem.accountSuspended', 'Your account has been suspended'),
  rate_limited: msg('problem.rateLimited', 'Too many requests, please wait a moment and try again'),
  unavailable: msg('problem.unavailable', 'The service is temporarily unavailable, please try again'),
  event_not_found: msg('problem.eventNotFound', 'Event not found'),
  not_host: msg('problem.notHost', 'Only the host can do this'),
  event_changed: msg('problem.eventChanged', 'The event changed meanwhile, please try again'),
  event_ended: msg('problem.eventEnded', 'This event has already ended'),
  code_exhausted: msg('problem.codeExhausted', 'Could not allocate an event code, please try again'),
  photo_not_found: msg('problem.photoNotFound', 'Photo not found'),
  [GUESTBOOK_CODES.notFound]: msg('problem.guestbookNotFound', 'Message not found'),
  [PLAN_CODES.noPublicGallery]: msg(
    'problem.noPublicGallery',
    "Your plan does not include a public gallery. Upgrade your plan to share this event's photos publicly.",
  ),
  [PLAN_CODES.noLiveSlideshow]: msg(
    'problem.noLiveSlideshow',
    'Your plan does not include the live slideshow. Upgrade your plan to show photos live.',
  ),
  [PLAN_CODES.noClips]: msg(
    'problem.noClips',
    'Your plan does not include clips. Upgrade your plan to let guests take clips.',
  ),
  [PLAN_CODES.noFindMe]: msg(
    'problem.noFindMe',
    'Your plan does not include Find Me. Upgrade to Event Pro or Event Max to let guests find their photos.',
  ),
  plan_no_qr_kit: msg(
    'problem.noQrKit',
    'Your plan does not include the printable QR kit. Upgrade your plan to print a poster and table cards.',
  ),
  [EXPORT_PROBLEMS.changed]: msg(
    'problem.exportChanged',
    'The photos changed since this export was listed. Open Export again to download the up-to-date parts.',
  ),
  plan_not_found: msg('problem.planNotFound', 'No such paid plan'),
  payment_not_found: msg('problem.paymentNotFound', 'Payment not found'),
  not_test_mode: msg('problem.notTestMode', 'Payments go through Stripe here: there is no test mode'),
};

/** Problems whose words carry a number or a name, read back from the server's English. */
function counted(code: string, detail: string): Found {
  if (code === PLAN_CODES.eventLimit) {
    const n = /includes (\d+) events?/.exec(detail)?.[1];
    return n
      ? [
          msg(
            'problem.eventLimit',
            'Your plan includes {count, plural, one {# event} other {# events}}, and it is in use. Upgrade your plan to create another event.',
          ),
          { count: Number(n) },
        ]
      : null;
  }
  if (code === EXPORT_PROBLEMS.planNoZipExport) {
    const hit = /^ZIP export is not included in the (.+) plan\. (.+) and above include ZIP export/.exec(
      detail,
    );
    return hit
      ? [
          msg(
            'problem.noZipExport',
            'ZIP export is not included in the {plan} plan. {cheapest} and above include ZIP export: upgrade to download every original at once.',
          ),
          { plan: hit[1], cheapest: hit[2] },
        ]
      : null;
  }
  if (code === EXPORT_PROBLEMS.noSuchPart) {
    const n = /has (\d+) part/.exec(detail)?.[1];
    return n
      ? [
          msg('problem.exportParts', 'This export has {count, plural, one {# part} other {# parts}}'),
          { count: Number(n) },
        ]
      : [msg('problem.exportEmpty', 'No photos to export yet')];
  }
  return null;
}

/**
 * What a failed request says to the host, in the page's language: the message for the problem's code
 * (a field's message for a refused field), else the server's own words; `fallback` (already in the
 * page's language) when there was no answer at all. English shows the server's words, as before.
 */
export function problemText(t: Translate, err: unknown, fallback: string): string {
  if (t.locale === 'en') return errorText(err, fallback);
  if (!(err instanceof ApiError)) return fallback;
  const code = err.code ?? '';
  const detail = err.detail;
  if (code === 'validation_failed') return fieldText(t, detail);
  const known = PROBLEMS[code];
  if (known) return t(known);
  const found = counted(code, detail);
  return found ? t(found[0], found[1]) : detail;
}
