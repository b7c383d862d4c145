import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { GuestbookEntryDto, GuestbookPage, GuestbookStatus } from '@afterglow/contracts';
import { apiRequest, toast, translator } from '@afterglow/ui';
import { guestbookListPath, guestbookPath, keys } from '../lib/api';
import { problemText } from '../lib/problems';

export type GuestbookFilter = GuestbookStatus | 'all';
type HostPage = GuestbookPage<GuestbookEntryDto>;

/**
 * No socket message tells of new entries yet (ADR 034), so the dashboard asks again this often, as it
 * asks for its photo counts; a fresh answer also re-signs the recordings' URLs before they expire.
 */
export const GUESTBOOK_POLL_MS = 10_000;
const PAGE_SIZE = 30;
/** the pending entries counted for the section's heading; more shows as 'Over 100 pending' */
export const PENDING_COUNT_MAX = 100;

/** GET /api/events/{id}/guestbook: every entry (the host's shape), newest first, or those of one status. */
export function useGuestbookEntries(eventId: string, filter: GuestbookFilter) {
  return useInfiniteQuery({
    queryKey: keys.guestbook(eventId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (filter !== 'all') q.set('status', filter);
      if (pageParam) q.set('cursor', pageParam);
      return apiRequest<HostPage>('GET', guestbookListPath(eventId, q));
    },
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: GUESTBOOK_POLL_MS,
  });
}

/** How many entries wait for the host: `more` when there are over `PENDING_COUNT_MAX`. */
export function useGuestbookPending(eventId: string) {
  return useQuery({
    queryKey: keys.guestbookPending(eventId),
    queryFn: async () => {
      const q = new URLSearchParams({ status: 'pending', limit: String(PENDING_COUNT_MAX) });
      const page = await apiRequest<HostPage>('GET', guestbookListPath(eventId, q));
      return { count: page.entries.length, more: page.nextCursor !== null };
    },
    refetchInterval: GUESTBOOK_POLL_MS,
  });
}

/** Puts a moderated entry into every cached list of its event, so the card answers at once. */
function useEntryCacheUpdate() {
  const qc = useQueryClient();
  return (entry: GuestbookEntryDto) => {
    qc.setQueriesData<InfiniteData<HostPage>>({ queryKey: keys.guestbookAll(entry.eventId) }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              // the recording's URL stays the one the card already has (a new one would restart a player)
              entries: p.entries.map((x) =>
                x.id === entry.id ? { ...x, ...entry, audioUrl: x.audioUrl } : x,
              ),
            })),
          }
        : data,
    );
    // a filtered list keeps the card (with its new badge) until the next poll: it does not jump away
    // from under the host's pointer; the count is asked again at once
    void qc.invalidateQueries({ queryKey: keys.guestbookPending(entry.eventId) });
  };
}

/** Approve or reject one entry (POST /api/guestbook/{id}/approve|reject). */
export function useModerateEntry() {
  const update = useEntryCacheUpdate();
  return useMutation({
    mutationFn: ({ entryId, action }: { entryId: string; action: 'approve' | 'reject' }) =>
      apiRequest<GuestbookEntryDto>('POST', guestbookPath(entryId, action)),
    onSuccess: update,
    onError: (err) => {
      const t = translator();
      toast({
        title: t('common.error', 'Error'),
        description: problemText(t, err, t('guestbook.moderateFailed', 'Could not moderate the message')),
        variant: 'destructive',
      });
    },
  });
}
