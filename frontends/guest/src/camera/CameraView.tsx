import { useEffect, useRef } from 'react';
import { clipClock, filmLook, type CaptureKind } from '@afterglow/contracts';
import type { CameraControls } from '@afterglow/ui/camera';
import { Viewfinder } from '@afterglow/ui/viewfinder';
import { icon } from '../components/icons';
import { useT } from '../text';
import { CameraStarting } from './CameraStarting';
import { FilmStrip } from './FilmStrip';
import { ArrowLeftIcon, ImagesIcon } from './icons';

/** lucide-react's SwitchCamera, as components/icons.ts draws the others: only the live camera shows it. */
const SwitchCameraIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M11 19H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5' }],
  ['path', { d: 'M13 5h7a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-5' }],
  ['circle', { cx: '12', cy: '12', r: '3' }],
  ['path', { d: 'm18 22-3-3 3-3' }],
  ['path', { d: 'm6 2 3 3-3 3' }],
]);

interface CameraViewProps {
  camera: CameraControls;
  eventName: string;
  shotsRemaining: number;
  maxShots: number;
  capturing: boolean;
  switching: boolean;
  /** the camera is off on purpose (a photo is in review): no "starting" indicator */
  paused?: boolean;
  /** the event's film preset, its look previewed on the viewfinder (the photo is taken without it) */
  film?: string | null;
  /** the event's clip length in seconds, where the guest may take clips here; else null */
  clipSeconds?: number | null;
  /** what the shutter takes: a photo, or a clip (it starts and stops recording) */
  mode?: CaptureKind;
  onMode?: (mode: CaptureKind) => void;
  /** a clip is being recorded, for this long so far */
  recording?: boolean;
  elapsedMs?: number;
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
  const { camera } = p;
  const film = p.film ? filmLook(p.film) : null;
  const live = camera.status === 'streaming';
  const used = p.maxShots - p.shotsRemaining;
  const clipMode = p.mode === 'clip' && !!p.clipSeconds;
  const recording = clipMode && !!p.recording;
  const limitMs = (p.clipSeconds ?? 0) * 1000;
  const shutter = useRef<HTMLButtonElement>(null);
  // The start button is gone once the camera runs: put keyboard and screen-reader focus on the shutter.
  useEffect(() => {
    if (live && (document.activeElement === document.body || !document.activeElement))
      shutter.current?.focus();
  }, [live]);
  return (
    <div className="fixed inset-0 flex flex-col bg-black text-white">
      <Viewfinder camera={camera} film={film} />
      {!live && !p.paused && <CameraStarting className="absolute" />}

      <div className="relative z-10 bg-gradient-to-b from-black/70 to-transparent px-3 pb-6 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <div className="flex items-center gap-3">
          <button type="button" aria-label={t('common.back', 'Back')} onClick={p.onBack} className={ROUND}>
            <ArrowLeftIcon className="h-6 w-6 rtl:-scale-x-100" />
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
        {clipMode && (
          <p
            className={`mx-auto mt-3 flex w-fit items-center gap-2 rounded-full px-3 py-1 text-base font-semibold tabular-nums ${recording ? 'bg-red-600 text-white' : 'bg-black/45 text-white/90'}`}
          >
            <span
              aria-hidden
              className={`h-2.5 w-2.5 rounded-full ${recording ? 'animate-pulse bg-white' : 'bg-red-500'}`}
            />
            <span className="sr-only">
              {recording ? t('viewfinder.recording', 'Recording') : t('viewfinder.clipLength', 'Clip length')}
            </span>
            <span aria-hidden>
              {clipClock(p.elapsedMs ?? 0)} / {clipClock(limitMs)}
            </span>
          </p>
        )}
      </div>

      <div className="flex-1" />

      {p.clipSeconds && p.onMode ? (
        <ModeSwitch mode={p.mode ?? 'photo'} disabled={recording || p.capturing} onMode={p.onMode} />
      ) : null}
      <div className="relative z-10 flex items-center justify-around bg-gradient-to-t from-black/75 to-transparent px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-10">
        <button
          type="button"
          aria-label={t('viewfinder.switch', 'Switch camera')}
          onClick={p.onSwitch}
          disabled={!live || p.switching || p.capturing || recording}
          className={ROUND}
        >
          <SwitchCameraIcon className={`h-6 w-6 ${p.switching ? 'animate-spin' : ''}`} />
        </button>
        <button
          type="button"
          ref={shutter}
          aria-label={
            !clipMode
              ? t('viewfinder.shutter', 'Take photo')
              : recording
                ? t('viewfinder.stopRecording', 'Stop recording')
                : t('viewfinder.record', 'Record a clip of up to {seconds} seconds', {
                    seconds: p.clipSeconds ?? 0,
                  })
          }
          aria-pressed={clipMode ? recording : undefined}
          onClick={p.onShutter}
          disabled={!live || (p.capturing && !recording)}
          className="relative flex h-20 w-20 items-center justify-center rounded-full border-4 border-white bg-white/20 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-accent)] active:scale-95 disabled:opacity-50"
        >
          {recording && <RecordRing fraction={limitMs ? (p.elapsedMs ?? 0) / limitMs : 0} />}
          <span
            className={
              !clipMode
                ? `h-15 w-15 rounded-full bg-white transition ${p.capturing ? 'scale-75 bg-white/70' : ''}`
                : recording
                  ? 'h-8 w-8 rounded-md bg-red-600 transition-all'
                  : 'h-15 w-15 rounded-full bg-red-600 transition-all'
            }
            aria-hidden
          />
        </button>
        <button
          type="button"
          aria-label={t('common.gallery', 'Gallery')}
          onClick={p.onGallery}
          className={ROUND}
        >
          <ImagesIcon className="h-6 w-6" />
        </button>
      </div>
    </div>
  );
}

/** Photo or Clip, beside the shutter (a clip's recording holds it). */
function ModeSwitch({
  mode,
  disabled,
  onMode,
}: {
  mode: CaptureKind;
  disabled: boolean;
  onMode: (mode: CaptureKind) => void;
}) {
  const t = useT();
  const options: { mode: CaptureKind; label: string }[] = [
    { mode: 'photo', label: t('mode.photo', 'Photo') },
    { mode: 'clip', label: t('mode.clip', 'Clip') },
  ];
  return (
    <div className="relative z-10 flex justify-center pb-1">
      <div
        role="radiogroup"
        aria-label={t('mode.label', 'What to take')}
        className="flex gap-1 rounded-full bg-black/50 p-1 backdrop-blur"
        onKeyDown={(e) => {
          // arrows move between the two, as in any radio group
          if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key) || disabled) return;
          e.preventDefault();
          const next = mode === 'photo' ? 'clip' : 'photo';
          onMode(next);
          e.currentTarget.querySelector<HTMLButtonElement>(`[data-mode="${next}"]`)?.focus();
        }}
      >
        {options.map((o) => (
          <button
            key={o.mode}
            type="button"
            role="radio"
            data-mode={o.mode}
            aria-checked={mode === o.mode}
            tabIndex={mode === o.mode ? 0 : -1}
            disabled={disabled}
            onClick={() => onMode(o.mode)}
            className={`min-h-11 min-w-20 rounded-full px-4 text-sm font-semibold uppercase tracking-wide transition focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70 disabled:opacity-60 ${mode === o.mode ? 'bg-white text-black' : 'text-white/85 hover:bg-white/15'}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** How much of the clip's length has been recorded, drawn round the shutter. */
function RecordRing({ fraction }: { fraction: number }) {
  const r = 38;
  const c = 2 * Math.PI * r;
  return (
    <svg
      aria-hidden
      viewBox="0 0 80 80"
      className="absolute -inset-1 h-[calc(100%+0.5rem)] w-[calc(100%+0.5rem)] -rotate-90"
    >
      <circle
        cx="40"
        cy="40"
        r={r}
        fill="none"
        stroke="rgb(220 38 38)"
        strokeWidth="4"
        strokeDasharray={c}
        strokeDashoffset={c * (1 - Math.min(1, Math.max(0, fraction)))}
      />
    </svg>
  );
}
