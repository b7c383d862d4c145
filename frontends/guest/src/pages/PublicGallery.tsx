import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Images, SearchX, Users } from 'lucide-react';
import { Button, buttonClass, useEventLanguage, useEventTheme } from '@afterglow/ui';
import { formatInZone } from '@afterglow/ui/format';
import {
  shareEventPath,
  type PublicGallery as Gallery,
  type PublicPhoto,
  type PublicPhotosPage,
} from '@afterglow/contracts';
import { MessageCard } from '../components/MessageCard';
import { PhotoDialog } from '../gallery/PhotoDialog';
import { EmptyPhotos, GalleryPageSkeleton, GridSkeleton, LoadMore, PhotoGrid } from '../gallery/PhotoGrid';
import { usePhotoPages } from '../gallery/usePhotoPages';
import { isNotFound } from '../lib/api';
import { GALLERY_NOT_FOUND_TEXT } from '../lib/gallery-contract-text';
import { ShareMenu } from '../public/ShareMenu';
import { useT } from '../text';

/** Spec section 7: the public gallery's photos are polled every 30 seconds. */
const PUBLIC_POLL_MS = 30_000;
const galleryKey = (slug: string) => ['/api/public/events', slug] as const;
const photosKey = (slug: string) => ['guest', 'public-photos', slug] as const;

/** /public/{slug}: a gallery its host made public, for anyone with the link (ADR 022). */
export function PublicGallery() {
  const t = useT();
  const { slug = '' } = useParams();
  const q = useQuery<Gallery>({ queryKey: galleryKey(slug), refetchInterval: PUBLIC_POLL_MS });
  useEventTheme(q.data);
  // A gallery anyone may open reads in the event's language unless the viewer picked one.
  useEventLanguage(q.data?.language, true);

  if (q.isPending) return <GalleryPageSkeleton band="h-10" />;
  if (q.isError) {
    return isNotFound(q.error) ? (
      <MessageCard
        alert
        icon={<SearchX aria-hidden className="h-7 w-7" />}
        title={t(GALLERY_NOT_FOUND_TEXT.title)}
        actions={
          <Link to="/" className={buttonClass('primary', 'md', 'w-full')}>
            {t('common.backHome', 'Back to Home')}
          </Link>
        }
      >
        <p>{t(GALLERY_NOT_FOUND_TEXT.detail)}</p>
      </MessageCard>
    ) : (
      <MessageCard
        alert
        title={t('common.somethingWrong', 'Something went wrong')}
        actions={<Button onClick={() => void q.refetch()}>{t('common.tryAgain', 'Try again')}</Button>}
      >
        <p>
          {t('gallery.loadFailed', 'We couldn’t load this gallery. Check your connection and try again.')}
        </p>
      </MessageCard>
    );
  }
  const g = q.data;
  if (!g.revealed) {
    return (
      <MessageCard
        icon={<CalendarClock aria-hidden className="h-7 w-7" />}
        title={t('public.notRevealed', 'Photos Not Yet Revealed')}
        actions={<JoinLink code={g.code} />}
      >
        <p className="font-semibold text-neutral-900">{g.name}</p>
        <p className="mt-1">
          {g.revealAt
            ? t('public.revealOn', 'The photos will be revealed on {when} ({timezone}).', {
                when: formatInZone(g.revealAt, g.timezone, t.locale),
                timezone: g.timezone,
              })
            : t('public.revealByHost', 'The photos will appear here once the host reveals them.')}
        </p>
      </MessageCard>
    );
  }
  return <RevealedGallery key={slug} gallery={g} />;
}

function JoinLink({ code }: { code: string }) {
  const t = useT();
  return (
    <Link to={`/join/${code}`} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
      {t('common.joinEvent', 'Join Event')}
    </Link>
  );
}

function RevealedGallery({ gallery: g }: { gallery: Gallery }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const { query: photosQ, photos } = usePhotoPages<PublicPhoto, PublicPhotosPage>(
    photosKey(g.slug),
    `/api/public/events/${encodeURIComponent(g.slug)}/photos`,
    PUBLIC_POLL_MS,
  );

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
            {t('public.photoCount', '{count, plural, one {{count} photo} other {{count} photos}}', {
              count: g.photoCount,
            })}
          </li>
          <li className="flex items-center gap-1.5">
            <Users aria-hidden className="h-4 w-4" />
            {t(
              'public.participantCount',
              '{count, plural, one {{count} participant} other {{count} participants}}',
              { count: g.participantCount },
            )}
          </li>
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ShareMenu
            url={shareUrl}
            title={g.name}
            text={t('public.shareText', 'Photos from {name}', { name: g.name })}
          />
          <JoinLink code={g.code} />
        </div>
      </header>

      <section aria-label={t('public.photos', 'Photos')} className="space-y-3">
        {photosQ.isPending ? (
          <GridSkeleton />
        ) : photosQ.isError && !photosQ.data ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            <p>{t('gallery.photosFailed', 'We couldn’t load the photos. Check your connection.')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void photosQ.refetch()}>
              {t('common.tryAgain', 'Try again')}
            </Button>
          </div>
        ) : photos.length === 0 ? (
          <EmptyPhotos>{t('public.empty', 'No photos yet')}</EmptyPhotos>
        ) : (
          <>
            <PhotoGrid photos={photos} onOpen={openAt} />
            <LoadMore query={photosQ} />
            <PhotoDialog photos={photos} index={open} onIndexChange={openAt} kind="public" />
          </>
        )}
      </section>
    </div>
  );
}
