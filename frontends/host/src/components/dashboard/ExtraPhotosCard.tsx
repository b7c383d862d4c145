import { EXTRA_PHOTOS_COPY, type HostEvent } from '@afterglow/contracts';
import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, buttonClass } from '@afterglow/ui';

/** The event's photo limit, and the Extra Photos add-on that raises it (ADR 024). */
export function ExtraPhotosCard({ event }: { event: HostEvent }) {
  return (
    <Card className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <div className="flex-1">
        <h2 className="text-lg font-bold">Photo limit</h2>
        <p className="text-neutral-700">
          This event takes up to <strong>{event.maxPhotos.toLocaleString('en-US')} photos</strong>.
        </p>
      </div>
      <Link
        to={`/checkout?addon=${EXTRA_PHOTOS_COPY.id}&event=${encodeURIComponent(event.id)}`}
        className={buttonClass('outline')}
      >
        <ImagePlus aria-hidden className="h-4 w-4" />
        Add {EXTRA_PHOTOS_COPY.photos} photos ({EXTRA_PHOTOS_COPY.price})
      </Link>
    </Card>
  );
}
