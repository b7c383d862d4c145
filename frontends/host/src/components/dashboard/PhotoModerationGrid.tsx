import type { PhotoDto } from '@afterglow/contracts';
import { ImageOff } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button, Card, Skeleton, msg, type MessageDescriptor } from '@afterglow/ui';
import { InlineLoadError } from '../EventStates';
import { ShortcutHelp } from '../moderation/ShortcutHelp';
import { useEventPhotos } from '../../hooks/useEventPhotos';
import { useModerationKeys } from '../../hooks/useModerationKeys';
import { useT } from '../../text';
import { ApproveAllDialog } from './ApproveAllDialog';
import { ModerationPhotoCard } from './ModerationPhotoCard';

type Filter = 'all' | PhotoDto['status'];
const FILTERS: { id: Filter; label: MessageDescriptor }[] = [
  { id: 'all', label: msg('moderation.filterAll', 'All') },
  { id: 'pending', label: msg('photoStatus.pending', 'Pending') },
  { id: 'approved', label: msg('photoStatus.approved', 'Approved') },
  { id: 'rejected', label: msg('photoStatus.rejected', 'Rejected') },
];

/**
 * 'Photo Moderation': every photo of the event (the host sees all), Approve / Reject / Flag by button
 * or key, Approve All after a confirmation.
 */
export function PhotoModerationGrid({
  eventId,
  code,
  pendingCount,
}: {
  eventId: string;
  code: string;
  pendingCount: number | undefined;
}) {
  const t = useT();
  const photosQuery = useEventPhotos(code);
  const list = useRef<HTMLUListElement>(null);
  useModerationKeys(list);
  const [filter, setFilter] = useState<Filter>('all');
  const photos = useMemo(() => photosQuery.data?.pages.flatMap((p) => p.photos) ?? [], [photosQuery.data]);
  const shown = filter === 'all' ? photos : photos.filter((p) => p.status === filter);
  const pendingShown = photos.filter((p) => p.status === 'pending').length;
  const refresh = () => void photosQuery.refetch();

  return (
    <Card>
      <section aria-labelledby="moderation-heading">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="moderation-heading" className="text-xl font-bold">
              {t('moderation.title', 'Photo Moderation')}
            </h2>
            <p className="text-sm text-neutral-600">
              {t('moderation.intro', 'Approve the photos guests may see; reject the ones they may not.')}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <ShortcutHelp />
            <ApproveAllDialog eventId={eventId} pendingCount={Math.max(pendingCount ?? 0, pendingShown)} />
          </div>
        </div>

        <div
          role="group"
          aria-label={t('moderation.filter', 'Show photos')}
          className="mb-4 flex flex-wrap gap-2"
        >
          {FILTERS.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
              className="rounded-full border border-neutral-300 px-3 py-1 text-sm font-medium text-neutral-700 transition hover:bg-neutral-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] aria-pressed:border-[var(--ag-primary-strong)] aria-pressed:bg-[var(--ag-primary-soft)] aria-pressed:text-[var(--ag-primary-ink)]"
            >
              {t(f.label)}
            </button>
          ))}
        </div>

        {photosQuery.isLoading ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="aspect-[3/4] w-full" />
            ))}
            <span className="sr-only" role="status">
              {t('common.loadingPhotos', 'Loading photos')}
            </span>
          </div>
        ) : photosQuery.isError ? (
          <InlineLoadError
            error={photosQuery.error}
            fallback={t('moderation.loadFailed', 'The photos could not be loaded.')}
            onRetry={refresh}
          />
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-neutral-200 p-10 text-center text-neutral-600">
            <ImageOff aria-hidden className="h-8 w-8" />
            <p className="font-semibold text-neutral-800">
              {photos.length === 0
                ? t('moderation.empty', 'No photos yet')
                : t('moderation.emptyFilter', 'No photos with this status')}
            </p>
            {photos.length === 0 && (
              <p className="text-sm">
                {t('moderation.emptyText', 'Photos appear here as soon as your guests take them.')}
              </p>
            )}
          </div>
        ) : (
          <ul ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shown.map((p) => (
              <li key={p.id} className="flex">
                <ModerationPhotoCard photo={p} onBroken={refresh} />
              </li>
            ))}
          </ul>
        )}

        {photosQuery.hasNextPage && (
          <div className="mt-4 text-center">
            <Button
              variant="outline"
              onClick={() => void photosQuery.fetchNextPage()}
              disabled={photosQuery.isFetchingNextPage}
            >
              {photosQuery.isFetchingNextPage
                ? t('common.loadingMore', 'Loading...')
                : t('moderation.loadMore', 'Load more photos')}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
