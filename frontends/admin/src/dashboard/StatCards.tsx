import { AlertTriangle, Calendar, DollarSign, Image, Users, type LucideIcon } from 'lucide-react';
import type { AdminStats } from '@afterglow/contracts';
import { Button, Skeleton, errorText } from '@afterglow/ui';
import { useAdminStats } from './api';

interface Stat {
  title: string;
  detail: string;
  icon: LucideIcon;
  value: (s: AdminStats) => string;
  sub: (s: AdminStats) => string;
}

const n = (x: number) => x.toLocaleString('en-US');
const money = (x: number) =>
  x.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });

/** Spec section 2: the four cards and the second number under each. */
const STATS: Stat[] = [
  {
    title: 'Total Users',
    detail: 'New today',
    icon: Users,
    value: (s) => n(s.totalUsers),
    sub: (s) => n(s.newUsersToday),
  },
  {
    title: 'Active Events',
    detail: 'Total events',
    icon: Calendar,
    value: (s) => n(s.activeEvents),
    sub: (s) => n(s.totalEvents),
  },
  {
    title: 'Photos Today',
    detail: 'Total photos',
    icon: Image,
    value: (s) => n(s.photosToday),
    sub: (s) => n(s.totalPhotos),
  },
  {
    title: 'Revenue',
    detail: 'Flagged photos',
    icon: DollarSign,
    value: (s) => money(s.revenue),
    sub: (s) => n(s.flaggedPhotos),
  },
];

export function StatCards() {
  const q = useAdminStats();
  return (
    <section aria-labelledby="stats-title" className="mb-8">
      <h2 id="stats-title" className="sr-only">
        Platform statistics
      </h2>
      {q.isError && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" />
          <span className="flex-1">Could not load the statistics. {errorText(q.error, '')}</span>
          <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy={q.isPending}>
        {STATS.map(({ title, detail, icon: Icon, value, sub }) => (
          <div key={title} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="mb-2 flex items-center justify-between gap-2 text-sm font-medium text-neutral-700">
              {title}
              <Icon aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            </dt>
            {q.data ? (
              <>
                <dd className="text-2xl font-bold text-neutral-900 sm:text-3xl">{value(q.data)}</dd>
                <dd className="mt-1 text-xs text-neutral-700">
                  {detail}: {sub(q.data)}
                </dd>
              </>
            ) : (
              <dd>
                <Skeleton className="h-8 w-20" />
                <Skeleton className="mt-2 h-3 w-24" />
                <span className="sr-only">{q.isError ? 'Not available' : 'Loading'}</span>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
