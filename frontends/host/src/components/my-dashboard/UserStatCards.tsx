import { storagePercent, type UserStats } from '@afterglow/contracts';
import { CalendarDays, Camera, Crown, HardDrive, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { formatDay } from '../../lib/format';
import { planName } from '../../lib/plans';
import { useT } from '../../text';
import { InlineLoadError } from '../EventStates';

/** Megabytes as the dashboard writes them: '12.5 MB', '5,120 MB'. */
export const mb = (n: number, t: Translate) =>
  t('stats.mb', '{size} MB', { size: formatNumber(n, t.locale, { maximumFractionDigits: 2 }) });

interface StatCard {
  label: MessageDescriptor;
  icon: LucideIcon;
  tone: string;
  value: (s: UserStats, t: Translate) => ReactNode;
  detail?: (s: UserStats, t: Translate) => ReactNode;
}

const STORAGE_USED = msg('stats.storageUsed', 'Storage Used');

const CARDS: StatCard[] = [
  {
    label: msg('stats.currentPlan', 'Current Plan'),
    icon: Crown,
    tone: 'bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]',
    value: (s) => planName(s.currentPlan),
    detail: (s, t) =>
      s.planExpiry
        ? t('stats.expires', 'Expires {date}', { date: formatDay(s.planExpiry, t.locale) })
        : t('status.active', 'Active'),
  },
  {
    label: msg('stats.eventsCreated', 'Events Created'),
    icon: CalendarDays,
    tone: 'bg-sky-100 text-sky-800',
    value: (s, t) => formatNumber(s.eventsCreated, t.locale),
  },
  {
    label: msg('stats.photosCollected', 'Photos Collected'),
    icon: Camera,
    tone: 'bg-violet-100 text-violet-800',
    value: (s, t) => formatNumber(s.photosTotal, t.locale),
  },
  {
    label: STORAGE_USED,
    icon: HardDrive,
    tone: 'bg-amber-100 text-amber-900',
    // whole percents, as '42%' (the contracts round them)
    value: (s, t) =>
      formatNumber(storagePercent(s.storageUsed, s.storageLimit) / 100, t.locale, { style: 'percent' }),
    detail: (s) => <StorageMeter used={s.storageUsed} limit={s.storageLimit} />,
  },
];

function StorageMeter({ used, limit }: { used: number; limit: number }) {
  const t = useT();
  const pct = storagePercent(used, limit);
  return (
    <>
      <span className="block">
        {mb(used, t)} / {mb(limit, t)}
      </span>
      <span
        role="progressbar"
        aria-label={t(STORAGE_USED)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(pct, 100)}
        className="mt-2 block h-2 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <span
          className={`block h-full rounded-full ${pct >= 90 ? 'bg-red-600' : 'bg-[var(--ag-primary-strong)]'}`}
          style={{ width: `${Math.min(pct, 100)}%` }}
        />
      </span>
    </>
  );
}

/** The four stat cards of /dashboard (GET /api/user/stats, refetched every 30 s). */
export function UserStatCards({
  stats,
  error,
  onRetry,
}: {
  stats: UserStats | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <section aria-label={t('stats.yours', 'Your statistics')} aria-busy={!stats && !error}>
      <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(({ label, icon: Icon, tone, value, detail }) => (
          <li key={label.id}>
            <Card className="flex h-full items-start gap-3 p-4 sm:p-5">
              <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
                <Icon aria-hidden className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-neutral-600">{t(label)}</p>
                {stats ? (
                  <>
                    <p className="text-2xl font-bold tabular-nums">{value(stats, t)}</p>
                    {detail && <p className="text-sm text-neutral-600">{detail(stats, t)}</p>}
                  </>
                ) : error ? (
                  <p className="text-2xl font-bold text-neutral-500">
                    <span aria-hidden>–</span>
                    <span className="sr-only">{t('stats.unavailable', 'unavailable')}</span>
                  </p>
                ) : (
                  <Skeleton className="mt-1 h-8 w-16" />
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {!!error && !stats && (
        <div className="mt-3">
          <InlineLoadError
            error={error}
            fallback={t('stats.loadFailed', 'Your statistics could not be loaded.')}
            onRetry={onRetry}
          />
        </div>
      )}
    </section>
  );
}
