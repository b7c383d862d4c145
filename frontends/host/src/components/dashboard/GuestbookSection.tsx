import { MessageSquareHeart } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Card, Skeleton, msg, type MessageDescriptor } from '@afterglow/ui';
import { InlineLoadError } from '../EventStates';
import { useGuestbookEntries, useGuestbookPending, type GuestbookFilter } from '../../hooks/useGuestbook';
import { keyForField } from '../../lib/keys';
import { useT } from '../../text';
import { ENTRY_STATUS, GuestbookEntryCard } from './GuestbookEntryCard';

// The chips read as the photo grid's ('Pending'); their names say what they filter, so that each is
// told apart from the photos' chips of the same words (by screen readers, and by tests).
const FILTERS: { id: GuestbookFilter; label: MessageDescriptor; name: MessageDescriptor }[] = [
  { id: 'all', label: msg('guestbook.statusAll', 'All'), name: msg('guestbook.filterAll', 'All messages') },
  { id: 'pending', label: ENTRY_STATUS.pending, name: msg('guestbook.filterPending', 'Pending messages') },
  {
    id: 'approved',
    label: ENTRY_STATUS.approved,
    name: msg('guestbook.filterApproved', 'Approved messages'),
  },
  {
    id: 'rejected',
    label: ENTRY_STATUS.rejected,
    name: msg('guestbook.filterRejected', 'Rejected messages'),
  },
];

const CARD = '[data-guestbook-card]';
const KEYS: Record<string, 'approve' | 'reject' | undefined> = { a: 'approve', r: 'reject' };

/**
 * 'Guestbook' (ADR 034): every message guests left the hosts, newest first, with Approve / Reject;
 * approved ones reach the gallery and the venue screens. Asked again every few seconds (no socket
 * message tells of new entries yet).
 */
export function GuestbookSection({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const t = useT();
  const [filter, setFilter] = useState<GuestbookFilter>('all');
  const query = useGuestbookEntries(eventId, filter);
  const pending = useGuestbookPending(eventId);
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.entries) ?? [], [query.data]);
  const list = useRef<HTMLUListElement>(null);
  /** the card that had focus last, while focus stays in the list */
  const focused = useRef<{ id: string; index: number } | null>(null);
  const refresh = () => void query.refetch();

  // A card that leaves the list (a decided message, gone from the Pending filter at the next poll)
  // hands focus to the one in its place, as the photo grid does; only when focus went with it.
  useEffect(() => {
    const root = list.current;
    const last = focused.current;
    if (!root || !last || entries.some((e) => e.id === last.id)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const cards = root.querySelectorAll<HTMLElement>(CARD);
    cards[Math.min(last.index, cards.length - 1)]?.focus();
  }, [entries]);
  useEffect(() => {
    // a click elsewhere is focus moved on purpose, even where nothing takes focus
    const forget = (e: PointerEvent) => {
      if (!list.current?.contains(e.target as Node)) focused.current = null;
    };
    document.addEventListener('pointerdown', forget);
    return () => document.removeEventListener('pointerdown', forget);
  }, []);

  // A and R decide the message whose card has focus; the page's photo keys must not act on a photo
  // meanwhile (they would take the first photo), so every A, R and F pressed in here stops here.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || keyForField(e.target)) return;
    const key = e.key.toLowerCase();
    if (key !== 'a' && key !== 'r' && key !== 'f') return;
    e.preventDefault();
    const card = (e.target as HTMLElement).closest<HTMLElement>(CARD);
    const button = KEYS[key] && card?.querySelector<HTMLButtonElement>(`button[data-action="${KEYS[key]}"]`);
    if (button && !button.disabled) button.click();
  };

  const count = pending.data?.count ?? 0;
  return (
    <Card>
      <section aria-labelledby="guestbook-heading" onKeyDown={onKeyDown}>
        <div className="mb-4">
          <h2 id="guestbook-heading" className="flex flex-wrap items-center gap-2 text-xl font-bold">
            {t('guestbook.title', 'Guestbook')}
            {count > 0 && (
              <span className="rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
                {pending.data?.more
                  ? t(
                      'guestbook.pendingOver',
                      '{count, plural, one {Over # pending} other {Over # pending}}',
                      {
                        count,
                      },
                    )
                  : t('guestbook.pendingCount', '{count, plural, one {# pending} other {# pending}}', {
                      count,
                    })}
              </span>
            )}
          </h2>
          <p className="text-sm text-neutral-600">
            {t(
              'guestbook.intro',
              'Messages your guests left you. Approved ones appear in the gallery and on the live display.',
            )}
          </p>
        </div>

        <div
          role="group"
          aria-label={t('guestbook.filter', 'Show messages')}
          className="mb-4 flex flex-wrap gap-2"
        >
          {FILTERS.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={filter === f.id}
              aria-label={t(f.name)}
              onClick={() => setFilter(f.id)}
              className="rounded-full border border-neutral-300 px-3 py-1 text-sm font-medium text-neutral-700 transition hover:bg-neutral-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] aria-pressed:border-[var(--ag-primary-strong)] aria-pressed:bg-[var(--ag-primary-soft)] aria-pressed:text-[var(--ag-primary-ink)]"
            >
              {t(f.label)}
            </button>
          ))}
        </div>

        {query.isLoading ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-44 w-full" />
            ))}
            <span className="sr-only" role="status">
              {t('guestbook.loading', 'Loading messages')}
            </span>
          </div>
        ) : query.isError && entries.length === 0 ? (
          <InlineLoadError
            error={query.error}
            fallback={t('guestbook.loadFailed', 'The messages could not be loaded.')}
            onRetry={refresh}
          />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-neutral-200 p-10 text-center text-neutral-600">
            <MessageSquareHeart aria-hidden className="h-8 w-8" />
            <p className="font-semibold text-neutral-800">
              {filter === 'all'
                ? t('guestbook.empty', 'No messages yet. Guests can leave one from the gallery.')
                : t('guestbook.emptyFilter', 'No messages with this status')}
            </p>
          </div>
        ) : (
          <ul
            ref={list}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            onFocus={(e) => {
              const card = (e.target as HTMLElement).closest<HTMLElement>(CARD);
              const cards = Array.from(list.current?.querySelectorAll<HTMLElement>(CARD) ?? []);
              focused.current = card?.dataset.entryId
                ? { id: card.dataset.entryId, index: cards.indexOf(card) }
                : null;
            }}
            onBlur={(e) => {
              // focus moved elsewhere on purpose: forget the place (a removed card gives no new target)
              if (e.relatedTarget && !list.current?.contains(e.relatedTarget as Node)) focused.current = null;
            }}
          >
            {entries.map((entry) => (
              <li key={entry.id} className="flex">
                <GuestbookEntryCard entry={entry} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}

        {/* a poll that failed while messages are shown: they stay, with a way to ask again */}
        {query.isError && entries.length > 0 && (
          <div className="mt-4">
            <InlineLoadError
              error={query.error}
              fallback={t('guestbook.refreshFailed', 'New messages could not be loaded.')}
              onRetry={refresh}
            />
          </div>
        )}

        {query.hasNextPage && (
          <div className="mt-4 text-center">
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage
                ? t('common.loadingMore', 'Loading...')
                : t('guestbook.loadMore', 'Load more messages')}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
