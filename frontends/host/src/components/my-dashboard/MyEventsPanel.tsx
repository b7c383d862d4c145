import type { UserEvent } from '@afterglow/contracts';
import { CalendarPlus, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, Skeleton, buttonClass } from '@afterglow/ui';
import { useUserEvents } from '../../hooks/useMyDashboard';
import { formatDay } from '../../lib/format';
import { PLAN_DETAILS } from '../../lib/plans';
import { EventStatusBadge } from '../EventStatusBadge';
import { InlineLoadError } from '../EventStates';

/**
 * The My Events tab: the user's events, newest first, each with a Manage link to its host dashboard.
 * A table from tablet width up; a list of cards on a phone, where a six-column table would not fit.
 */
export function MyEventsPanel() {
  const events = useUserEvents();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-xl font-bold">My Events</h2>
      {events.isPending ? (
        <EventsSkeleton />
      ) : events.isError ? (
        <InlineLoadError
          error={events.error}
          fallback="Your events could not be loaded."
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
  return (
    <div className="py-8 text-center">
      <CalendarPlus aria-hidden className="mx-auto mb-3 h-10 w-10 text-neutral-500" />
      <p className="mb-4 text-lg font-semibold">No events created yet</p>
      <Link to="/create-event" className={buttonClass('primary')}>
        Create Your First Event
      </Link>
    </div>
  );
}

const photos = (n: number | null) =>
  n === null ? (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">unknown just now</span>
    </>
  ) : (
    n.toLocaleString('en-US')
  );

function ManageLink({ event, className = '' }: { event: UserEvent; className?: string }) {
  return (
    <Link to={`/host/dashboard/${event.id}`} className={buttonClass('outline', 'sm', className)}>
      Manage<span className="sr-only"> {event.name}</span>
      <ChevronRight aria-hidden className="h-4 w-4" />
    </Link>
  );
}

const COLUMNS = [
  ['Event', 'text-left'],
  ['Code', 'text-left'],
  ['Plan', 'text-left'],
  ['Photos', 'text-right'],
  ['Status', 'text-left'],
  ['Actions', 'text-right'],
] as const;

function EventsTable({ events }: { events: UserEvent[] }) {
  const th = 'px-3 py-2 text-sm font-semibold text-neutral-600';
  return (
    <table className="hidden w-full md:table">
      <caption className="sr-only">Your events, newest first</caption>
      <thead className="border-b border-neutral-200">
        <tr>
          {COLUMNS.map(([label, align]) => (
            <th key={label} scope="col" className={`${th} ${align}`}>
              {label === 'Actions' ? <span className="sr-only">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {events.map((e) => (
          <tr key={e.id}>
            <th scope="row" className="max-w-xs px-3 py-3 text-left font-normal">
              <span className="block break-words font-semibold">{e.name}</span>
              <span className="text-sm text-neutral-600">Created {formatDay(e.createdAt)}</span>
            </th>
            <td className="px-3 py-3 font-mono font-bold tracking-widest">{e.code}</td>
            <td className="px-3 py-3">{PLAN_DETAILS[e.plan].name}</td>
            <td className="px-3 py-3 text-right tabular-nums">{photos(e.photoCount)}</td>
            <td className="px-3 py-3">
              <EventStatusBadge status={e.status} />
            </td>
            <td className="px-3 py-3 text-right">
              <ManageLink event={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventCards({ events }: { events: UserEvent[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Your events, newest first">
      {events.map((e) => (
        <li key={e.id} className="rounded-xl border border-neutral-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="break-words font-semibold">{e.name}</h3>
              <p className="text-sm text-neutral-600">Created {formatDay(e.createdAt)}</p>
            </div>
            <EventStatusBadge status={e.status} />
          </div>
          <dl className="my-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-neutral-600">Code</dt>
              <dd className="font-mono font-bold tracking-widest">{e.code}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Plan</dt>
              <dd>{PLAN_DETAILS[e.plan].name}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">Photos</dt>
              <dd className="tabular-nums">{photos(e.photoCount)}</dd>
            </div>
          </dl>
          <ManageLink event={e} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

function EventsSkeleton() {
  return (
    <div className="space-y-3">
      <span role="status" className="sr-only">
        Loading your events
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
