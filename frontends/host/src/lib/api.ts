import type { GuestbookStatus, HostEvent, PublicEvent } from '@afterglow/contracts';
import { ApiError } from '@afterglow/ui';

/**
 * Query keys. Keys that start with an API path are loaded by the shared default query function
 * (the segments joined with slashes), so their segments are URL-encoded here.
 */
const seg = (s: string) => encodeURIComponent(s);
export const keys = {
  event: (idOrCode: string) => ['/api/events', seg(idOrCode)] as const,
  eventByCode: (code: string) => ['/api/events/by-code', seg(code)] as const,
  stats: (eventId: string) => ['/api/events', seg(eventId), 'stats'] as const,
  pending: (eventId: string) => ['/api/photos/pending', seg(eventId)] as const,
  approved: (eventId: string) => ['/api/photos/approved', seg(eventId)] as const,
  /** GET /api/events/{code}/photos, paged (its own query function) */
  eventPhotos: (code: string) => ['host', 'event-photos', code] as const,
  eventPhotosAll: ['host', 'event-photos'] as const,
  /** GET /api/events/{id}/guestbook, paged, every entry or one status (its own query function) */
  guestbook: (eventId: string, status: GuestbookStatus | 'all') =>
    ['host', 'guestbook', eventId, status] as const,
  guestbookAll: (eventId: string) => ['host', 'guestbook', eventId] as const,
  /** the entries waiting for the host, for the section's count */
  guestbookPending: (eventId: string) => ['host', 'guestbook-pending', eventId] as const,
  /** the signed-in user's own page (/dashboard) */
  userStats: ['/api/user/stats'] as const,
  userEvents: ['/api/user/events'] as const,
  userPayments: ['/api/user/payments'] as const,
};

export type { EventPhotosPage } from '@afterglow/contracts';

export type AnyEvent = PublicEvent | HostEvent;

/** The event answer carries the QR code and join link only for its host (and admins). */
export function isHostView(e: AnyEvent | undefined): e is HostEvent {
  return !!e && 'joinUrl' in e && typeof e.joinUrl === 'string';
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

export const photoPath = (photoId: string, action: 'approve' | 'reject' | 'flag') =>
  `/api/photos/${seg(photoId)}/${action}`;

export const guestbookListPath = (eventId: string, q: URLSearchParams) =>
  `/api/events/${seg(eventId)}/guestbook?${q}`;

export const guestbookPath = (entryId: string, action: 'approve' | 'reject') =>
  `/api/guestbook/${seg(entryId)}/${action}`;
