import type { UserEvent } from '@afterglow/contracts';
import { CalendarPlus, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, Skeleton, buttonClass, msg, type Translate } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useUserEvents } from '../../hooks/useMyDashboard';
import { formatDay } from '../../lib/format';
import { planName } from '../../lib/plans';
import { useT } from '../../text';
import { EventStatusBadge } from '../EventStatusBadge';
import { InlineLoadError } from '../EventStates';

/**
 * The My Events tab: the user's events, newest first, each with a Manage link to its host dashboard.
 * A table from tablet width up; a list of cards on a phone, where a six-column table would not fit.
 */
export function MyEventsPanel() {
  const t = useT();
  const events = useUserEvents();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-xl font-bold">{t('myEvents.title', 'My Events')}</h2>
      {events.isPending ? (
        <EventsSkeleton />
      ) : events.isError ? (
        <InlineLoadError
          error={events.error}
          fallback={t('myEvents.loadFailed', 'Your events could not be loaded.')}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <NoEvents />
      ) : (
        <>
          <EventsTable events={events.data} />
          <EventCards events={events.data} />
        </>
      )}
    </Card>
  );
}

function NoEvents() {
  const t = useT();
  return (
    <div className="py-8 text-center">
      <CalendarPlus aria-hidden className="mx-auto mb-3 h-10 w-10 text-neutral-500" />
      <p className="mb-4 text-lg font-semibold">{t('myEvents.empty', 'No events created yet')}</p>
      <Link to="/create-event" className={buttonClass('primary')}>
        {t('myEvents.createFirst', 'Create Your First Event')}
      </Link>
    </div>
  );
}

const photos = (t: Translate, n: number | null) =>
  n === null ? (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">{t('myEvents.unknown', 'unknown just now')}</span>
    </>
  ) : (
    formatNumber(n, t.locale)
  );

function ManageLink({ event, className = '' }: { event: UserEvent; className?: string }) {
  const t = useT();
  return (
    <Link to={`/host/dashboard/${event.id}`} className={buttonClass('outline', 'sm', className)}>
      {t('myEvents.manage', 'Manage')}
      <span className="sr-only"> {event.name}</span>
      <ChevronRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
    </Link>
  );
}

const COLUMNS = [
  [msg('myEvents.event', 'Event'), 'text-start'],
  [msg('myEvents.code', 'Code'), 'text-start'],
  [msg('myEvents.plan', 'Plan'), 'text-start'],
  [msg('myEvents.photos', 'Photos'), 'text-end'],
  [msg('myEvents.status', 'Status'), 'text-start'],
  [msg('myEvents.actions', 'Actions'), 'text-end'],
] as const;

function EventsTable({ events }: { events: UserEvent[] }) {
  const t = useT();
  const th = 'px-3 py-2 text-sm font-semibold text-neutral-600';
  return (
    <table className="hidden w-full md:table">
      <caption className="sr-only">{t('myEvents.caption', 'Your events, newest first')}</caption>
      <thead className="border-b border-neutral-200">
        <tr>
          {COLUMNS.map(([label, align]) => (
            <th key={label.id} scope="col" className={`${th} ${align}`}>
              {label.id === 'myEvents.actions' ? <span className="sr-only">{t(label)}</span> : t(label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {events.map((e) => (
          <tr key={e.id}>
            <th scope="row" className="max-w-xs px-3 py-3 text-start font-normal">
              <span className="block break-words font-semibold">{e.name}</span>
              <span className="text-sm text-neutral-600">
                {t('myEvents.created', 'Created {date}', { date: formatDay(e.createdAt, t.locale) })}
              </span>
            </th>
            <td className="px-3 py-3 font-mono font-bold tracking-widest">{e.code}</td>
            <td className="px-3 py-3">{planName(e.plan)}</td>
            <td className="px-3 py-3 text-end tabular-nums">{photos(t, e.photoCount)}</td>
            <td className="px-3 py-3">
              <EventStatusBadge status={e.status} />
            </td>
            <td className="px-3 py-3 text-end">
              <ManageLink event={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventCards({ events }: { events: UserEvent[] }) {
  const t = useT();
  return (
    <ul className="space-y-3 md:hidden" aria-label={t('myEvents.caption', 'Your events, newest first')}>
      {events.map((e) => (
        <li key={e.id} className="rounded-xl border border-neutral-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="break-words font-semibold">{e.name}</h3>
              <p className="text-sm text-neutral-600">
                {t('myEvents.created', 'Created {date}', { date: formatDay(e.createdAt, t.locale) })}
              </p>
            </div>
            <EventStatusBadge status={e.status} />
          </div>
          <dl className="my-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-neutral-600">{t('myEvents.code', 'Code')}</dt>
              <dd className="font-mono font-bold tracking-widest">{e.code}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">{t('myEvents.plan', 'Plan')}</dt>
              <dd>{planName(e.plan)}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">{t('myEvents.photos', 'Photos')}</dt>
              <dd className="tabular-nums">{photos(t, e.photoCount)}</dd>
            </div>
          </dl>
          <ManageLink event={e} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

function EventsSkeleton() {
  const t = useT();
  return (
    <div className="space-y-3">
      <span role="status" className="sr-only">
        {t('myEvents.loading', 'Loading your events')}
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
