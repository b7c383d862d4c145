import type { PhotoDto } from '@afterglow/contracts';
import { useRef, useState } from 'react';
import { useClipPlayback } from '../../hooks/useClipPlayback';
import { playableClip } from '../../lib/clips';
import { photoAlt, photoAuthor } from '../../lib/format';
import { useT } from '../../text';

const SHOWN = 'max-h-full max-w-full animate-[ag-fade-in_0.6s_ease-out] rounded-md object-contain shadow-2xl';

/**
 * One photo, as large as the screen allows, with its caption and 'By {name}' underneath. A clip plays
 * muted, once, with the slideshow (paused when it is), and `onEnded` moves the slideshow on.
 */
export function SlideView({
  photo,
  onBroken,
  playing = true,
  onEnded,
  loop = false,
}: {
  photo: PhotoDto;
  onBroken?: () => void;
  playing?: boolean;
  onEnded?: () => void;
  /** the only slide: a clip plays again and again */
  loop?: boolean;
}) {
  const t = useT();
  return (
    <figure className="flex h-full w-full flex-col items-center gap-3">
      <div className="flex min-h-0 w-full flex-1 items-center justify-center">
        {playableClip(photo) ? (
          <SlideClip
            key={photo.id}
            photo={photo}
            label={photoAlt(photo, t)}
            playing={playing}
            loop={loop}
            onEnded={onEnded}
            onBroken={onBroken}
          />
        ) : (
          <img
            key={photo.id}
            src={photo.displayUrl ?? photo.thumbUrl ?? undefined}
            alt={photoAlt(photo, t)}
            onError={onBroken}
            className={SHOWN}
          />
        )}
      </div>
      <figcaption className="shrink-0 px-16 text-center">
        {photo.caption && (
          <p className="mx-auto max-w-3xl text-xl font-semibold sm:text-3xl">{photo.caption}</p>
        )}
        <p className="text-base text-white/80 sm:text-lg">
          {t('photo.by', 'By {name}', { name: photoAuthor(photo, t) })}
        </p>
      </figcaption>
    </figure>
  );
}

function SlideClip({
  photo,
  label,
  playing,
  loop,
  onEnded,
  onBroken,
}: {
  photo: PhotoDto;
  label: string;
  playing: boolean;
  loop: boolean;
  onEnded?: () => void;
  onBroken?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  // the addresses it started with: the list, polled, signs new ones, which would restart the clip
  const [src] = useState(photo.videoUrl ?? undefined);
  const [poster] = useState(photo.posterUrl ?? photo.displayUrl ?? undefined);
  // its end, or its failure, moves the slideshow on once (a failing clip reports both ways)
  const done = useRef(false);
  const end = () => {
    if (done.current) return;
    done.current = true;
    onEnded?.();
  };
  useClipPlayback(ref, playing, end);
  return (
    <video
      ref={ref}
      src={src}
      poster={poster}
      aria-label={label}
      muted
      autoPlay={playing}
      playsInline
      loop={loop}
      onEnded={end}
      onError={() => {
        // an address that expired is signed again; the show goes on meanwhile
        onBroken?.();
        end();
      }}
      className={SHOWN}
    />
  );
}
