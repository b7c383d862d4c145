import type { CaptureKind, PublicEvent } from '@afterglow/contracts';
import { Camera, Hourglass, TvMinimal } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner, useEventLanguage, useEventTheme } from '@afterglow/ui';
import { EventLoadError } from '../components/EventStates';
import { ScreenMessage } from '../components/screen/ScreenMessage';
import { SlideControls } from '../components/screen/SlideControls';
import { GuestbookCard } from '../components/venue-screen/GuestbookCard';
import { ScreenStatus, TickBar } from '../components/venue-screen/ScreenStatus';
import { VenuePhotos } from '../components/venue-screen/VenuePhotos';
import { useEventByCode } from '../hooks/useEvent';
import { useSlideKeys } from '../hooks/useSlideKeys';
import { useVenueScreen } from '../hooks/useVenueScreen';
import { screenBackdrop } from '../lib/screen-theme';
import { modeOf, tilesFor, type ScreenMode } from '../lib/venue-screen';
import { useT } from '../text';

const AUTOPLAY_MS = 5000;
/** The screen follows the host turning live mode on and off without a reload. */
const EVENT_POLL_MS = 15_000;
const BANNER_MS = 3000;

/**
 * /live-slideshow/:code: a venue screen. Anyone may open it; it runs while live mode is on, in the
 * event's colours. Several screens show different photos (ADR 017); `?mode=single|grid|caption`.
 * Approved guestbook messages come between the photos as cards (ADR 034).
 */
export function VenueScreen() {
  const t = useT();
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const event = useEventByCode(code, EVENT_POLL_MS);
  useEventTheme(event.data, false);
  // a screen for everyone at the venue: the event's language, unless this device picked one
  useEventLanguage(event.data?.language, true);
  const { data, refetch } = event;
  const liveOff = useCallback(() => void refetch(), [refetch]);
  return (
    <div className="min-h-dvh text-white" style={{ background: screenBackdrop(data) }}>
      {/* what was loaded stays on screen when a later poll fails (the network is away) */}
      {data ? (
        data.liveMode ? (
          <LiveShow key={mode} event={data} mode={mode} onLiveOff={liveOff} />
        ) : (
          <ScreenMessage icon={TvMinimal} title={data.name} level={1}>
            <p>{t('venue.off', 'Live display is not currently active...')}</p>
            <p className="mt-2 text-base text-white/70">
              {t('venue.offText', 'Photos will appear here as soon as the host starts live mode.')}
            </p>
          </ScreenMessage>
        )
      ) : event.isError ? (
        <div className="flex min-h-dvh items-center text-neutral-900">
          <EventLoadError error={event.error} onRetry={() => void refetch()} />
        </div>
      ) : (
        <div className="flex min-h-dvh items-center justify-center">
          <Spinner label={t('venue.loading', 'Loading the live display')} />
        </div>
      )}
    </div>
  );
}

/** A banner shown for `ms`, saying what it was shown for (null: none now). */
function useBanner<T>(ms: number): [T | null, (what: T) => void] {
  const [on, setOn] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (what: T) => {
      setOn(what);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setOn(null), ms);
    },
    [ms],
  );
  return [on, show];
}

function LiveShow({
  event,
  mode,
  onLiveOff,
}: {
  event: PublicEvent;
  mode: ScreenMode;
  onLiveOff: () => void;
}) {
  const t = useT();
  const [banner, showBanner] = useBanner<CaptureKind>(BANNER_MS);
  const screen = useVenueScreen(event, tilesFor(mode), {
    intervalMs: AUTOPLAY_MS,
    onLiveOff,
    onApproved: showBanner,
  });
  useSlideKeys(screen.next, screen.prev, screen.toggle);
  const showing = screen.slots.some(Boolean);
  const { playing, clipEnded, replays } = screen;
  const playback = useMemo(() => ({ playing, onEnded: clipEnded, replays }), [playing, clipEnded, replays]);

  return (
    <div className="relative flex h-dvh flex-col overflow-hidden" data-mode={mode}>
      <h1 className="absolute start-4 top-4 z-10 flex max-w-[70%] items-center gap-2 rounded-full bg-black/50 px-4 py-2 text-lg font-semibold backdrop-blur">
        <Camera aria-hidden className="h-5 w-5 shrink-0" />
        <span className="truncate">{event.name}</span>
        <span className="ms-1 rounded-full bg-[var(--ag-primary-strong)] px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
          {t('venue.live', 'Live')}
        </span>
      </h1>
      <ScreenStatus approved={banner} offline={screen.offline} />
      {!showing && !screen.card && !screen.ready ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('common.loadingPhotos', 'Loading photos')} />
        </div>
      ) : !showing && !screen.card ? (
        <ScreenMessage icon={Hourglass} title={t('venue.waiting', 'Waiting for the first photo...')}>
          <p>
            {t(
              'venue.waitingText',
              'Approved photos will appear here automatically. Grab your camera and start snapping!',
            )}
          </p>
        </ScreenMessage>
      ) : (
        <>
          <div className="min-h-0 flex-1 px-4 pb-2 pt-20 sm:px-20">
            {/* a guestbook message takes the photos' place for one turn (ADR 034) */}
            {screen.card ? (
              <GuestbookCard key={screen.card.id} entry={screen.card} event={event} />
            ) : (
              <VenuePhotos
                mode={mode}
                slots={screen.slots}
                event={event}
                onBroken={screen.broken}
                playback={playback}
              />
            )}
          </div>
          <SlideControls
            onPrev={screen.prev}
            onNext={screen.next}
            playing={screen.playing}
            onToggle={screen.toggle}
            counter={
              screen.total === null
                ? ''
                : t('venue.count', '{count, plural, one {{count} photo} other {{count} photos}}', {
                    count: screen.total,
                  })
            }
          />
        </>
      )}
      {/* no bar while the screen waits for a clip's end: the clip, not a timer, moves it on */}
      {!screen.holding && <TickBar turn={screen.turn} ms={AUTOPLAY_MS} playing={screen.playing && showing} />}
    </div>
  );
}
