import { Link } from 'react-router';
import { Button, LanguageMenu, buttonClass } from '@afterglow/ui';
import { CAMERA_UNAVAILABLE } from '@afterglow/ui/camera';
import { CameraIcon, LoaderCircleIcon } from '../components/icons';
import { useT } from '../text';
import { FilmStrip } from './FilmStrip';
import { PhoneCamera, phoneCameraReason } from './PhoneCamera';
import { ArrowLeftIcon, ImagesIcon } from './icons';

interface StartScreenProps {
  code: string;
  eventName: string;
  shotsRemaining: number;
  maxShots: number;
  starting: boolean;
  error: string | null;
  /** the browser has an in-app camera (getUserMedia): false on plain http and in old browsers */
  liveCamera: boolean;
  /** a photo from the phone's camera app is being prepared */
  processing: boolean;
  /** the event's clip length where guests may take clips with the phone's camera app here, else null */
  clipSeconds?: number | null;
  onStart: () => void;
  onFile: (file: File) => void;
  onClipFile?: (file: File) => void;
}

/**
 * Before the camera runs: the roll so far and one big button (the browser asks for the camera here).
 * Without an in-app camera, or when it is refused or fails, the phone's camera app takes the photo.
 * The camera page has no header: the language menu sits in this screen's top bar, between Back and
 * Gallery, and gives way to them on a narrow phone.
 */
export function StartScreen({
  code,
  eventName,
  shotsRemaining,
  maxShots,
  starting,
  error,
  liveCamera,
  processing,
  clipSeconds,
  onStart,
  onFile,
  onClipFile,
}: StartScreenProps) {
  const t = useT();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-[max(1rem,env(safe-area-inset-top))]">
      <nav aria-label={t('start.nav', 'Camera')} className="flex items-center justify-between gap-2">
        <Link to={`/join/${code}`} className={buttonClass('ghost', 'sm', 'min-w-0 px-2 leading-tight')}>
          <ArrowLeftIcon className="h-4 w-4 rtl:-scale-x-100" />
          {t('common.back', 'Back')}
        </Link>
        <LanguageMenu className="text-neutral-700" />
        <Link to={`/gallery/${code}`} className={buttonClass('ghost', 'sm', 'min-w-0 px-2 leading-tight')}>
          <ImagesIcon className="h-4 w-4" />
          {t('common.gallery', 'Gallery')}
        </Link>
      </nav>
      <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
        <div className="flex h-24 w-24 items-center justify-center rounded-full bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
          <CameraIcon className="h-12 w-12" />
        </div>
        <div>
          <h1 className="text-2xl font-bold text-neutral-900">{eventName}</h1>
          <p className="mt-2 text-lg text-neutral-700">
            {t.rich('start.shotsLeft', '{left} of {total} shots left', {
              left: (
                <span className="font-bold tabular-nums text-[var(--ag-primary-ink)]">{shotsRemaining}</span>
              ),
              total: maxShots,
            })}
          </p>
        </div>
        <FilmStrip used={maxShots - shotsRemaining} total={maxShots} />
        {liveCamera && error && (
          <div
            role="alert"
            className="w-full rounded-xl border border-red-200 bg-red-50 p-4 text-start text-sm text-red-800"
          >
            <p className="font-semibold">
              {error === CAMERA_UNAVAILABLE
                ? t('start.cameraUnavailable', 'Camera access denied or not available')
                : error}
            </p>
            <p className="mt-1">
              {t(
                'start.allowCamera',
                'Allow camera access for this site in your browser settings, then try again.',
              )}
            </p>
          </div>
        )}
        {liveCamera && (
          <Button size="lg" className="w-full" onClick={onStart} disabled={starting}>
            {starting ? (
              <LoaderCircleIcon className="h-5 w-5 animate-spin" />
            ) : (
              <CameraIcon className="h-5 w-5" />
            )}
            {starting ? t('start.starting', 'Starting Camera...') : t('start.start', 'Start Camera')}
          </Button>
        )}
        {(!liveCamera || error) && (
          <PhoneCamera
            reason={phoneCameraReason(t, liveCamera)}
            processing={processing}
            primary={!liveCamera}
            onFile={onFile}
          />
        )}
        {clipSeconds && onClipFile ? (
          <PhoneCamera
            kind="clip"
            reason={t(
              'phoneCamera.clipReason',
              'Or record a clip of up to {seconds} seconds with your phone’s camera.',
              {
                seconds: clipSeconds,
              },
            )}
            processing={processing}
            primary={false}
            onFile={onClipFile}
          />
        ) : null}
        <p className="text-sm text-neutral-600">
          {t('start.hidden', 'Photos stay hidden until the reveal, like a real disposable camera.')}
        </p>
      </div>
    </div>
  );
}
