import type { ReactNode } from 'react';
import { Hourglass, Images, Loader2, Play } from 'lucide-react';
import { clipLength } from '@afterglow/contracts';
import { Button, Skeleton, type Translate } from '@afterglow/ui';
import { photoAuthor, type ShownPhoto } from '../lib/format';
import { stableUrl } from '../lib/stableUrl';
import { useT } from '../text';

interface PhotoGridProps<P extends ShownPhoto> {
  photos: P[];
  onOpen: (index: number) => void;
  /** something drawn over a tile (a status badge) */
  badge?: (photo: P) => ReactNode;
  /** the tile's accessible name, in the guest's language */
  label?: (photo: P, index: number) => string;
}

function defaultLabel(t: Translate, p: ShownPhoto, i: number): string {
  const values = { n: i + 1, author: photoAuthor(t, p), caption: p.caption };
  if (p.kind === 'clip')
    return p.caption
      ? t('grid.openClipCaptioned', 'Open clip {n}, {author}: {caption}', values)
      : t('grid.openClip', 'Open clip {n}, {author}', values);
  return p.caption
    ? t('grid.openCaptioned', 'Open photo {n}, {author}: {caption}', values)
    : t('grid.open', 'Open photo {n}, {author}', values);
}

/** Square thumbnails, three across on a phone; each opens the photo large. */
export function PhotoGrid<P extends ShownPhoto>({ photos, onOpen, badge, label }: PhotoGridProps<P>) {
  const t = useT();
  const name = label ?? ((p: P, i: number) => defaultLabel(t, p, i));
  return (
    <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 sm:gap-2 lg:grid-cols-5">
      {photos.map((p, i) => {
        const thumb = stableUrl(p.thumbUrl);
        return (
          <li key={p.id} className="relative">
            <button
              type="button"
              onClick={() => onOpen(i)}
              aria-label={name(p, i)}
              className="block aspect-square w-full overflow-hidden rounded-lg bg-neutral-200 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-strong)] active:scale-[0.98]"
            >
              {thumb ? (
                <img
                  src={thumb}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              ) : (
                <span className="flex h-full w-full items-center justify-center text-neutral-500">
                  <Hourglass aria-hidden className="h-6 w-6" />
                </span>
              )}
              {p.kind === 'clip' && <ClipBadge durationMs={p.durationMs ?? null} />}
            </button>
            {badge?.(p)}
          </li>
        );
      })}
    </ul>
  );
}

/** A clip's tile: a play mark and its length over the poster. */
export function ClipBadge({ durationMs }: { durationMs: number | null }) {
  return (
    <span
      aria-hidden
      className="pointer-events-none absolute end-1 top-1 flex items-center gap-1 rounded-full bg-black/65 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white"
    >
      <Play className="h-3 w-3 fill-current" />
      {durationMs != null && clipLength(durationMs)}
    </span>
  );
}

export function GridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-hidden className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 sm:gap-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="aspect-square animate-pulse rounded-lg bg-neutral-200" />
      ))}
    </div>
  );
}

/**
 * A gallery page while its event loads: title, dates, a band (the countdown, or the share row) and
 * the grid.
 */
export function GalleryPageSkeleton({ band }: { band: string }) {
  const t = useT();
  return (
    <div role="status" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6">
      <span className="sr-only">{t('grid.loading', 'Loading the gallery')}</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className={`${band} w-full`} />
      <GridSkeleton />
    </div>
  );
}

/** Where a grid of photos would be, when there are none (yet). */
export function EmptyPhotos({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 bg-white/70 px-4 py-10 text-center text-neutral-700">
      <Images aria-hidden className="h-8 w-8 text-[var(--ag-primary-ink)]" />
      <p>{children}</p>
    </div>
  );
}

/** 'Load More Photos' under a paged grid, while there are more pages; a spinner while one loads. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && <Loader2 aria-hidden className="h-5 w-5 animate-spin" />}
      {t('grid.loadMore', 'Load More Photos')}
    </Button>
  );
}
