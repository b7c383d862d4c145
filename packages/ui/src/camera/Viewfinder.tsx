import type { ReactNode } from 'react';
import { filmCssFilter, type FilmLook } from '@afterglow/contracts';
// The package, not '../text': this subpath is bundled into the pages that show a camera.
import { useUiText } from '@afterglow/ui';
import type { CameraControls } from './useCamera';

interface ViewfinderProps {
  camera: CameraControls;
  /** the film look previewed on the picture (the photo itself is taken without it), or null */
  film: FilmLook | null | undefined;
  /** drawn over the picture: status, messages, a frame */
  children?: ReactNode;
  /** what a screen reader calls the picture (default 'Camera preview') */
  label?: string;
}

/**
 * The live camera picture, filling its positioned parent: the front camera mirrored, and the film
 * look of packages/contracts/src/film-looks.ts previewed on it (its filter, its tint multiplied over
 * it and its vignette; ADR 020). The guest's camera, Find Me's selfie and the admin's camera test page
 * show it.
 */
export function Viewfinder({ camera, film, children, label }: ViewfinderProps) {
  const t = useUiText();
  return (
    <>
      <video
        ref={camera.attachVideo}
        autoPlay
        playsInline
        muted
        aria-label={label ?? t('camera.preview', 'Camera preview')}
        className={`absolute inset-0 h-full w-full object-cover ${camera.facing === 'user' ? '-scale-x-100' : ''}`}
        style={film ? { filter: filmCssFilter(film) } : undefined}
      />
      {film?.tint && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0"
          style={{ background: film.tint, opacity: film.tintOpacity, mixBlendMode: 'multiply' }}
        />
      )}
      {film && (
        <div
          aria-hidden
          data-testid="film-vignette"
          className="pointer-events-none absolute inset-0"
          style={{ background: `radial-gradient(transparent 55%,rgba(0,0,0,${film.vignette}))` }}
        />
      )}
      {children}
    </>
  );
}
