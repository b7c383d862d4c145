import { Hourglass } from 'lucide-react';
import { Card } from '@afterglow/ui';
import { formatDateTime } from '@afterglow/ui/format';
import { useT } from '../text';
import type { Remaining } from './useCountdown';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Photos Reveal In' with days (only when more than 0), hours, minutes and seconds. */
export function Countdown({ remaining, revealAt }: { remaining: Remaining; revealAt: string }) {
  const t = useT();
  // [key, shown value, label]: days are shown as they are, the others with two digits
  const units: [string, string, string][] = [
    ...(remaining.days > 0
      ? ([
          [
            'days',
            String(remaining.days),
            t('countdown.days', '{count, plural, one {Day} other {Days}}', { count: remaining.days }),
          ],
        ] as [string, string, string][])
      : []),
    ['hours', pad(remaining.hours), t('countdown.hours', 'Hours')],
    ['minutes', pad(remaining.minutes), t('countdown.minutes', 'Minutes')],
    ['seconds', pad(remaining.seconds), t('countdown.seconds', 'Seconds')],
  ];
  return (
    <Card className="p-5 text-center">
      <h2 className="mb-1 flex items-center justify-center gap-2 text-lg font-bold text-neutral-900">
        <Hourglass aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
        {t('countdown.title', 'Photos Reveal In')}
      </h2>
      <p className="mb-4 text-sm text-neutral-600">{formatDateTime(revealAt, t.locale)}</p>
      {remaining.done ? (
        <p role="status" className="font-semibold text-[var(--ag-primary-ink)]">
          {t('countdown.developing', 'Developing… the photos will appear in a moment.')}
        </p>
      ) : (
        <div
          role="timer"
          aria-label={t('countdown.label', 'Time until the reveal')}
          className="flex justify-center gap-2"
        >
          {units.map(([key, value, label]) => (
            <div key={key} className="min-w-16 rounded-xl bg-[var(--ag-primary-soft)] px-2 py-3">
              <div className="text-3xl font-bold tabular-nums text-[var(--ag-primary-ink)]">{value}</div>
              <div className="text-xs font-medium uppercase tracking-wide text-neutral-700 rtl:tracking-normal">
                {label}
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
