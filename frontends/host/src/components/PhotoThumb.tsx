import type { PhotoDto } from '@afterglow/contracts';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { photoAlt } from '../lib/format';
import { useT } from '../text';

/**
 * A photo's image, or a "processing" tile until its renditions exist. A signed URL that no longer
 * loads (expired) asks the owner to refresh the list, once.
 */
export function PhotoThumb({
  photo,
  size = 'thumb',
  onBroken,
  className = '',
}: {
  photo: PhotoDto;
  size?: 'thumb' | 'display';
  onBroken?: () => void;
  className?: string;
}) {
  const t = useT();
  const [reported, setReported] = useState(false);
  const src =
    size === 'display' ? (photo.displayUrl ?? photo.thumbUrl) : (photo.thumbUrl ?? photo.displayUrl);
  const alt = photoAlt(photo, t);
  if (!src) {
    return (
      <div
        role="img"
        aria-label={t('photo.processingAlt', '{alt}, still processing', { alt })}
        className={`flex flex-col items-center justify-center gap-2 bg-neutral-100 text-neutral-600 ${className}`}
      >
        <Hourglass aria-hidden className="h-6 w-6" />
        <span className="text-xs">{t('photo.processing', 'Processing…')}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`bg-neutral-100 object-cover ${className}`}
      onError={() => {
        if (reported) return;
        setReported(true);
        onBroken?.();
      }}
    />
  );
}

/** The focus ring of a photo card that keys act on (moderation). */
export const CARD_FOCUS =
  'scroll-m-24 outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-strong)] focus-visible:ring-offset-2';
