import { nearLimit, type EventStats, type HostEvent } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Translate } from '@afterglow/ui';
import { keys } from '../../lib/api';
import { useT } from '../../text';

/** One line of the banner: 'This event has 41 of 50 photos.', or that the limit is reached. */
function line(t: Translate, used: number, limit: number, what: 'photos' | 'guests'): string {
  const values = { used, limit };
  if (what === 'photos')
    return used >= limit
      ? t(
          'limit.photosReached',
          'This event has reached its photo limit: {used} of {limit, plural, one {{limit} photo} other {{limit} photos}}.',
          values,
        )
      : t(
          'limit.photos',
          'This event has {used} of {limit, plural, one {{limit} photo} other {{limit} photos}}.',
          values,
        );
  return used >= limit
    ? t(
        'limit.guestsReached',
        'This event has reached its guest limit: {used} of {limit, plural, one {{limit} guest} other {{limit} guests}}.',
        values,
      )
    : t(
        'limit.guests',
        'This event has {used} of {limit, plural, one {{limit} guest} other {{limit} guests}}.',
        values,
      );
}

/**
 * Told before the limit (ADR 025): from 80 % of the event's photo limit (and of its guest limit, when
 * its plan has one), a banner with the way to upgrade. The counts are the dashboard's own stats.
 */
export function LimitBanner({ event }: { event: HostEvent }) {
  const t = useT();
  const stats = useQuery<EventStats>({ queryKey: keys.stats(event.id) });
  if (!stats.data) return null;
  const photos = stats.data.photoStats.total;
  const guests = stats.data.activeGuests;
  const lines: string[] = [];
  if (nearLimit(photos, event.maxPhotos)) lines.push(line(t, photos, event.maxPhotos, 'photos'));
  if (event.maxGuests !== null && nearLimit(guests, event.maxGuests))
    lines.push(line(t, guests, event.maxGuests, 'guests'));
  if (lines.length === 0) return null;
  return (
    <section
      aria-label={t('limit.label', 'Plan limits')}
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-neutral-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <p>
        {lines.join(' ')}{' '}
        <Link to="/pricing" className="font-semibold text-amber-900 underline">
          {t('limit.upgrade', 'Upgrade for more.')}
        </Link>
      </p>
    </section>
  );
}
