import type { HostEvent } from '@afterglow/contracts';
import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, buttonClass } from '@afterglow/ui';
import { ADDON, usePlanText } from '../../lib/plans';
import { useT } from '../../text';

/** The event's photo limit, and the Extra Photos add-on that raises it (ADR 024). */
export function ExtraPhotosCard({ event }: { event: HostEvent }) {
  const t = useT();
  const tp = usePlanText();
  return (
    <Card className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <div className="flex-1">
        <h2 className="text-lg font-bold">{t('extraPhotos.title', 'Photo limit')}</h2>
        <p className="text-neutral-700">
          {t.rich('extraPhotos.limit', 'This event takes up to {photos}.', {
            photos: (
              <strong>
                {t('extraPhotos.count', '{count, plural, one {# photo} other {# photos}}', {
                  count: event.maxPhotos,
                })}
              </strong>
            ),
          })}
        </p>
      </div>
      <Link
        to={`/checkout?addon=${ADDON.id}&event=${encodeURIComponent(event.id)}`}
        className={buttonClass('outline')}
      >
        <ImagePlus aria-hidden className="h-4 w-4" />
        {t('extraPhotos.add', 'Add {count, plural, one {# photo} other {# photos}} ({price})', {
          count: ADDON.photos,
          price: ADDON.price(tp),
        })}
      </Link>
    </Card>
  );
}
