import type { EventStatus } from '@afterglow/contracts';

const STYLE: Record<EventStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900 border-emerald-300' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-100 text-sky-900 border-sky-300' },
  ended: { label: 'Ended', className: 'bg-neutral-100 text-neutral-800 border-neutral-300' },
};

/** An event's status (spec section 4: active, upcoming, ended). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const s = STYLE[status];
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${s.className}`}
    >
      {s.label}
    </span>
  );
}
