import { useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@afterglow/ui';

interface PhotoPage<P> {
  photos: P[];
  nextCursor: string | null;
}

/**
 * A paged photo list (`path` answers one page, `?cursor=` the next), polled every `pollMs`; answers the
 * query (for its states and 'Load More Photos') and its photos in order, each once however the pages
 * moved between polls.
 */
export function usePhotoPages<P extends { id: string }, Page extends PhotoPage<P>>(
  queryKey: readonly unknown[],
  path: string,
  pollMs: number,
) {
  const query = useInfiniteQuery<
    Page,
    Error,
    InfiniteData<Page, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey,
    queryFn: ({ pageParam }) =>
      apiRequest<Page>('GET', `${path}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: pollMs,
  });
  const photos = useMemo(() => {
    const seen = new Set<string>();
    const out: P[] = [];
    for (const page of query.data?.pages ?? [])
      for (const p of page.photos)
        if (!seen.has(p.id)) {
          seen.add(p.id);
          out.push(p);
        }
    return out;
  }, [query.data]);
  return { query, photos };
}
