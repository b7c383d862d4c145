import type { ReactNode } from 'react';
import type { FilmPreset, PublicEvent, ShotOption } from '@afterglow/contracts';
import { Skeleton, type Translate } from '@afterglow/ui';
import { formatDateTime, formatRange } from '@afterglow/ui/format';
import { CameraIcon } from '../components/icons';
import { FILM_PRESET_NAME, SHOT_LABEL_TEXT } from '../lib/contract-text';
import { useT } from '../text';
import { CalendarDaysIcon, EyeIcon, FilmIcon } from './icons';

/** When and how the photos become visible, in a guest's words. */
export function revealText(t: Translate, e: Pick<PublicEvent, 'liveMode' | 'revealAt'>): string {
  if (e.liveMode) {
    return e.revealAt
      ? t('summary.liveReveal', 'Live: approved photos appear during the event; all photos on {when}', {
          when: formatDateTime(e.revealAt, t.locale),
        })
      : t('summary.live', 'Live: approved photos appear during the event');
  }
  return e.revealAt
    ? t('summary.revealOn', 'Photos reveal on {when}', { when: formatDateTime(e.revealAt, t.locale) })
    : t('summary.revealByHost', 'Photos are revealed by the host');
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
  const t = useT();
  const label = SHOT_LABEL_TEXT[event.maxShotsPerDevice as ShotOption];
  const preset = FILM_PRESET_NAME[event.filmPreset as FilmPreset];
  const count = event.maxShotsPerDevice;
  return (
    <section
      aria-label={t('summary.label', 'Event details')}
      className="rounded-xl border border-[var(--ag-primary-soft)] bg-[var(--ag-primary-soft)]/40 p-4"
    >
      <h2 className="mb-3 text-xl font-bold text-neutral-900">{event.name}</h2>
      <ul className="space-y-2 text-sm text-neutral-800">
        <Row icon={<CalendarDaysIcon className="h-4 w-4" />}>
          {formatRange(event.startsAt, event.endsAt, t.locale)}
        </Row>
        <Row icon={<CameraIcon className="h-4 w-4" />}>
          {label
            ? t('summary.shotsLabelled', '{count} shots per guest ({label})', {
                count,
                label: t(label),
              })
            : t('summary.shots', '{count} shots per guest', { count })}
        </Row>
        <Row icon={<EyeIcon className="h-4 w-4" />}>{revealText(t, event)}</Row>
        {event.filmMode && preset && (
          <Row icon={<FilmIcon className="h-4 w-4" />}>
            {event.noRetakes
              ? t('summary.filmNoRetakes', 'Film mode: {preset}, no retakes', { preset: t(preset) })
              : t('summary.film', 'Film mode: {preset}', { preset: t(preset) })}
          </Row>
        )}
      </ul>
    </section>
  );
}

export function EventSummarySkeleton() {
  const t = useT();
  return (
    <div role="status" className="space-y-3 rounded-xl border border-neutral-200 p-4">
      <span className="sr-only">{t('summary.loading', 'Looking up the event')}</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}
