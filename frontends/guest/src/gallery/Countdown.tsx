import { Hourglass } from 'lucide-react';
import { Card } from '@afterglow/ui';
import { formatDateTime } from '../lib/format';
import type { Remaining } from './useCountdown';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Photos Reveal In' with days (only when more than 0), hours, minutes and seconds. */
export function Countdown({ remaining, revealAt }: { remaining: Remaining; revealAt: string }) {
  const units: [number, string][] = [
    ...(remaining.days > 0
      ? ([[remaining.days, remaining.days === 1 ? 'Day' : 'Days']] as [number, string][])
      : []),
    [remaining.hours, 'Hours'],
    [remaining.minutes, 'Minutes'],
    [remaining.seconds, 'Seconds'],
  ];
  return (
    <Card className="p-5 text-center">
      <h2 className="mb-1 flex items-center justify-center gap-2 text-lg font-bold text-neutral-900">
        <Hourglass aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
        Photos Reveal In
      </h2>
      <p className="mb-4 text-sm text-neutral-600">{formatDateTime(revealAt)}</p>
      {remaining.done ? (
        <p role="status" className="font-semibold text-[var(--ag-primary-ink)]">
          Developing… the photos will appear in a moment.
        </p>
      ) : (
        <div role="timer" aria-label="Time until the reveal" className="flex justify-center gap-2">
          {units.map(([value, label]) => (
            <div key={label} className="min-w-16 rounded-xl bg-[var(--ag-primary-soft)] px-2 py-3">
              <div className="text-3xl font-bold tabular-nums text-[var(--ag-primary-ink)]">
                {label.startsWith('Day') ? value : pad(value)}
              </div>
              <div className="text-xs font-medium uppercase tracking-wide text-neutral-700">{label}</div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
