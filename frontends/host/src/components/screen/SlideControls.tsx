import { ChevronLeft, ChevronRight, Maximize, Minimize, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFullscreen } from '../../hooks/useFullscreen';

const round =
  'inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur transition hover:bg-white/30 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70';

/** Previous / next on the sides, pause and full screen at the bottom, for both slideshows. */
export function SlideControls({
  onPrev,
  onNext,
  playing,
  onToggle,
  counter,
  children,
}: {
  onPrev: () => void;
  onNext: () => void;
  playing: boolean;
  onToggle: () => void;
  counter: string;
  /** extra bottom content (indicator dots) */
  children?: ReactNode;
}) {
  const fs = useFullscreen();
  return (
    <>
      <button
        type="button"
        aria-label="Previous photo"
        onClick={onPrev}
        className={`${round} absolute left-3 top-1/2 -translate-y-1/2 sm:left-6`}
      >
        <ChevronLeft aria-hidden className="h-7 w-7" />
      </button>
      <button
        type="button"
        aria-label="Next photo"
        onClick={onNext}
        className={`${round} absolute right-3 top-1/2 -translate-y-1/2 sm:right-6`}
      >
        <ChevronRight aria-hidden className="h-7 w-7" />
      </button>
      <div className="flex shrink-0 flex-col items-center gap-3 px-4 pb-4">
        {children}
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={onToggle}
            className="inline-flex h-11 items-center gap-2 rounded-full bg-white/15 px-5 font-semibold text-white backdrop-blur transition hover:bg-white/30 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70"
          >
            {playing ? <Pause aria-hidden className="h-5 w-5" /> : <Play aria-hidden className="h-5 w-5" />}
            {playing ? 'Pause' : 'Play'}
          </button>
          <span className="min-w-16 text-center font-mono text-sm tabular-nums text-white/85" aria-live="off">
            {counter}
          </span>
          {fs.supported && (
            <button
              type="button"
              onClick={fs.toggle}
              aria-label={fs.active ? 'Exit full screen' : 'Enter full screen'}
              className={`${round} h-11 w-11`}
            >
              {fs.active ? (
                <Minimize aria-hidden className="h-5 w-5" />
              ) : (
                <Maximize aria-hidden className="h-5 w-5" />
              )}
            </button>
          )}
        </div>
      </div>
    </>
  );
}
