import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ADMIN_DELETE_REASON,
  ADMIN_MODERATE_REASONS,
  ADMIN_SUSPEND_REASON,
  type AdminGuestbookAction,
  type AdminModerateAction,
  type AdminPage,
  type AdminSettings,
  type AdminStats,
  type AuditEntryDto,
  type MailMessage,
} from '@afterglow/contracts';
import { apiRequest, toast, translator, type MessageDescriptor } from '@afterglow/ui';
import { problemText } from './errors';
import { DONE, type MailFilter } from './labels';

/** The admin API's paths (routes.ts); every query key starts with one, so Refresh finds them all. */
export const ADMIN_API = {
  stats: '/api/admin/stats',
  users: '/api/admin/users',
  events: '/api/admin/events',
  photos: '/api/admin/photos',
  guestbook: '/api/admin/guestbook',
  activity: '/api/admin/activity',
  settings: '/api/admin/settings',
  mail: '/api/admin/mail',
} as const;
export type AdminListKind = 'users' | 'events' | 'photos' | 'guestbook';

/** Spec section 7: the stats are refetched every 30 seconds. */
export const STATS_REFETCH_MS = 30_000;
/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export const getJson = <T>(url: string) => apiRequest<T>('GET', url);

export function useAdminStats() {
  return useQuery({
    queryKey: [ADMIN_API.stats],
    queryFn: () => getJson<AdminStats>(ADMIN_API.stats),
    refetchInterval: STATS_REFETCH_MS,
  });
}

function pageUrl(path: string, params: Record<string, string | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * One admin list, page by page (`nextCursor`), for a search text and a filter (and the list's other
 * narrowing, `more`: the Photos tab's kind).
 */
export function useAdminList<Row>(
  kind: AdminListKind,
  search: string,
  filter: string,
  more: Record<string, string | undefined> = {},
) {
  const path = ADMIN_API[kind];
  return useInfiniteQuery({
    queryKey: [path, search, filter, more],
    queryFn: ({ pageParam }) =>
      getJson<AdminPage<Row>>(pageUrl(path, { search, filter, ...more, cursor: pageParam ?? undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The audit log, newest first. */
export function useActivity() {
  return useInfiniteQuery({
    queryKey: [ADMIN_API.activity],
    queryFn: ({ pageParam }) =>
      getJson<AdminPage<AuditEntryDto>>(pageUrl(ADMIN_API.activity, { cursor: pageParam ?? undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/admin/mail: a page of messages, newest first, and how many there are in all. */
export interface AdminMailPage {
  messages: MailMessage[];
  total: number;
}
/** The Mail tab asks for this many messages at a time. */
export const MAIL_PAGE_SIZE = 50;

/**
 * Every e-mail the product sent or kept (ADR 035), page by page (`offset`), as the other lists' pages
 * (`items`). A message that arrived between two pages moves the later ones down: one seen already is
 * not listed twice.
 */
export const mailListOptions = (filter: MailFilter) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_API.mail, filter],
    queryFn: ({ pageParam }) =>
      getJson<AdminMailPage>(
        pageUrl(ADMIN_API.mail, {
          limit: String(MAIL_PAGE_SIZE),
          offset: String(pageParam),
          status: filter === 'all' ? undefined : filter,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) =>
      last.messages.length > 0 && lastOffset + last.messages.length < last.total
        ? lastOffset + last.messages.length
        : undefined,
    select: (data) => {
      const seen = new Set<string>();
      return {
        pageParams: data.pageParams,
        pages: data.pages.map((p): AdminPage<MailMessage> => ({
          items: p.messages.filter((m) => {
            if (seen.has(m.id)) return false;
            seen.add(m.id);
            return true;
          }),
          nextCursor: null,
        })),
      };
    },
  });

export const useMailList = (filter: MailFilter) => useInfiniteQuery(mailListOptions(filter));

export function useAdminSettings(enabled: boolean) {
  return useQuery({
    queryKey: [ADMIN_API.settings],
    queryFn: () => getJson<AdminSettings>(ADMIN_API.settings),
    enabled,
  });
}

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * An admin action: on success its toast, and the list it changed, the stats and the activity log are
 * fetched again (spec section 7); on failure an 'Error' toast saying what the server answered.
 */
function useAdminAction<Vars>(
  kinds: AdminListKind[],
  run: (v: Vars) => Promise<unknown>,
  done: MessageDescriptor | ((v: Vars) => MessageDescriptor),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // the answer may come after the page changed language: the words are looked up then
    onSuccess: (_answer, v) => {
      const t = translator();
      toast({ title: t(typeof done === 'function' ? done(v) : done), variant: 'success' });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('toast.error', 'Error'),
        description: problemText(t, err, t('toast.actionFailed', 'The action failed')),
        variant: 'destructive',
      });
    },
    onSettled: () =>
      Promise.all(
        [...kinds.map((k) => ADMIN_API[k]), ADMIN_API.stats, ADMIN_API.activity].map((k) =>
          client.invalidateQueries({ queryKey: [k] }),
        ),
      ),
  });
}

export const useSuspendUser = () =>
  useAdminAction(
    ['users'],
    (id: string) =>
      apiRequest('POST', `${ADMIN_API.users}/${encodeURIComponent(id)}/suspend`, {
        reason: ADMIN_SUSPEND_REASON,
      }),
    DONE.suspended,
  );

export const useUnsuspendUser = () =>
  useAdminAction(
    ['users'],
    (id: string) => apiRequest('POST', `${ADMIN_API.users}/${encodeURIComponent(id)}/unsuspend`),
    DONE.unsuspended,
  );

export const useDeleteEvent = () =>
  useAdminAction(
    ['events', 'photos', 'guestbook'],
    (id: string) =>
      apiRequest('DELETE', `${ADMIN_API.events}/${encodeURIComponent(id)}`, { reason: ADMIN_DELETE_REASON }),
    DONE.eventDeleted,
  );

export const useModeratePhoto = () =>
  useAdminAction(
    ['photos'],
    ({ id, action }: { id: string; action: AdminModerateAction }) => {
      const reason = ADMIN_MODERATE_REASONS[action];
      return apiRequest('POST', `${ADMIN_API.photos}/${encodeURIComponent(id)}/moderate`, {
        action,
        ...(reason ? { reason } : {}),
      });
    },
    DONE.moderated,
  );

export const useModerateEntry = () =>
  useAdminAction(
    ['guestbook'],
    ({ id, action }: { id: string; action: AdminGuestbookAction }) =>
      apiRequest('POST', `${ADMIN_API.guestbook}/${encodeURIComponent(id)}/moderate`, { action }),
    ({ action }) => (action === 'delete' ? DONE.entryDeleted : DONE.entryModerated),
  );
