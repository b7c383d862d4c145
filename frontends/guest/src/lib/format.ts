import { format, isSameDay } from 'date-fns';
import type { PhotoDto } from '@afterglow/contracts';

/** Dates are shown 'MMM dd, yyyy' (spec section 9). */
export const formatDate = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');
export const formatDateTime = (iso: string) => format(new Date(iso), "MMM dd, yyyy 'at' h:mm a");

export function formatRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (isSameDay(start, end))
    return `${formatDate(startIso)}, ${format(start, 'h:mm a')} – ${format(end, 'h:mm a')}`;
  return `${formatDate(startIso)} – ${formatDate(endIso)}`;
}

/** 'By {name}', or 'Guest' plus the last four characters of the anonymous id. */
export function photoAuthor(p: PhotoDto): string {
  const name = p.device.displayName ?? p.deviceDisplayName;
  if (name) return `By ${name}`;
  return p.device.anonId ? `Guest ${p.device.anonId.slice(-4)}` : 'Guest';
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
