import { eventStatus, type EventStatus, type HostEvent } from '@afterglow/contracts';
import { useEffect, useState } from 'react';
import { Card, msg, type MessageDescriptor } from '@afterglow/ui';
import { useEventLifecycle } from '../../hooks/useEventLifecycle';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../text';
import { EventStatusBadge } from '../EventStatusBadge';
import { DeleteEventDialog } from './DeleteEventDialog';
import { EndEventDialog } from './EndEventDialog';
import { ExtendEventDialog } from './ExtendEventDialog';

const SAYS: Record<EventStatus, MessageDescriptor> = {
  upcoming: msg('lifecycle.upcoming', 'Guests can join now and take photos from the start.'),
  active: msg('lifecycle.active', 'Guests are taking photos until the end.'),
  ended: msg('lifecycle.ended', 'Guests can no longer take photos. Extend the event to open it again.'),
};

const STARTS = msg('lifecycle.starts', 'Starts');
const ENDS = msg('lifecycle.ends', 'Ends');
const REVEAL = msg('lifecycle.reveal', 'Photos reveal');

/** The status now, looked at again every 5 seconds as time passes (and at once when the event changes). */
function useStatus(event: HostEvent): EventStatus {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(t);
  }, []);
  return eventStatus(event, Date.now());
}

/** The event's status and life: end it now, extend it, delete it (ADR 018). */
export function LifecycleCard({ event }: { event: HostEvent }) {
  const t = useT();
  const status = useStatus(event);
  const lifecycle = useEventLifecycle(event);
  const tz = event.timezone;
  return (
    <Card>
      <section aria-labelledby="lifecycle-heading">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 id="lifecycle-heading" className="text-xl font-bold">
            {t('lifecycle.title', 'Event Status')}
          </h2>
          <EventStatusBadge status={status} />
        </div>
        <p className="mb-3 text-neutral-700">{t(SAYS[status])}</p>
        <dl className="mb-5 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {(
            [
              [STARTS, event.startsAt],
              [ENDS, event.endsAt],
              [REVEAL, event.revealAt],
            ] as const
          ).map(([term, at]) => (
            <div key={term.id}>
              <dt className="text-neutral-600">{t(term)}</dt>
              <dd className="font-medium">
                {at
                  ? formatDateTime(at, tz, t.locale)
                  : t('lifecycle.revealLive', 'Live, as you approve them')}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {status !== 'ended' && <EndEventDialog event={event} lifecycle={lifecycle} />}
          <ExtendEventDialog event={event} lifecycle={lifecycle} />
          <DeleteEventDialog event={event} lifecycle={lifecycle} />
        </div>
      </section>
    </Card>
  );
}
