import type { PhotoDto, PublicGuestbookEntry } from '@afterglow/contracts';
import { type Translate } from '@afterglow/ui';
import { formatDate, formatInZone, formatMoney } from '@afterglow/ui/format';
import { format, formatDistanceToNow } from 'date-fns';
import { isClip } from './clips';

/** English and the pseudo-locale keep the spec's English patterns. */
const isEnglish = (locale: string) => locale === 'en' || locale === 'en-XA';

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Spec section 9: dates are shown 'MMM dd, yyyy' (in English; other languages as Intl writes them). */
export function formatDay(iso: string | null | undefined, locale: string): string {
  const d = valid(iso);
  return d ? formatDate(d, locale) : '';
}

function knownZone(timeZone: string | undefined): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A date and time in the event's time zone ('Jun 14, 2026, 09:00 PM' in English, short month). */
export function formatDateTime(
  iso: string | null | undefined,
  timeZone: string | undefined,
  locale: string,
): string {
  const d = valid(iso);
  if (!d) return '';
  // a zone the browser does not know: English has always written the browser's time this way
  if (isEnglish(locale) && !knownZone(timeZone)) return format(d, 'MMM dd, yyyy, hh:mm a');
  return formatInZone(d, timeZone, locale);
}

const RELATIVE: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 45],
  ['minute', 45 * 60],
  ['hour', 22 * 3600],
  ['day', 26 * 86400],
  ['month', 320 * 86400],
];
const SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400, month: 30 * 86400 };

/** How long ago: date-fns' words in English ('about 2 hours ago'), `Intl` in the other languages. */
export function timeAgo(iso: string, locale: string): string {
  const d = new Date(iso);
  if (isEnglish(locale)) return formatDistanceToNow(d, { addSuffix: true });
  const seconds = (d.getTime() - Date.now()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const found = RELATIVE.find(([, under]) => Math.abs(seconds) < under);
  if (!found) return rtf.format(Math.round(seconds / (365 * 86400)), 'year');
  return rtf.format(Math.round(seconds / SECONDS[found[0]]!), found[0]);
}

/**
 * How a guest is named under their photo: their display name, or 'Guest' and the last four characters
 * of the anonymous id (contracts' `guestLabel`, in the reader's language).
 */
export function photoAuthor(p: PhotoDto, t: Translate): string {
  const name = (p.deviceDisplayName ?? p.device?.displayName)?.trim();
  const anonId = p.device?.anonId;
  if (name) return name;
  return anonId
    ? t('photo.guestNumbered', 'Guest {id}', { id: anonId.slice(-4) })
    : t('photo.guest', 'Guest');
}

/**
 * How a guestbook message's author is named: their name, else the server's 'Guest' and the last four
 * of the anonymous id (`author`, made by `guestLabel` in English), in the reader's language.
 */
export function entryAuthor(e: Pick<PublicGuestbookEntry, 'deviceName' | 'author'>, t: Translate): string {
  const name = e.deviceName?.trim();
  if (name) return name;
  const anonId = /^Guest (\S{1,4})$/.exec(e.author)?.[1];
  if (anonId) return t('photo.guestNumbered', 'Guest {id}', { id: anonId });
  return e.author === 'Guest' ? t('photo.guest', 'Guest') : e.author;
}

/** A capture's text alternative: its caption and who took it, and that it is a clip when it is one. */
export function photoAlt(p: PhotoDto, t: Translate): string {
  const name = photoAuthor(p, t);
  if (isClip(p))
    return p.caption
      ? t('clip.altCaption', 'Clip “{caption}” by {name}', { caption: p.caption, name })
      : t('clip.alt', 'Clip by {name}', { name });
  return p.caption
    ? t('photo.altCaption', '“{caption}” by {name}', { caption: p.caption, name })
    : t('photo.alt', 'Photo by {name}', { name });
}

/** Dollars from cents: '$29' or '$29.99' in English, as Intl writes money in the other languages. */
export const dollars = (cents: number, locale: string) => formatMoney(cents, 'USD', locale);

/** A time as `<input type="datetime-local">` wants it, in the browser's time zone, to the minute. */
export const dateTimeInputValue = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");
