import type { EventStats } from '@afterglow/contracts';
import { Camera, CircleCheck, Clock, Users, type LucideIcon } from 'lucide-react';
import { Card, Skeleton, msg, type MessageDescriptor } from '@afterglow/ui';
import { useT } from '../../text';

const CARDS: {
  label: MessageDescriptor;
  icon: LucideIcon;
  value: (s: EventStats) => number;
  tone: string;
}[] = [
  {
    label: msg('stats.activeGuests', 'Active Guests'),
    icon: Users,
    value: (s) => s.activeGuests,
    tone: 'bg-sky-100 text-sky-800',
  },
  {
    label: msg('stats.photosTaken', 'Photos Taken'),
    icon: Camera,
    value: (s) => s.photoStats.total,
    tone: 'bg-violet-100 text-violet-800',
  },
  {
    label: msg('photoStatus.approved', 'Approved'),
    icon: CircleCheck,
    value: (s) => s.photoStats.approved,
    tone: 'bg-emerald-100 text-emerald-800',
  },
  {
    label: msg('stats.pendingReview', 'Pending Review'),
    icon: Clock,
    value: (s) => s.photoStats.pending,
    tone: 'bg-amber-100 text-amber-900',
  },
];

/** The four stat cards (GET /api/events/{id}/stats, polled by the page). */
export function StatCards({ stats, failed }: { stats: EventStats | undefined; failed: boolean }) {
  const t = useT();
  return (
    <section aria-label={t('stats.label', 'Event statistics')}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS.map(({ label, icon: Icon, value, tone }) => (
          <li key={label.id}>
            <Card className="flex h-full items-center gap-3 p-4 sm:p-5">
              <span
                className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex ${tone}`}
              >
                <Icon aria-hidden className="h-5 w-5" />
              </span>
              <div>
                <p className="text-sm font-medium text-neutral-600">{t(label)}</p>
                {stats ? (
                  <p className="text-2xl font-bold tabular-nums">{value(stats)}</p>
                ) : failed ? (
                  <p
                    className="text-2xl font-bold text-neutral-400"
                    aria-label={t('stats.unavailable', 'unavailable')}
                  >
                    –
                  </p>
                ) : (
                  <Skeleton className="mt-1 h-8 w-12" />
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {failed && !stats && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('stats.failed', 'Statistics could not be loaded. They will retry in a few seconds.')}
        </p>
      )}
    </section>
  );
}
