import { ChevronLeft, ChevronRight, Maximize, Minimize, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFullscreen } from '../../hooks/useFullscreen';
import { useT } from '../../text';

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
  const t = useT();
  const fs = useFullscreen();
  return (
    <>
      <button
        type="button"
        aria-label={t('slides.previous', 'Previous photo')}
        onClick={onPrev}
        className={`${round} absolute start-3 top-1/2 -translate-y-1/2 sm:start-6`}
      >
        <ChevronLeft aria-hidden className="h-7 w-7 rtl:-scale-x-100" />
      </button>
      <button
        type="button"
        aria-label={t('slides.next', 'Next photo')}
        onClick={onNext}
        className={`${round} absolute end-3 top-1/2 -translate-y-1/2 sm:end-6`}
      >
        <ChevronRight aria-hidden className="h-7 w-7 rtl:-scale-x-100" />
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
            {playing ? t('slides.pause', 'Pause') : t('slides.play', 'Play')}
          </button>
          <span className="min-w-16 text-center font-mono text-sm tabular-nums text-white/85" aria-live="off">
            {counter}
          </span>
          {fs.supported && (
            <button
              type="button"
              onClick={fs.toggle}
              aria-label={
                fs.active
                  ? t('slides.exitFullScreen', 'Exit full screen')
                  : t('slides.fullScreen', 'Enter full screen')
              }
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
