import { useRef, type ReactElement } from 'react';
import { captureKindOf, type CaptureKind, type PhotoDto } from '@afterglow/contracts';
import { useClipPlayback } from '../../hooks/useClipPlayback';
import { clipStallMs } from '../../lib/clips';

/** The image a screen shows of a photo: its display rendition, else its thumbnail. */
export const photoUrl = (p: { displayUrl: string | null; thumbUrl: string | null }) =>
  p.displayUrl ?? p.thumbUrl;

/** Resolves once the image is in the browser's cache and decoded: a photo goes on screen only then. */
function loadImage(url: string): Promise<void> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  return img.decode();
}

export interface ShotProps {
  photo: PhotoDto;
  alt: string;
  className: string;
  /** it will not load (its address expired while the screen was away) */
  onBroken: () => void;
  /** the screen plays (not paused): a clip plays with it */
  playing?: boolean;
  /** a clip has played to its end, or cannot play: the screen may move on */
  onEnded?: () => void;
}

/**
 * How a venue screen shows a capture of one kind (ADR 030): `preload` resolves once it can go on
 * screen at once (and rejects when it cannot be shown), `Shot` is it on screen, `holdMs` whether it
 * keeps the screen for a time of its own. A new kind is one more entry; asking, placing and the
 * screen's modes are the same for every kind.
 */
export interface CaptureRenderer {
  preload(p: PhotoDto): Promise<void>;
  Shot(props: ShotProps): ReactElement;
  /**
   * null: it is shown for the screen's interval. A number: it moves the screen on itself (a clip,
   * when it ends: `onEnded`), and the screen waits that long at most before it moves on anyway.
   */
  holdMs(p: PhotoDto): number | null;
}

function PhotoShot({ photo, alt, className, onBroken }: ShotProps) {
  return (
    <img
      key={photo.id}
      data-photo-id={photo.id}
      src={photoUrl(photo) ?? undefined}
      alt={alt}
      onError={onBroken}
      className={className}
    />
  );
}

/** Resolves once the browser can play the clip through from the start (its first seconds are here). */
function loadVideo(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const v = document.createElement('video');
    v.muted = true;
    v.preload = 'auto';
    v.oncanplaythrough = () => resolve();
    v.onerror = () => reject(new Error('clip will not load'));
    v.src = url;
    v.load();
  });
}

/**
 * A clip on a venue screen (ADR 033): muted and inline, from its poster, played once and paused with
 * the screen; its end (or a browser that will not play it) moves the screen on.
 */
function ClipShot({ photo, alt, className, onBroken, playing = true, onEnded }: ShotProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useClipPlayback(ref, playing, onEnded);
  return (
    <video
      ref={ref}
      key={photo.id}
      data-photo-id={photo.id}
      src={photo.videoUrl ?? undefined}
      poster={photo.posterUrl ?? photoUrl(photo) ?? undefined}
      aria-label={alt}
      muted
      autoPlay={playing}
      playsInline
      onEnded={onEnded}
      onError={onBroken}
      className={className}
    />
  );
}

const RENDERERS: Readonly<Record<CaptureKind, CaptureRenderer>> = {
  photo: {
    preload: (p) => {
      const url = photoUrl(p);
      return url ? loadImage(url) : Promise.reject(new Error('no image yet'));
    },
    Shot: PhotoShot,
    holdMs: () => null,
  },
  clip: {
    preload: (p) => (p.videoUrl ? loadVideo(p.videoUrl) : Promise.reject(new Error('no clip yet'))),
    Shot: ClipShot,
    holdMs: (p) => clipStallMs(p.durationMs),
  },
};

/** The renderer of a screen's answer by its kind (a photo when it names none: one saved before kinds). */
export const rendererOf = (p: Pick<PhotoDto, 'kind'>): CaptureRenderer => RENDERERS[captureKindOf(p.kind)];
