import type { EventStats, HostEvent } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Skeleton, useEventTheme } from '@afterglow/ui';
import { ClipsCard } from '../components/dashboard/ClipsCard';
import { EventHeader } from '../components/dashboard/EventHeader';
import { ExtraPhotosCard } from '../components/dashboard/ExtraPhotosCard';
import { GuestbookSection } from '../components/dashboard/GuestbookSection';
import { LanguageCard } from '../components/dashboard/LanguageCard';
import { LifecycleCard } from '../components/dashboard/LifecycleCard';
import { LimitBanner } from '../components/dashboard/LimitBanner';
import { PhotoModerationGrid } from '../components/dashboard/PhotoModerationGrid';
import { RetentionBanner } from '../components/dashboard/RetentionBanner';
import { SharingCard } from '../components/dashboard/SharingCard';
import { StatCards } from '../components/dashboard/StatCards';
import { EventLoadError, NotYourEvent } from '../components/EventStates';
import { AuthGate } from '../components/LoginRequired';
import { useEvent } from '../hooks/useEvent';
import { useLiveRefresh } from '../hooks/useLiveRefresh';
import { isHostView, keys } from '../lib/api';
import { useT } from '../text';

const STATS_POLL_MS = 5000;

/** /host/dashboard/:id */
export function HostDashboard() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <AuthGate
      message={t('dashboard.login', 'Please log in to manage your event')}
      returnTo={`/host/dashboard/${id}`}
    >
      <DashboardLoader id={id} />
    </AuthGate>
  );
}

function DashboardLoader({ id }: { id: string }) {
  const event = useEvent(id);
  if (event.isPending) return <DashboardSkeleton />;
  if (event.isError) return <EventLoadError error={event.error} onRetry={() => void event.refetch()} />;
  if (!isHostView(event.data)) return <NotYourEvent />;
  return <Dashboard event={event.data} />;
}

function Dashboard({ event }: { event: HostEvent }) {
  const stats = useQuery<EventStats>({ queryKey: keys.stats(event.id), refetchInterval: STATS_POLL_MS });
  useEventTheme(event);
  useLiveRefresh(
    event.id,
    ['photo_uploaded', 'photo_moderated', 'photo_approved'],
    [keys.stats(event.id), keys.eventPhotos(event.code)],
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <EventHeader event={event} />
      <RetentionBanner event={event} />
      <LimitBanner event={event} />
      <StatCards stats={stats.data} failed={stats.isError} />
      <PhotoModerationGrid
        eventId={event.id}
        code={event.code}
        pendingCount={stats.data?.photoStats.pending}
      />
      <GuestbookSection eventId={event.id} timeZone={event.timezone} />
      <SharingCard key={`${event.isPublic}:${event.shareDescription ?? ''}`} event={event} />
      <LanguageCard key={event.language} event={event} />
      <ClipsCard key={`${event.allowClips}:${event.clipSeconds}`} event={event} />
      <LifecycleCard event={event} />
      <ExtraPhotosCard event={event} />
    </div>
  );
}

function DashboardSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t('common.loadingEvent', 'Loading your event')}
      </span>
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <Skeleton className="h-5 w-1/2 max-w-sm" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}
