import { useQuery } from '@tanstack/react-query';
import { ApiError, useEventTheme } from '@afterglow/ui';
import type { DeviceDto, PublicEvent } from '@afterglow/contracts';

export type { DevicePhotos, EventPhotosPage, UploadResult } from '@afterglow/contracts';
/** POST /api/events/{code}/devices */
export type JoinResult = DeviceDto;

// Keys are URL segments: the shell's default query function GETs them joined with '/'.
export const eventKey = (code: string) => ['/api/events/by-code', code] as const;
export const devicePhotosKey = (deviceId: string) => ['/api/devices', deviceId, 'photos'] as const;
/** Paged with a custom function: a key of our own so it never meets a plain query of that URL. */
export const eventPhotosKey = (code: string) => ['guest', 'event-photos', code] as const;

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/** The event behind a code; enabled only for a complete code. Applies the event's colour mood. */
export function useEventByCode(code: string, enabled = true) {
  const q = useQuery<PublicEvent>({ queryKey: eventKey(code), enabled: enabled && code.length === 6 });
  // the event's pages wear its colours and background; leaving them gives the product its own back
  useEventTheme(q.data);
  return q;
}
