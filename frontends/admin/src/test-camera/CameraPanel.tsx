import type { Ref } from 'react';
import { Camera, CameraOff } from 'lucide-react';
import { Button, Spinner } from '@afterglow/ui';
import type { CameraControls } from '@afterglow/ui/camera';
import { Viewfinder } from '@afterglow/ui/viewfinder';
import { useT } from '../text';
import { FilmOverlay } from './FilmOverlay';
import { presetLook, type TestSettings } from './settings';

interface Props {
  camera: CameraControls;
  shutterRef: Ref<HTMLButtonElement>;
  settings: TestSettings;
  remaining: number;
  busy: boolean;
  /** hidden (but kept streaming) while a capture is previewed */
  hidden: boolean;
  onShoot: () => void;
  onRetry: () => void;
}

/** One dot per frame of the roll, filled while the frame is still unused. */
function FilmDots({ total, remaining }: { total: number; remaining: number }) {
  return (
    <div aria-hidden className="flex flex-wrap justify-center gap-1">
      {Array.from({ length: total }, (_, i) => (
        <span
          key={i}
          className={`h-2 w-2 rounded-full ${i < remaining ? 'bg-[var(--ag-accent)]' : 'bg-neutral-300'}`}
        />
      ))}
    </div>
  );
}

/**
 * The test page's camera: the guest's viewfinder (@afterglow/ui/camera) in a card, with the test
 * overlay, then the roll's count and the shutter.
 */
export function CameraPanel({
  camera,
  shutterRef,
  settings,
  remaining,
  busy,
  hidden,
  onShoot,
  onRetry,
}: Props) {
  const t = useT();
  const empty = remaining <= 0;
  const streaming = camera.status === 'streaming';
  const label = [settings.eventName.trim(), settings.eventCode].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="camera-title" hidden={hidden}>
      <h2 id="camera-title" className="sr-only">
        {t('camera.title', 'Live camera')}
      </h2>
      <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-neutral-900 shadow-lg sm:aspect-[4/3]">
        <Viewfinder camera={camera} film={settings.filmMode ? presetLook(settings.filmPreset) : null}>
          {settings.filmOverlay && streaming && <FilmOverlay label={label} />}
          {camera.status === 'starting' && (
            <div className="absolute inset-0 flex items-center justify-center text-white">
              <Spinner label={t('camera.starting', 'Starting camera')} />
            </div>
          )}
          {camera.status === 'idle' && camera.error && (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center text-white"
            >
              <CameraOff aria-hidden className="h-10 w-10" />
              {/* the one error the camera reports (CAMERA_UNAVAILABLE), in the admin's language */}
              <p className="font-semibold">
                {t('camera.unavailable', 'Camera access denied or not available')}
              </p>
              <p className="text-sm text-neutral-200">
                {t('camera.allowAccess', 'Allow camera access in your browser, then try again.')}
              </p>
              <Button variant="secondary" onClick={onRetry}>
                {t('list.tryAgain', 'Try again')}
              </Button>
            </div>
          )}
        </Viewfinder>
      </div>
      <div className="mt-4 grid justify-items-center gap-3">
        <p className="text-sm font-medium text-neutral-800">
          {t('camera.shotsLeft', '{remaining} of {total} shots left', {
            remaining,
            total: settings.maxShots,
          })}
        </p>
        <FilmDots total={settings.maxShots} remaining={remaining} />
        <button
          ref={shutterRef}
          type="button"
          aria-label={t('camera.takePhoto', 'Take photo')}
          aria-disabled={empty || busy || !streaming}
          onClick={onShoot}
          className={`flex h-18 w-18 items-center justify-center rounded-full border-4 border-white bg-[var(--ag-primary-strong)] text-white shadow-lg ring-2 ring-[var(--ag-primary-strong)] transition focus:outline-none focus-visible:ring-8 focus-visible:ring-[var(--ag-primary-soft)] active:scale-95 ${
            empty || !streaming ? 'opacity-50' : 'hover:brightness-110'
          }`}
        >
          <Camera aria-hidden className="h-8 w-8" />
        </button>
        <div role="status" className="text-center">
          {empty && (
            <>
              <p className="font-semibold text-neutral-900">{t('camera.noShots', 'No shots remaining')}</p>
              <p className="text-sm text-neutral-700">
                {t('camera.usedAll', "You've used all your shots for this test session.")}
              </p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
