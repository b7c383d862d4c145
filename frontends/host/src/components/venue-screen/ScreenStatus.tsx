import type { CaptureKind } from '@afterglow/contracts';
import { Sparkles, WifiOff } from 'lucide-react';
import { useT } from '../../text';

/**
 * The 'New photo approved!' banner ('New clip approved!' for a clip; shown by the page for 3 seconds)
 * and the offline note.
 */
export function ScreenStatus({ approved, offline }: { approved: CaptureKind | null; offline: boolean }) {
  const t = useT();
  return (
    <>
      <div role="status" aria-live="polite" className="absolute inset-x-0 top-20 z-20 flex justify-center">
        {approved && (
          <p className="flex animate-[ag-fade-in_0.3s_ease-out] items-center gap-2 rounded-full bg-[var(--ag-accent)] px-6 py-3 text-lg font-bold text-neutral-900 shadow-xl">
            <Sparkles aria-hidden className="h-5 w-5" />
            {approved === 'clip'
              ? t('venue.clipApproved', 'New clip approved!')
              : t('venue.approved', 'New photo approved!')}
          </p>
        )}
      </div>
      <div role="status" aria-live="polite" className="absolute end-4 top-4 z-20">
        {offline && (
          <p className="flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-sm font-medium text-white/90 backdrop-blur">
            <WifiOff aria-hidden className="h-4 w-4" />
            {t('venue.reconnecting', 'Reconnecting…')}
          </p>
        )}
      </div>
    </>
  );
}

/** A thin bar in the event's colour filling up until the next photo (still while paused). */
export function TickBar({ turn, ms, playing }: { turn: number; ms: number; playing: boolean }) {
  return (
    <div aria-hidden className="absolute inset-x-0 bottom-0 z-10 h-1 bg-white/10">
      <div
        key={turn}
        data-testid="screen-tick"
        className="h-full origin-left bg-[var(--ag-primary)] rtl:origin-right"
        style={{
          animation: `ag-tick ${ms}ms linear forwards`,
          animationPlayState: playing ? 'running' : 'paused',
        }}
      />
    </div>
  );
}
