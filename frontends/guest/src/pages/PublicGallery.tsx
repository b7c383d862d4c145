import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { CalendarClock, Images, SearchX, Users } from 'lucide-react';
import { Button, Skeleton, apiRequest, buttonClass, useEventTheme } from '@afterglow/ui';
import {
  GALLERY_NOT_FOUND,
  shareEventPath,
  type PublicGallery as Gallery,
  type PublicPhoto,
  type PublicPhotosPage,
} from '@afterglow/contracts';
import { MessageCard } from '../components/MessageCard';
import { PhotoDialog } from '../gallery/PhotoDialog';
import { GridSkeleton, LoadMore, PhotoGrid } from '../gallery/PhotoGrid';
import { isNotFound } from '../lib/api';
import { formatInZone, plural } from '../lib/format';
import { ShareMenu } from '../public/ShareMenu';

/** Spec section 7: the public gallery's photos are polled every 30 seconds. */
const PUBLIC_POLL_MS = 30_000;
const galleryKey = (slug: string) => ['/api/public/events', slug] as const;
const photosKey = (slug: string) => ['guest', 'public-photos', slug] as const;

/** /public/{slug}: a gallery its host made public, for anyone with the link (ADR 022). */
export function PublicGallery() {
  const { slug = '' } = useParams();
  const q = useQuery<Gallery>({ queryKey: galleryKey(slug), refetchInterval: PUBLIC_POLL_MS });
  useEventTheme(q.data);

  if (q.isPending) return <PublicSkeleton />;
  if (q.isError) {
    return isNotFound(q.error) ? (
      <MessageCard
        alert
        icon={<SearchX aria-hidden className="h-7 w-7" />}
        title={GALLERY_NOT_FOUND.title}
        actions={
          <Link to="/" className={buttonClass('primary', 'md', 'w-full')}>
            Back to Home
          </Link>
        }
      >
        <p>{GALLERY_NOT_FOUND.detail}</p>
      </MessageCard>
    ) : (
      <MessageCard
        alert
        title="Something went wrong"
        actions={<Button onClick={() => void q.refetch()}>Try again</Button>}
      >
        <p>We couldn’t load this gallery. Check your connection and try again.</p>
      </MessageCard>
    );
  }
  const g = q.data;
  if (!g.revealed) {
    return (
      <MessageCard
        icon={<CalendarClock aria-hidden className="h-7 w-7" />}
        title="Photos Not Yet Revealed"
        actions={<JoinLink code={g.code} />}
      >
        <p className="font-semibold text-neutral-900">{g.name}</p>
        <p className="mt-1">
          {g.revealAt
            ? `The photos will be revealed on ${formatInZone(g.revealAt, g.timezone)} (${g.timezone}).`
            : 'The photos will appear here once the host reveals them.'}
        </p>
      </MessageCard>
    );
  }
  return <RevealedGallery key={slug} gallery={g} />;
}

function JoinLink({ code }: { code: string }) {
  return (
    <Link to={`/join/${code}`} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
      Join Event
    </Link>
  );
}

function PublicSkeleton() {
  return (
    <div role="status" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6">
      <span className="sr-only">Loading the gallery</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-10 w-full" />
      <GridSkeleton />
    </div>
  );
}

function RevealedGallery({ gallery: g }: { gallery: Gallery }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const photosQ = useInfiniteQuery<
    PublicPhotosPage,
    Error,
    InfiniteData<PublicPhotosPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: photosKey(g.slug),
    queryFn: ({ pageParam }) =>
      apiRequest<PublicPhotosPage>(
        'GET',
        `/api/public/events/${encodeURIComponent(g.slug)}/photos${
          pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
      ),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: PUBLIC_POLL_MS,
  });
  const photos = useMemo(() => {
    const seen = new Set<string>();
    const out: PublicPhoto[] = [];
    for (const page of photosQ.data?.pages ?? [])
      for (const p of page.photos) if (!seen.has(p.id) && seen.add(p.id)) out.push(p);
    return out;
  }, [photosQ.data]);

  // a photo's share link lands here with ?photo={id}: open it once it is loaded
  const wanted = params.get('photo');
  useEffect(() => {
    if (!wanted) return;
    const i = photos.findIndex((p) => p.id === wanted);
    if (i >= 0) setOpen(i);
  }, [wanted, photos]);
  const openAt = (i: number | null) => {
    setOpen(i);
    if (i === null && wanted) setParams({}, { replace: true });
  };

  const shareUrl = `${window.location.origin}${shareEventPath(g.slug)}`;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-neutral-900">{g.name}</h1>
        {g.description && <p className="whitespace-pre-line text-neutral-700">{g.description}</p>}
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-neutral-700">
          <li className="flex items-center gap-1.5">
            <Images aria-hidden className="h-4 w-4" />
            {plural(g.photoCount, 'photo')}
          </li>
          <li className="flex items-center gap-1.5">
            <Users aria-hidden className="h-4 w-4" />
            {plural(g.participantCount, 'participant')}
          </li>
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ShareMenu url={shareUrl} title={g.name} text={`Photos from ${g.name}`} />
          <JoinLink code={g.code} />
        </div>
      </header>

      <section aria-label="Photos" className="space-y-3">
        {photosQ.isPending ? (
          <GridSkeleton />
        ) : photosQ.isError && !photosQ.data ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            <p>We couldn’t load the photos. Check your connection.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void photosQ.refetch()}>
              Try again
            </Button>
          </div>
        ) : photos.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 bg-white/70 px-4 py-10 text-center text-neutral-700">
            <Images aria-hidden className="h-8 w-8 text-[var(--ag-primary-ink)]" />
            <p>No photos yet</p>
          </div>
        ) : (
          <>
            <PhotoGrid photos={photos} onOpen={openAt} />
            <LoadMore query={photosQ} />
            <PhotoDialog photos={photos} index={open} onIndexChange={openAt} kind="Photo" />
          </>
        )}
      </section>
    </div>
  );
}
