import type { EventStatus } from '@afterglow/contracts';
import { msg, type MessageDescriptor } from '@afterglow/ui';
import { useT } from '../text';

const STYLE: Record<EventStatus, { label: MessageDescriptor; className: string }> = {
  active: {
    label: msg('status.active', 'Active'),
    className: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  },
  upcoming: {
    label: msg('status.upcoming', 'Upcoming'),
    className: 'bg-sky-100 text-sky-900 border-sky-300',
  },
  ended: {
    label: msg('status.ended', 'Ended'),
    className: 'bg-neutral-100 text-neutral-800 border-neutral-300',
  },
};

/** An event's status (spec section 4: active, upcoming, ended). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const t = useT();
  const s = STYLE[status];
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${s.className}`}
    >
      {t(s.label)}
    </span>
  );
}
