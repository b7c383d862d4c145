import { AlertTriangle, Calendar, DollarSign, Image, Users, type LucideIcon } from 'lucide-react';
import type { AdminStats } from '@afterglow/contracts';
import { Button, Skeleton, msg, type MessageDescriptor } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from '../text';
import { useAdminStats } from './api';
import { problemText } from './errors';

interface Stat {
  title: MessageDescriptor;
  /** the second number: `{value}` */
  detail: MessageDescriptor;
  icon: LucideIcon;
  value: (s: AdminStats, locale: string) => string;
  sub: (s: AdminStats, locale: string) => string;
}

const n = (x: number, locale: string) => formatNumber(x, locale);
/** Revenue is in dollars, cents shown only when there are some ('$1,250', '$29.5'). */
const money = (x: number, locale: string) =>
  formatNumber(x, locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });

/** Spec section 2: the four cards and the second number under each. */
const STATS: Stat[] = [
  {
    title: msg('stats.totalUsers', 'Total Users'),
    detail: msg('stats.newToday', 'New today: {value}'),
    icon: Users,
    value: (s, l) => n(s.totalUsers, l),
    sub: (s, l) => n(s.newUsersToday, l),
  },
  {
    title: msg('stats.activeEvents', 'Active Events'),
    detail: msg('stats.totalEvents', 'Total events: {value}'),
    icon: Calendar,
    value: (s, l) => n(s.activeEvents, l),
    sub: (s, l) => n(s.totalEvents, l),
  },
  {
    title: msg('stats.photosToday', 'Photos Today'),
    detail: msg('stats.totalPhotos', 'Total photos: {value}'),
    icon: Image,
    value: (s, l) => n(s.photosToday, l),
    sub: (s, l) => n(s.totalPhotos, l),
  },
  {
    title: msg('stats.revenue', 'Revenue'),
    detail: msg('stats.flaggedPhotos', 'Flagged photos: {value}'),
    icon: DollarSign,
    value: (s, l) => money(s.revenue, l),
    sub: (s, l) => n(s.flaggedPhotos, l),
  },
];

export function StatCards() {
  const t = useT();
  const q = useAdminStats();
  return (
    <section aria-labelledby="stats-title" className="mb-8">
      <h2 id="stats-title" className="sr-only">
        {t('stats.title', 'Platform statistics')}
      </h2>
      {q.isError && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" />
          <span className="flex-1">
            {t('stats.failed', 'Could not load the statistics. {reason}', {
              reason: problemText(t, q.error, ''),
            })}
          </span>
          <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
            {t('list.tryAgain', 'Try again')}
          </Button>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy={q.isPending}>
        {STATS.map(({ title, detail, icon: Icon, value, sub }) => (
          <div key={title.id} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="mb-2 flex items-center justify-between gap-2 text-sm font-medium text-neutral-700">
              {t(title)}
              <Icon aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            </dt>
            {q.data ? (
              <>
                <dd className="text-2xl font-bold text-neutral-900 sm:text-3xl">{value(q.data, t.locale)}</dd>
                <dd className="mt-1 text-xs text-neutral-700">
                  {t(detail, { value: sub(q.data, t.locale) })}
                </dd>
              </>
            ) : (
              <dd>
                <Skeleton className="h-8 w-20" />
                <Skeleton className="mt-2 h-3 w-24" />
                <span className="sr-only">
                  {q.isError ? t('stats.notAvailable', 'Not available') : t('stats.loading', 'Loading')}
                </span>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
