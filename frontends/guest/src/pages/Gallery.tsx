import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { Button, buttonClass, useEventLanguage } from '@afterglow/ui';
import { formatRange } from '@afterglow/ui/format';
import { useEventSocket } from '@afterglow/ui/realtime';
import type { PhotoDto, PublicEvent } from '@afterglow/contracts';
import { EventNotFoundCard, MessageCard } from '../components/MessageCard';
import { Countdown } from '../gallery/Countdown';
import { EmptyPhotos, GalleryPageSkeleton, GridSkeleton, LoadMore, PhotoGrid } from '../gallery/PhotoGrid';
import { ReportPhoto } from '../gallery/PhotoActions';
import { PhotoDialog } from '../gallery/PhotoDialog';
import { useCountdown } from '../gallery/useCountdown';
import { usePhotoPages } from '../gallery/usePhotoPages';
import { YourShots } from '../gallery/YourShots';
import { FindMeButton } from '../find-me/FindMeButton';
import { GuestbookSection } from '../guestbook/GuestbookSection';
import { QueueNotice } from '../offline/QueueNotice';
import { usePhotoQueue } from '../offline/usePhotoQueue';
import {
  devicePhotosKey,
  eventKey,
  eventPhotosKey,
  isNotFound,
  useEventByCode,
  type DevicePhotos,
  type EventPhotosPage,
} from '../lib/api';
import { normalizeCode } from '../lib/code';
import { getDeviceId } from '../lib/storage';
import { useT } from '../text';

/** 'Tell me when the photos are revealed': its code comes only to a gallery still waiting for the reveal. */
const RevealReminder = lazy(() =>
  import('../reminders/RevealReminder').then((m) => ({ default: m.RevealReminder })),
);

/** Spec section 7: the gallery polls the event's photos every 10 seconds. */
const GALLERY_POLL_MS = 10_000;

/** /gallery/{code}: the countdown, then everyone's photos; and the guest's own shots. */
export function Gallery() {
  const t = useT();
  const { code: raw = '' } = useParams();
  const code = normalizeCode(raw);
  const eventQ = useEventByCode(code);
  useEventLanguage(eventQ.data?.language);

  if (eventQ.isPending) return <GalleryPageSkeleton band="h-32" />;
  if (eventQ.isError) {
    return isNotFound(eventQ.error) ? (
      <EventNotFoundCard />
    ) : (
      <MessageCard
        alert
        title={t('common.somethingWrong', 'Something went wrong')}
        actions={<Button onClick={() => void eventQ.refetch()}>{t('common.tryAgain', 'Try again')}</Button>}
      >
        <p>
          {t('gallery.loadFailed', 'We couldn’t load this gallery. Check your connection and try again.')}
        </p>
      </MessageCard>
    );
  }
  return <EventGallery key={code} code={code} event={eventQ.data} />;
}

function EventGallery({ code, event }: { code: string; event: PublicEvent }) {
  const t = useT();
  const qc = useQueryClient();
  const deviceId = getDeviceId(code);
  const [open, setOpen] = useState<number | null>(null);

  const { query: photosQ, photos } = usePhotoPages<PhotoDto, EventPhotosPage>(
    eventPhotosKey(code),
    `/api/events/${code}/photos`,
    GALLERY_POLL_MS,
  );
  const shotsQ = useQuery<DevicePhotos>({
    queryKey: devicePhotosKey(deviceId ?? ''),
    enabled: !!deviceId,
    refetchInterval: GALLERY_POLL_MS,
  });

  const refreshPhotos = () => {
    void qc.invalidateQueries({ queryKey: eventPhotosKey(code) });
    if (deviceId) void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
  };
  useEventSocket(event.id, (m) => {
    if (m.type === 'photo_approved') refreshPhotos();
    // deleted: the event answers 404 now, and the page shows 'Event not found'
    if (m.type === 'event_deleted') void qc.invalidateQueries({ queryKey: eventKey(code) });
  });

  const first = photosQ.data?.pages[0];
  const revealAt = first?.revealAt ?? event.revealAt;
  const revealed = first?.revealed ?? false;
  const liveMode = first?.liveMode ?? event.liveMode;
  const target = revealAt ? Date.parse(revealAt) : null;
  const remaining = useCountdown(revealed ? null : target, () => {
    // The reveal time has come: ask again right away rather than at the next poll.
    void qc.invalidateQueries({ queryKey: eventKey(code) });
    refreshPhotos();
  });

  // Photos still waiting in the offline queue are shots taken; they keep trying to go up from here too.
  const queue = usePhotoQueue(deviceId ?? '');
  const left = Math.max(0, (shotsQ.data?.shotsRemaining ?? 0) - queue.waiting.size);
  const showPhotos = revealed || liveMode;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-6 sm:py-10">
      <header className="space-y-3">
        <div>
          <h1 className="text-3xl font-bold text-neutral-900">{event.name}</h1>
          <p className="mt-1 text-neutral-700">{formatRange(event.startsAt, event.endsAt, t.locale)}</p>
        </div>
        {deviceId && (left > 0 || event.findMe) && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {left > 0 && (
              <Link to={`/camera/${code}`} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
                <Camera aria-hidden className="h-5 w-5" />
                {t('gallery.takeMore', 'Take More Photos ({count} left)', { count: left })}
              </Link>
            )}
            {event.findMe && (
              <FindMeButton code={code} deviceId={deviceId} gallery={{ showPhotos, revealAt }} />
            )}
          </div>
        )}
      </header>

      {!revealed && remaining && revealAt && <Countdown remaining={remaining} revealAt={revealAt} />}
      {!revealed && remaining && !remaining.done && revealAt && deviceId && (
        <Suspense fallback={null}>
          <RevealReminder code={code} deviceId={deviceId} />
        </Suspense>
      )}

      <section aria-labelledby="event-photos" className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="event-photos" className="text-xl font-bold text-neutral-900">
            {t('gallery.eventPhotos', 'Event Photos')}
          </h2>
          {showPhotos && photos.length > 0 && (
            <p className="text-sm text-neutral-700">
              {photosQ.hasNextPage
                ? t('gallery.countMore', '{count, plural, one {{count}+ photo} other {{count}+ photos}}', {
                    count: photos.length,
                  })
                : t('gallery.count', '{count, plural, one {{count} photo} other {{count} photos}}', {
                    count: photos.length,
                  })}
            </p>
          )}
        </div>
        {photosQ.isPending ? (
          <GridSkeleton />
        ) : photosQ.isError && !photosQ.data ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            <p>{t('gallery.photosFailed', 'We couldn’t load the photos. Check your connection.')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void photosQ.refetch()}>
              {t('common.tryAgain', 'Try again')}
            </Button>
          </div>
        ) : !showPhotos ? (
          <EmptyPhotos>
            {revealAt
              ? t(
                  'gallery.hiddenUntil',
                  'Everyone’s photos appear here at the reveal. Until then, they’re developing.',
                )
              : t('gallery.hiddenByHost', 'Everyone’s photos appear here once the host reveals them.')}
          </EmptyPhotos>
        ) : photos.length === 0 ? (
          <EmptyPhotos>
            {revealed
              ? t('gallery.empty', 'No photos yet. Check back soon.')
              : t('gallery.emptyLive', 'Live photos appear here as soon as the host approves them.')}
          </EmptyPhotos>
        ) : (
          <>
            <PhotoGrid photos={photos} onOpen={setOpen} />
            <LoadMore query={photosQ} />
            <PhotoDialog
              photos={photos}
              index={open}
              onIndexChange={setOpen}
              kind="event"
              actions={
                deviceId ? (p) => <ReportPhoto photo={p} code={code} deviceId={deviceId} /> : undefined
              }
            />
          </>
        )}
      </section>

      <YourShots
        code={code}
        deviceId={deviceId}
        data={shotsQ.data}
        loading={shotsQ.isPending && !!deviceId}
        error={shotsQ.error}
        onRetry={() => void shotsQ.refetch()}
        revealed={revealed}
      />
      <GuestbookSection code={code} deviceId={deviceId} />
      <QueueNotice count={queue.waiting.size} sending={queue.sending} />
    </div>
  );
}
