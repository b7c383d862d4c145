import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@afterglow/ui';
import { keys, type EventPhotosPage } from '../lib/api';

const PAGE_SIZE = 200;

/**
 * GET /api/events/{code}/photos, page by page (the host sees every photo). Signed image URLs live
 * 15 minutes (ADR 003), so the list is refreshed well before they expire.
 */
export function useEventPhotos(code: string | undefined, refetchInterval: number | false = 5 * 60_000) {
  return useInfiniteQuery({
    queryKey: keys.eventPhotos(code ?? ''),
    enabled: !!code,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) q.set('cursor', pageParam);
      return apiRequest<EventPhotosPage>('GET', `/api/events/${encodeURIComponent(code ?? '')}/photos?${q}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval,
  });
}
