import type { HostEvent } from '@afterglow/contracts';
import { MonitorPlay, Play, Printer, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { formatDateTime, formatDay } from '../../lib/format';
import { useT } from '../../text';
import { ExportDialog } from '../export/ExportDialog';
import { QrCodeDialog } from './QrCodeDialog';

/** Name, code, dates and the host's actions. */
export function EventHeader({ event }: { event: HostEvent }) {
  const t = useT();
  return (
    <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-wide text-[var(--ag-primary-ink)]">
          {t('dashboard.kicker', 'Host dashboard')}
        </p>
        <h1 className="break-words text-3xl font-extrabold sm:text-4xl">{event.name}</h1>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-neutral-700">
          <div className="flex gap-1.5">
            <dt>{t('dashboard.code', 'Code')}</dt>
            <dd className="font-mono font-bold tracking-widest text-[var(--ag-primary-ink)]">{event.code}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>{t('dashboard.created', 'Created')}</dt>
            <dd>{formatDay(event.createdAt, t.locale)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>{t('dashboard.runs', 'Runs')}</dt>
            <dd>
              {t('dashboard.range', '{start} – {end}', {
                start: formatDateTime(event.startsAt, event.timezone, t.locale),
                end: formatDateTime(event.endsAt, event.timezone, t.locale),
              })}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <QrCodeDialog event={event} />
        <Link to={`/live-moderation/${event.id}`} className={buttonClass('outline', 'sm')}>
          <ShieldCheck aria-hidden className="h-4 w-4" />
          {t('dashboard.liveModeration', 'Live Moderation')}
        </Link>
        <Link to={`/live-slideshow/${event.code}`} className={buttonClass('outline', 'sm')}>
          <MonitorPlay aria-hidden className="h-4 w-4" />
          {t('dashboard.liveDisplay', 'Live Display')}
        </Link>
        <Link to={`/slideshow/${event.code}`} className={buttonClass('outline', 'sm')}>
          <Play aria-hidden className="h-4 w-4" />
          {t('dashboard.slideshow', 'Slideshow')}
        </Link>
        <Link to={`/host/qr-kit/${event.id}`} className={buttonClass('outline', 'sm')}>
          <Printer aria-hidden className="h-4 w-4" />
          {t('dashboard.printKit', 'Print QR Kit')}
        </Link>
        <ExportDialog event={event} />
      </div>
    </header>
  );
}
