import type { HostEvent } from '@afterglow/contracts';
import { MonitorPlay, Play, Printer, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { formatDateTime, formatDay } from '../../lib/format';
import { ExportDialog } from '../export/ExportDialog';
import { QrCodeDialog } from './QrCodeDialog';

/** Name, code, dates and the host's actions. */
export function EventHeader({ event }: { event: HostEvent }) {
  return (
    <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-wide text-[var(--ag-primary-ink)]">
          Host dashboard
        </p>
        <h1 className="break-words text-3xl font-extrabold sm:text-4xl">{event.name}</h1>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-neutral-700">
          <div className="flex gap-1.5">
            <dt>Code</dt>
            <dd className="font-mono font-bold tracking-widest text-[var(--ag-primary-ink)]">{event.code}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Created</dt>
            <dd>{formatDay(event.createdAt)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Runs</dt>
            <dd>
              {formatDateTime(event.startsAt, event.timezone)} –{' '}
              {formatDateTime(event.endsAt, event.timezone)}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <QrCodeDialog event={event} />
        <Link to={`/live-moderation/${event.id}`} className={buttonClass('outline', 'sm')}>
          <ShieldCheck aria-hidden className="h-4 w-4" />
          Live Moderation
        </Link>
        <Link to={`/live-slideshow/${event.code}`} className={buttonClass('outline', 'sm')}>
          <MonitorPlay aria-hidden className="h-4 w-4" />
          Live Display
        </Link>
        <Link to={`/slideshow/${event.code}`} className={buttonClass('outline', 'sm')}>
          <Play aria-hidden className="h-4 w-4" />
          Slideshow
        </Link>
        <Link to={`/host/qr-kit/${event.id}`} className={buttonClass('outline', 'sm')}>
          <Printer aria-hidden className="h-4 w-4" />
          Print QR Kit
        </Link>
        <ExportDialog event={event} />
      </div>
    </header>
  );
}
