import { useQuery } from '@tanstack/react-query';
import { Camera, X } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner, apiRequest, useEventLanguage, useEventTheme } from '@afterglow/ui';
import { EventLoadError } from '../components/EventStates';
import { ScreenMessage } from '../components/screen/ScreenMessage';
import { SlideDeck } from '../components/slideshow/SlideDeck';
import { useCarousel } from '../hooks/useCarousel';
import { useEvent } from '../hooks/useEvent';
import { usePreload } from '../hooks/usePreload';
import type { EventPhotosPage } from '../lib/api';
import { clipStallMs, playableClip } from '../lib/clips';
import { useT } from '../text';

const AUTOPLAY_MS = 8000;
const PHOTOS_POLL_MS = 5000;
/** the dark stage, lit in the event's colour from above */
const STAGE = {
  background:
    'radial-gradient(120% 70% at 50% 0%, color-mix(in srgb, var(--ag-primary) 28%, #0a0a0a) 0%, #0a0a0a 70%)',
};

/**
 * /slideshow/:code (an event id works too: live moderation's 'View Live Display' uses it): the
 * host's full-screen slideshow of the event's photos. ←/→ move, Space pauses, Escape closes.
 */
export function Slideshow() {
  const t = useT();
  const { code = '' } = useParams();
  const event = useEvent(code);
  // shown to everyone at the venue: the event's language, unless this device picked one
  useEventLanguage(event.data?.language, true);
  const photosQuery = useQuery({
    queryKey: ['host', 'slideshow', code],
    queryFn: () =>
      apiRequest<EventPhotosPage>('GET', `/api/events/${encodeURIComponent(code)}/photos?limit=500`),
    refetchInterval: PHOTOS_POLL_MS,
    enabled: !!code,
  });
  // The host sees every photo; rejected ones and those still processing stay off the screen.
  const photos = useMemo(
    () => (photosQuery.data?.photos ?? []).filter((p) => p.status !== 'rejected' && p.displayUrl).reverse(),
    [photosQuery.data],
  );
  const eventId = event.data?.id ?? photos[0]?.eventId;
  const error = photosQuery.error ?? event.error;
  const closeTo = eventId ? `/host/dashboard/${eventId}` : '/';
  useEventTheme(event.data, false);
  const navigate = useNavigate();
  // a clip is on screen until it ends (its stall time at most), not for the photos' time
  const carousel = useCarousel(
    photos.length,
    AUTOPLAY_MS,
    () => void navigate(closeTo),
    (i) => (photos[i] && playableClip(photos[i]) ? clipStallMs(photos[i].durationMs) : null),
  );
  const current = photos[carousel.index];
  // a clip's poster: the player shows it while the clip starts
  usePreload(photos.length > 1 ? photos[(carousel.index + 1) % photos.length]?.displayUrl : null);

  return (
    <div className="relative flex h-dvh flex-col overflow-hidden bg-neutral-950 text-white" style={STAGE}>
      <div className="absolute inset-x-0 top-0 z-10 flex items-center justify-between gap-3 p-4">
        <h1 className="flex min-w-0 items-center gap-2 truncate rounded-full bg-black/40 px-4 py-2 text-lg font-semibold backdrop-blur">
          <Camera aria-hidden className="h-5 w-5 shrink-0" />
          <span className="truncate">{event.data?.name ?? t('dashboard.slideshow', 'Slideshow')}</span>
        </h1>
        <Link
          to={closeTo}
          aria-label={t('slides.close', 'Close slideshow')}
          aria-keyshortcuts="Escape"
          className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white/15 backdrop-blur transition hover:bg-white/30 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70"
        >
          <X aria-hidden className="h-6 w-6" />
        </Link>
      </div>

      {photosQuery.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('common.loadingPhotos', 'Loading photos')} />
        </div>
      ) : error && !photosQuery.data ? (
        <div className="flex flex-1 items-center text-neutral-900">
          <EventLoadError error={error} onRetry={() => void photosQuery.refetch()} />
        </div>
      ) : !current ? (
        <ScreenMessage icon={Camera} title={t('slides.empty', 'No Photos Yet')}>
          <p>{t('slides.emptyText', 'Waiting for guests to capture moments...')}</p>
        </ScreenMessage>
      ) : (
        <SlideDeck photos={photos} carousel={carousel} onBroken={() => void photosQuery.refetch()} />
      )}
    </div>
  );
}
