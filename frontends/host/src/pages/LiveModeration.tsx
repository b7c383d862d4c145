import type { HostEvent, PhotoDto } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { Card, Skeleton, useEventTheme } from '@afterglow/ui';
import { EventLoadError, InlineLoadError, NotYourEvent } from '../components/EventStates';
import { BackToDashboard } from '../components/BackToDashboard';
import { AuthGate } from '../components/LoginRequired';
import { LiveModeControls } from '../components/moderation/LiveModeControls';
import { PendingPhotoCard } from '../components/moderation/PendingPhotoCard';
import { ShortcutHelp } from '../components/moderation/ShortcutHelp';
import { useEvent } from '../hooks/useEvent';
import { useLiveRefresh } from '../hooks/useLiveRefresh';
import { useModerationKeys } from '../hooks/useModerationKeys';
import { isHostView, keys } from '../lib/api';
import { useT } from '../text';

const PENDING_POLL_MS = 5000;

/** /live-moderation/:id */
export function LiveModeration() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <AuthGate
      message={t('moderation.login', 'Please log in to moderate your event')}
      returnTo={`/live-moderation/${id}`}
    >
      <ModerationLoader id={id} />
    </AuthGate>
  );
}

function ModerationLoader({ id }: { id: string }) {
  const t = useT();
  const event = useEvent(id);
  if (event.isPending)
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8" aria-busy="true">
        <span role="status" className="sr-only">
          {t('common.loadingEvent', 'Loading your event')}
        </span>
        <Skeleton className="h-10 w-2/3 max-w-md" />
        <Skeleton className="h-64" />
      </div>
    );
  if (event.isError) return <EventLoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!isHostView(event.data)) return <NotYourEvent />;
  return <Moderation event={event.data} />;
}

function Moderation({ event }: { event: HostEvent }) {
  const t = useT();
  const pending = useQuery<PhotoDto[]>({
    queryKey: keys.pending(event.id),
    refetchInterval: PENDING_POLL_MS,
  });
  useLiveRefresh(event.id, ['photo_uploaded', 'photo_moderated'], [keys.pending(event.id)]);
  const photos = pending.data ?? [];
  const refresh = () => void pending.refetch();
  const list = useRef<HTMLUListElement>(null);
  useModerationKeys(list);
  useEventTheme(event);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <BackToDashboard eventId={event.id} />
      <header className="space-y-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-[var(--ag-primary-ink)]">
            {t('moderation.kicker', 'Live moderation')}
          </p>
          <h1 className="break-words text-3xl font-extrabold">{event.name}</h1>
        </div>
        <LiveModeControls event={event} />
        <p className="text-sm text-neutral-600">
          {t(
            'moderation.liveIntro',
            'Approved photos appear on the live display while live mode is on. New photos arrive here by themselves.',
          )}
        </p>
      </header>

      <section aria-labelledby="pending-heading">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="pending-heading" className="text-xl font-bold">
            {t('moderation.waiting', 'Waiting for review')}{' '}
            {pending.data && (
              <span className="text-base font-medium text-neutral-600" aria-live="polite">
                {t(
                  'moderation.waitingCount',
                  '({count, plural, one {{count} photo} other {{count} photos}})',
                  {
                    count: photos.length,
                  },
                )}
              </span>
            )}
          </h2>
          <ShortcutHelp />
        </div>
        {pending.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-80" />
            ))}
          </div>
        ) : pending.isError && !pending.data ? (
          <InlineLoadError
            error={pending.error}
            fallback={t('moderation.pendingFailed', 'The pending photos could not be loaded.')}
            onRetry={refresh}
          />
        ) : photos.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 py-12 text-center">
            <Inbox aria-hidden className="h-10 w-10 text-neutral-400" />
            <p className="text-lg font-semibold">{t('moderation.caughtUp', 'All caught up!')}</p>
            <p className="text-neutral-600">
              {t('moderation.caughtUpText', 'No photos are waiting for review. New ones will show up here.')}
            </p>
          </Card>
        ) : (
          <ul ref={list} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((p) => (
              <li key={p.id}>
                <PendingPhotoCard photo={p} onBroken={refresh} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
