import { guestLabel, type PhotoDto } from '@afterglow/contracts';
import { format } from 'date-fns';

/** Spec section 9: dates are shown 'MMM dd, yyyy'. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : format(d, 'MMM dd, yyyy');
}

/** A date and time in the event's time zone (en-US, short month). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(d);
  } catch {
    return format(d, 'MMM dd, yyyy, hh:mm a');
  }
}

/** 'By {name}': the guest's display name, or 'Guest' and the last four characters of the anonymous id. */
export function photoAuthor(p: PhotoDto): string {
  return guestLabel(p.deviceDisplayName ?? p.device?.displayName, p.device?.anonId);
}

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: cents % 100 ? 2 : 0 })}`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A time as `<input type="datetime-local">` wants it, in the browser's time zone, to the minute. */
export const dateTimeInputValue = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");
