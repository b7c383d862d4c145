// Dates, times, numbers and money in the reader's language (docs/adr/032-languages.md). English keeps
// the spec's patterns exactly (section 9: 'MMM dd, yyyy', "MMM dd, yyyy 'at' h:mm a", times in the
// event's zone as en-US writes them); every other language is written by `Intl` as its readers expect.
// No date library: date-fns would add 6 KB gzip to a guest's first page.

const EN = 'en';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** `Intl` knows the pseudo-locale's base language only. */
const intlLocale = (locale: string) => (locale === 'en-XA' ? EN : locale);
const isEnglish = (locale: string) => intlLocale(locale) === EN;

function valid(iso: string | Date): Date {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return d;
}
const enDay = (d: Date) =>
  `${MONTHS[d.getMonth()]} ${two(d.getDate())}, ${String(d.getFullYear()).padStart(4, '0')}`;
const enTime = (d: Date) =>
  `${d.getHours() % 12 || 12}:${two(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const dayFormat = (locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { day: '2-digit', month: 'short', year: 'numeric' });
const timeFormat = (locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit' });

/** A day: 'Jun 14, 2026' in English (spec 'MMM dd, yyyy'), '14. Juni 2026' in German. */
export function formatDate(iso: string | Date, locale: string): string {
  const d = valid(iso);
  return isEnglish(locale) ? enDay(d) : dayFormat(locale).format(d);
}

/** A time of day: '9:05 PM' in English, '21:05' in German. */
export function formatTime(iso: string | Date, locale: string): string {
  const d = valid(iso);
  return isEnglish(locale) ? enTime(d) : timeFormat(locale).format(d);
}

/** A day and time: "Jun 14, 2026 at 9:05 PM" in English (spec section 9). */
export function formatDateTime(iso: string | Date, locale: string): string {
  const d = valid(iso);
  if (isEnglish(locale)) return `${enDay(d)} at ${enTime(d)}`;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** From one time to another: one day with two times, or two days. */
export function formatRange(startIso: string, endIso: string, locale: string): string {
  const start = valid(startIso);
  const end = valid(endIso);
  if (sameDay(start, end))
    return `${formatDate(start, locale)}, ${formatTime(start, locale)} – ${formatTime(end, locale)}`;
  return `${formatDate(start, locale)} – ${formatDate(end, locale)}`;
}

/**
 * A time in the event's time zone: 'Jun 14, 2026, 09:00 PM' in English (spec section 9: short month,
 * day, year, 2-digit hour and minute). An unknown zone falls back to the browser's.
 */
export function formatInZone(iso: string | Date, timeZone: string | undefined, locale: string): string {
  const opts: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  const tag = isEnglish(locale) ? 'en-US' : intlLocale(locale);
  try {
    return new Intl.DateTimeFormat(tag, { ...opts, timeZone }).format(valid(iso));
  } catch {
    return new Intl.DateTimeFormat(tag, opts).format(valid(iso));
  }
}

/** A count: '1,234' in English, '1.234' in German. */
export const formatNumber = (n: number, locale: string, opts?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(isEnglish(locale) ? 'en-US' : intlLocale(locale), opts).format(n);

/** An amount of money from its cents: '$29' or '$29.99' in English, '29,99 $' in German. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(isEnglish(locale) ? 'en-US' : intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
