import type { Translate } from '@afterglow/ui';
import type { PhotoDto } from '@afterglow/contracts';

// Dates and numbers come from '@afterglow/ui' (formatDate, formatDateTime, formatRange, formatInZone
// with t.locale): the spec's English patterns, and Intl for the other languages.

/** What a photo shown to guests or the public carries (the event gallery's and the public gallery's shapes). */
export type ShownPhoto = Pick<
  PhotoDto,
  'id' | 'caption' | 'createdAt' | 'thumbUrl' | 'displayUrl' | 'device' | 'deviceDisplayName'
> &
  /** a clip (ADR 033): its MP4, poster and length; absent, a photo */
  Partial<Pick<PhotoDto, 'kind' | 'videoUrl' | 'posterUrl' | 'durationMs'>>;

type Author = Pick<ShownPhoto, 'device' | 'deviceDisplayName'>;

/**
 * Who took a photo (contracts' `byLine`): their display name, or the last four characters of their
 * anonymous id (null when there is none).
 */
export function authorOf(p: Author): { name: string } | { guest: string | null } {
  const name = (p.device.displayName ?? p.deviceDisplayName)?.trim();
  if (name) return { name };
  const anonId = p.device.anonId;
  return { guest: anonId ? anonId.slice(-4) : null };
}

/** 'By {name}', or 'Guest' plus the last four characters of the anonymous id (contracts' `byLine`). */
export function photoAuthor(t: Translate, p: Author): string {
  const a = authorOf(p);
  if ('name' in a) return t('photo.by', 'By {name}', { name: a.name });
  return a.guest ? t('photo.guest', 'Guest {id}', { id: a.guest }) : t('photo.guestUnknown', 'Guest');
}
