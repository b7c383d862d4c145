import type { ReactNode } from 'react';
import { CalendarDays, Camera, Eye, Film } from 'lucide-react';
import {
  FILM_PRESET_INFO,
  SHOT_LABELS,
  type FilmPreset,
  type PublicEvent,
  type ShotOption,
} from '@afterglow/contracts';
import { Skeleton } from '@afterglow/ui';
import { formatDateTime, formatRange } from '../lib/format';

/** When and how the photos become visible, in a guest's words. */
export function revealText(e: Pick<PublicEvent, 'liveMode' | 'revealAt'>): string {
  if (e.liveMode) {
    return e.revealAt
      ? `Live: approved photos appear during the event; all photos on ${formatDateTime(e.revealAt)}`
      : 'Live: approved photos appear during the event';
  }
  return e.revealAt ? `Photos reveal on ${formatDateTime(e.revealAt)}` : 'Photos are revealed by the host';
}

function Row({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 text-[var(--ag-primary-ink)]">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

export function EventSummary({ event }: { event: PublicEvent }) {
  const label = SHOT_LABELS[event.maxShotsPerDevice as ShotOption];
  const preset = FILM_PRESET_INFO[event.filmPreset as FilmPreset];
  return (
    <section
      aria-label="Event details"
      className="rounded-xl border border-[var(--ag-primary-soft)] bg-[var(--ag-primary-soft)]/40 p-4"
    >
      <h2 className="mb-3 text-xl font-bold text-neutral-900">{event.name}</h2>
      <ul className="space-y-2 text-sm text-neutral-800">
        <Row icon={<CalendarDays aria-hidden className="h-4 w-4" />}>
          {formatRange(event.startsAt, event.endsAt)}
        </Row>
        <Row icon={<Camera aria-hidden className="h-4 w-4" />}>
          {event.maxShotsPerDevice} shots per guest{label ? ` (${label})` : ''}
        </Row>
        <Row icon={<Eye aria-hidden className="h-4 w-4" />}>{revealText(event)}</Row>
        {event.filmMode && preset && (
          <Row icon={<Film aria-hidden className="h-4 w-4" />}>
            Film mode: {preset.name}
            {event.noRetakes ? ', no retakes' : ''}
          </Row>
        )}
      </ul>
    </section>
  );
}

export function EventSummarySkeleton() {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-neutral-200 p-4">
      <span className="sr-only">Looking up the event</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}
