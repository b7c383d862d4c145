import { Calendar, DollarSign, Image, Info, Users, type LucideIcon } from 'lucide-react';

interface Stat {
  title: string;
  detail: string;
  icon: LucideIcon;
}

/** Spec section 3 (admin stats); the numbers come with GET /api/admin/stats, which does not exist yet. */
const STATS: Stat[] = [
  { title: 'Total Users', detail: 'New today', icon: Users },
  { title: 'Active Events', detail: 'Total events', icon: Calendar },
  { title: 'Photos Today', detail: 'Total photos', icon: Image },
  { title: 'Revenue', detail: 'Flagged photos', icon: DollarSign },
];

function Missing() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">not available yet</span>
    </>
  );
}

export function StatCards() {
  return (
    <section aria-labelledby="stats-title" className="mb-8">
      <h2 id="stats-title" className="sr-only">
        Platform statistics
      </h2>
      <p className="mb-4 flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
        <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        Platform statistics arrive with the admin service. Until it is connected, these cards show a dash
        instead of numbers.
      </p>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STATS.map(({ title, detail, icon: Icon }) => (
          <div key={title} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="mb-2 flex items-center justify-between gap-2 text-sm font-medium text-neutral-700">
              {title}
              <Icon aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            </dt>
            <dd className="text-3xl font-bold text-neutral-900">
              <Missing />
            </dd>
            <dd className="mt-1 text-xs text-neutral-700">
              {detail}: <Missing />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
