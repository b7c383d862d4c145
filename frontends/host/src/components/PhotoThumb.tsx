import type { PhotoDto } from '@afterglow/contracts';
import { Hourglass, Play } from 'lucide-react';
import { useState } from 'react';
import { clipClock, clipSeconds, isClip, playableClip } from '../lib/clips';
import { photoAlt, photoAuthor } from '../lib/format';
import { useT } from '../text';
import { ClipDialog } from './ClipDialog';

/**
 * A photo's image, or a "processing" tile until its renditions exist; a photo still developing whose
 * thumbnail is made (issue 26) shows it, marked as processing until it is developed. A signed URL that no longer
 * loads (expired) asks the owner to refresh the list, once. A clip shows its poster with a play badge
 * and its length; a developed one opens in a player.
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
  const broken = () => {
    if (reported) return;
    setReported(true);
    onBroken?.();
  };
  if (!isClip(photo) && !photo.processed) {
    return (
      <div className={`relative overflow-hidden ${className}`}>
        <img
          src={src}
          alt={t('photo.processingAlt', '{alt}, still processing', { alt })}
          loading="lazy"
          decoding="async"
          className="h-full w-full bg-neutral-100 object-cover"
          onError={broken}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute bottom-2 start-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white"
        >
          <Hourglass className="h-3 w-3" />
          {t('photo.processing', 'Processing…')}
        </span>
      </div>
    );
  }
  if (!isClip(photo)) {
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={`bg-neutral-100 object-cover ${className}`}
        onError={broken}
      />
    );
  }
  const playable = playableClip(photo);
  const poster = (
    <img
      src={src}
      // the button around a playable clip names it
      alt={playable ? '' : alt}
      loading="lazy"
      decoding="async"
      className="h-full w-full bg-neutral-100 object-cover"
      onError={broken}
    />
  );
  const clock = clipClock(photo.durationMs);
  const seconds = clipSeconds(photo.durationMs);
  const name = photoAuthor(photo, t);
  const badge = (
    <span
      aria-hidden
      className="pointer-events-none absolute bottom-2 start-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold tabular-nums text-white"
    >
      <Play className="h-3 w-3 fill-current" />
      {clock}
    </span>
  );
  if (!playable) {
    return (
      <div className={`relative overflow-hidden ${className}`}>
        {poster}
        {badge}
      </div>
    );
  }
  return (
    <ClipDialog
      photo={photo}
      onBroken={onBroken}
      trigger={
        <button
          type="button"
          aria-label={
            seconds === null
              ? t('clip.play', 'Play the clip by {name}', { name })
              : t(
                  'clip.playLength',
                  'Play the clip by {name}, {seconds, plural, one {# second} other {# seconds}}',
                  { name, seconds },
                )
          }
          className={`group relative block overflow-hidden focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-[var(--ag-primary-strong)] ${className}`}
        >
          {poster}
          {badge}
          <span
            aria-hidden
            className="pointer-events-none absolute inset-0 flex items-center justify-center bg-black/0 transition group-hover:bg-black/15"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/55 text-white">
              <Play className="h-6 w-6 translate-x-0.5 fill-current" />
            </span>
          </span>
        </button>
      }
    />
  );
}

/** The focus ring of a photo card that keys act on (moderation). */
export const CARD_FOCUS =
  'scroll-m-24 outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-strong)] focus-visible:ring-offset-2';
