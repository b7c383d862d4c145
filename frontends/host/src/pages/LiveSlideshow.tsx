import type { PhotoDto, PublicEvent, SocketPhoto } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { Camera, Hourglass, Sparkles, TvMinimal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@afterglow/ui';
import { EventLoadError } from '../components/EventStates';
import { ScreenMessage } from '../components/slideshow/ScreenMessage';
import { SlideDeck } from '../components/slideshow/SlideDeck';
import { useCarousel } from '../hooks/useCarousel';
import { useEventByCode } from '../hooks/useEvent';
import { useLiveRefresh } from '../hooks/useLiveRefresh';
import { usePreload } from '../hooks/usePreload';
import { keys } from '../lib/api';

const AUTOPLAY_MS = 5000;
const APPROVED_POLL_MS = 10_000;
/** The screen follows the host turning live mode on and off without a reload. */
const EVENT_POLL_MS = 15_000;
const BANNER_MS = 3000;

/** /live-slideshow/:code: the venue screen. Anyone may open it; it runs while live mode is on. */
export function LiveSlideshow() {
  const { code = '' } = useParams();
  const event = useEventByCode(code, EVENT_POLL_MS);
  return (
    <div className="min-h-dvh bg-neutral-950 text-white">
      {event.isPending ? (
        <div className="flex min-h-dvh items-center justify-center">
          <Spinner label="Loading the live display" />
        </div>
      ) : event.isError ? (
        <div className="flex min-h-dvh items-center text-neutral-900">
          <EventLoadError error={event.error} onRetry={() => void event.refetch()} />
        </div>
      ) : !event.data.liveMode ? (
        <ScreenMessage icon={TvMinimal} title={event.data.name} level={1}>
          <p>Live display is not currently active...</p>
          <p className="mt-2 text-base text-white/60">
            Photos will appear here as soon as the host starts live mode.
          </p>
        </ScreenMessage>
      ) : (
        <LiveShow event={event.data} />
      )}
    </div>
  );
}

function LiveShow({ event }: { event: PublicEvent }) {
  const [banner, setBanner] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const onApproved = (m: SocketPhoto) => {
    setBanner(true);
    clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => setBanner(false), BANNER_MS);
    setTarget(m.photoId);
  };
  useLiveRefresh(event.id, ['photo_approved'], [keys.approved(event.id)], onApproved);

  const [playingPoll, setPlayingPoll] = useState(true);
  const approved = useQuery<PhotoDto[]>({
    queryKey: keys.approved(event.id),
    refetchInterval: playingPoll ? APPROVED_POLL_MS : false,
  });
  // The API lists the newest first; the show runs in the order the photos were taken.
  const photos = useMemo(
    () => (approved.data ?? []).filter((p) => p.displayUrl || p.thumbUrl).reverse(),
    [approved.data],
  );
  const carousel = useCarousel(photos.length, AUTOPLAY_MS);
  useEffect(() => setPlayingPoll(carousel.playing), [carousel.playing]);

  // A newly approved photo is shown as soon as it is in the list.
  const { setIndex } = carousel;
  useEffect(() => {
    if (!target) return;
    const i = photos.findIndex((p) => p.id === target);
    if (i >= 0) {
      setIndex(i);
      setTarget(null);
    }
  }, [photos, target, setIndex]);

  const current = photos[carousel.index];
  usePreload(photos.length > 1 ? photos[(carousel.index + 1) % photos.length]?.displayUrl : null);

  return (
    <div className="relative flex h-dvh flex-col overflow-hidden">
      <h1 className="absolute left-4 top-4 z-10 flex items-center gap-2 rounded-full bg-black/40 px-4 py-2 text-lg font-semibold backdrop-blur">
        <Camera aria-hidden className="h-5 w-5" />
        {event.name}
        <span className="ml-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide">
          Live
        </span>
      </h1>
      <div role="status" aria-live="polite" className="absolute inset-x-0 top-20 z-20 flex justify-center">
        {banner && (
          <p className="flex animate-[ag-fade-in_0.3s_ease-out] items-center gap-2 rounded-full bg-[var(--ag-accent)] px-6 py-3 text-lg font-bold text-neutral-900 shadow-xl">
            <Sparkles aria-hidden className="h-5 w-5" />
            New photo approved!
          </p>
        )}
      </div>
      {approved.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label="Loading photos" />
        </div>
      ) : !current ? (
        <ScreenMessage icon={Hourglass} title="Waiting for the first photo...">
          <p>Approved photos will appear here automatically. Grab your camera and start snapping!</p>
        </ScreenMessage>
      ) : (
        <SlideDeck photos={photos} carousel={carousel} onBroken={() => void approved.refetch()} />
      )}
    </div>
  );
}
