import { byLine, type PhotoDto } from '@afterglow/contracts';

// The three date patterns of spec section 9, written out: date-fns would add 6 KB gzip to a guest's
// first page for them. Same output as date-fns `format` with its default en-US locale, local time.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

function valid(iso: string): Date {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return d;
}
/** 'MMM dd, yyyy' */
const day = (d: Date) =>
  `${MONTHS[d.getMonth()]} ${two(d.getDate())}, ${String(d.getFullYear()).padStart(4, '0')}`;
/** 'h:mm a' */
const time = (d: Date) =>
  `${d.getHours() % 12 || 12}:${two(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Dates are shown 'MMM dd, yyyy' (spec section 9). */
export const formatDate = (iso: string) => day(valid(iso));
/** "MMM dd, yyyy 'at' h:mm a" */
export const formatDateTime = (iso: string) => {
  const d = valid(iso);
  return `${day(d)} at ${time(d)}`;
};

export function formatRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (sameDay(start, end))
    return `${formatDate(startIso)}, ${time(valid(startIso))} – ${time(valid(endIso))}`;
  return `${formatDate(startIso)} – ${formatDate(endIso)}`;
}

/** What a photo shown to guests or the public carries (the event gallery's and the public gallery's shapes). */
export type ShownPhoto = Pick<
  PhotoDto,
  'id' | 'caption' | 'createdAt' | 'thumbUrl' | 'displayUrl' | 'device' | 'deviceDisplayName'
>;

/** 'By {name}', or 'Guest' plus the last four characters of the anonymous id. */
export const photoAuthor = (p: Pick<ShownPhoto, 'device' | 'deviceDisplayName'>): string =>
  byLine(p.device.displayName ?? p.deviceDisplayName, p.device.anonId);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A time in the event's time zone (spec section 9: en-US, short month, day, year, 2-digit hour and
 * minute), e.g. 'Jun 14, 2026, 09:00 PM'. An unknown zone falls back to the browser's.
 */
export function formatInZone(iso: string, timeZone: string): string {
  const opts: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone }).format(valid(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', opts).format(valid(iso));
  }
}
