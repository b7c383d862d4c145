import { format, formatDistanceToNow } from 'date-fns';
import { formatDate, formatDateTime, formatTime } from '@afterglow/ui/format';

// The dashboard's times: English keeps the patterns it has always shown (date-fns), every other
// language is written by `Intl`.

/** English, or the pseudo-locale that stretches it. */
const isEnglish = (locale: string) => locale === 'en' || locale === 'en-XA';

/** Spec: dates in the admin tables read 'MMM dd, yyyy'. */
export const day = (iso: string, locale: string) => formatDate(iso, locale);

/** An audit entry's moment in full: 'Jun 14, 2026 9:05 PM' in English (no 'at'). */
export const moment = (d: Date, locale: string) =>
  isEnglish(locale) ? `${formatDate(d, locale)} ${formatTime(d, locale)}` : formatDateTime(d, locale);

/** When the dashboard was last refreshed, to the second: '9:05:07 PM' in English. */
export const clock = (d: Date, locale: string) =>
  isEnglish(locale)
    ? format(d, 'h:mm:ss a')
    : new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(d);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** How long ago: 'about 2 hours ago' in English (date-fns' words), 'vor 2 Stunden' in German. */
export function ago(d: Date, locale: string, now = Date.now()): string {
  if (isEnglish(locale)) return formatDistanceToNow(d, { addSuffix: true });
  let amount = (d.getTime() - now) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [u, size] of UNITS) {
    unit = u;
    if (Math.abs(amount) < size) break;
    amount /= size;
  }
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(amount), unit);
}
