import { nearLimit, type EventStats, type HostEvent } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { keys } from '../../lib/api';

/** One line of the banner: 'This event has 41 of 50 photos.', or that the limit is reached. */
function line(used: number, limit: number, what: 'photos' | 'guests'): string {
  return used >= limit
    ? `This event has reached its ${what === 'photos' ? 'photo' : 'guest'} limit: ${used} of ${limit} ${what}.`
    : `This event has ${used} of ${limit} ${what}.`;
}

/**
 * Told before the limit (ADR 025): from 80 % of the event's photo limit (and of its guest limit, when
 * its plan has one), a banner with the way to upgrade. The counts are the dashboard's own stats.
 */
export function LimitBanner({ event }: { event: HostEvent }) {
  const stats = useQuery<EventStats>({ queryKey: keys.stats(event.id) });
  if (!stats.data) return null;
  const photos = stats.data.photoStats.total;
  const guests = stats.data.activeGuests;
  const lines: string[] = [];
  if (nearLimit(photos, event.maxPhotos)) lines.push(line(photos, event.maxPhotos, 'photos'));
  if (event.maxGuests !== null && nearLimit(guests, event.maxGuests))
    lines.push(line(guests, event.maxGuests, 'guests'));
  if (lines.length === 0) return null;
  return (
    <section
      aria-label="Plan limits"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-neutral-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <p>
        {lines.join(' ')}{' '}
        <Link to="/pricing" className="font-semibold text-amber-900 underline">
          Upgrade for more.
        </Link>
      </p>
    </section>
  );
}
