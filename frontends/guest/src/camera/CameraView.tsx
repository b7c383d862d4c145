import { useEffect, useRef } from 'react';
import { ArrowLeft, Images, Loader2, SwitchCamera } from 'lucide-react';
import type { FilmLook } from '@afterglow/contracts';
import type { CameraControls } from '@afterglow/ui/camera';
import { Viewfinder } from '@afterglow/ui/viewfinder';
import { useT } from '../text';
import { FilmStrip } from './FilmStrip';

interface CameraViewProps {
  camera: CameraControls;
  eventName: string;
  shotsRemaining: number;
  maxShots: number;
  capturing: boolean;
  switching: boolean;
  /** the camera is off on purpose (a photo is in review): no "starting" indicator */
  paused?: boolean;
  /** the event's film look, previewed on the viewfinder (the photo itself is taken without it) */
  film?: FilmLook | null;
  onShutter: () => void;
  onSwitch: () => void;
  onBack: () => void;
  onGallery: () => void;
}

const ROUND =
  'flex h-12 w-12 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur transition hover:bg-black/60 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70 disabled:opacity-50';

/**
 * The full-screen live camera: counter and film strip on top, shutter within thumb reach below. Right
 * to left, the rows mirror by themselves (flex); the shutter stays in the middle.
 */
export function CameraView(p: CameraViewProps) {
  const t = useT();
  const { camera, film } = p;
  const live = camera.status === 'streaming';
  const used = p.maxShots - p.shotsRemaining;
  const shutter = useRef<HTMLButtonElement>(null);
  // The start button is gone once the camera runs: put keyboard and screen-reader focus on the shutter.
  useEffect(() => {
    if (live && (document.activeElement === document.body || !document.activeElement))
      shutter.current?.focus();
  }, [live]);
  return (
    <div className="fixed inset-0 flex flex-col bg-black text-white">
      <Viewfinder camera={camera} film={film} />
      {!live && !p.paused && (
        <div
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white/90"
        >
          <Loader2 aria-hidden className="h-10 w-10 animate-spin" />
          <span>{t('viewfinder.starting', 'Starting camera…')}</span>
        </div>
      )}

      <div className="relative z-10 bg-gradient-to-b from-black/70 to-transparent px-3 pb-6 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <div className="flex items-center gap-3">
          <button type="button" aria-label={t('common.back', 'Back')} onClick={p.onBack} className={ROUND}>
            <ArrowLeft aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
          </button>
          <div className="min-w-0 flex-1 text-center">
            <p className="truncate text-sm font-medium text-white/85">{p.eventName}</p>
            <p aria-live="polite" className="text-lg font-bold tabular-nums">
              {t(
                'viewfinder.shotsLeft',
                '{count, plural, one {{count} shot left} other {{count} shots left}}',
                {
                  count: p.shotsRemaining,
                },
              )}
            </p>
          </div>
          <span className="h-12 w-12" aria-hidden />
        </div>
        <div className="mt-2">
          <FilmStrip used={used} total={p.maxShots} dark />
        </div>
      </div>

      <div className="flex-1" />

      <div className="relative z-10 flex items-center justify-around bg-gradient-to-t from-black/75 to-transparent px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-10">
        <button
          type="button"
          aria-label={t('viewfinder.switch', 'Switch camera')}
          onClick={p.onSwitch}
          disabled={!live || p.switching || p.capturing}
          className={ROUND}
        >
          <SwitchCamera aria-hidden className={`h-6 w-6 ${p.switching ? 'animate-spin' : ''}`} />
        </button>
        <button
          type="button"
          ref={shutter}
          aria-label={t('viewfinder.shutter', 'Take photo')}
          onClick={p.onShutter}
          disabled={!live || p.capturing}
          className="flex h-20 w-20 items-center justify-center rounded-full border-4 border-white bg-white/20 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-accent)] active:scale-95 disabled:opacity-50"
        >
          <span
            className={`h-15 w-15 rounded-full bg-white transition ${p.capturing ? 'scale-75 bg-white/70' : ''}`}
            aria-hidden
          />
        </button>
        <button
          type="button"
          aria-label={t('common.gallery', 'Gallery')}
          onClick={p.onGallery}
          className={ROUND}
        >
          <Images aria-hidden className="h-6 w-6" />
        </button>
      </div>
    </div>
  );
}
