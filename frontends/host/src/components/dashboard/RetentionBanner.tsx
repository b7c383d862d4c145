import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import type { HostEvent } from '@afterglow/contracts';
import { formatDay } from '../../lib/format';
import { useT } from '../../text';

/** The banner shows from this long before hosting ends. */
const SOON_MS = 3 * 24 * 3600_000;

/**
 * Retention (ADR 026): from three days before the event's hosting period ends, the host is told when
 * the event and its photos will be deleted, and what to do about it (the same dates as the e-mail-ready
 * notification retention writes when hosting ends).
 */
export function RetentionBanner({ event, now = Date.now() }: { event: HostEvent; now?: number }) {
  const t = useT();
  if (!event.hostingEndsAt || !event.deletesAt) return null;
  const ends = Date.parse(event.hostingEndsAt);
  if (now < ends - SOON_MS) return null;
  const ended = now >= ends;
  return (
    <section
      role="status"
      aria-label={t('retention.label', 'Hosting period')}
      className={`flex items-start gap-3 rounded-2xl border p-4 ${
        ended ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-950'
      }`}
    >
      <Clock aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <p>
        {ended
          ? t('retention.ended', 'Hosting for this event ended on {date}.', {
              date: formatDay(event.hostingEndsAt, t.locale),
            })
          : t('retention.ends', 'Hosting for this event ends on {date}.', {
              date: formatDay(event.hostingEndsAt, t.locale),
            })}{' '}
        <strong>
          {t('retention.deletes', 'On {date} the event and all its photos will be deleted.', {
            date: formatDay(event.deletesAt, t.locale),
          })}
        </strong>{' '}
        {t.rich(
          'retention.what',
          'Download them with Export before then, or {upgrade} to keep them longer.',
          {
            upgrade: (
              <Link to="/pricing" className="font-semibold underline">
                {t('retention.upgrade', 'upgrade your plan')}
              </Link>
            ),
          },
        )}
      </p>
    </section>
  );
}
