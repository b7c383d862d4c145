import { useEffect, useId, useState } from 'react';
import { Camera as CameraIcon, Loader2, SwitchCamera } from 'lucide-react';
import { Button, buttonClass } from '@afterglow/ui';
import { hasLiveCamera, useCamera, useReleaseWhileHidden } from '@afterglow/ui/camera';
import { Viewfinder } from '@afterglow/ui/viewfinder';
import { fileToJpeg } from '../camera/fileShot';
import { phoneCameraReason } from '../camera/PhoneCamera';
import { useT } from '../text';
import { SELFIE_SIDE } from './api';

/**
 * The selfie: the front camera with a shutter where the browser gives one (a secure page with
 * getUserMedia), else the phone's own camera app through a file input (plain http on a venue's network
 * address). Every camera track stops when this step goes (useCamera stops them on unmount). The picture
 * is handed up as a JPEG of at most 1280 px, without its EXIF metadata; nothing keeps it.
 */
export function SelfieStep({ onSelfie }: { onSelfie: (selfie: Blob) => void }) {
  const t = useT();
  const camera = useCamera();
  const [live] = useState(() => window.isSecureContext !== false && hasLiveCamera());
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const reasonId = useId();
  const streaming = camera.status === 'streaming';

  // once, when the step opens (start is stable); useCamera stops the camera when the step goes
  const start = camera.start;
  useEffect(() => {
    if (live) void start('user');
  }, [live, start]);
  useReleaseWhileHidden(camera, () => void camera.start(camera.facing));

  const use = async (take: () => Promise<Blob>) => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      const picture = await take();
      const selfie = await fileToJpeg(picture, SELFIE_SIDE);
      camera.stop();
      onSelfie(selfie);
    } catch {
      setFailed(t('findMe.selfieFailed', 'We couldn’t use this picture. Please try again.'));
      setBusy(false);
    }
  };

  const fileInput = (primary: boolean) => (
    <label
      className={
        primary
          ? buttonClass(
              'primary',
              'lg',
              'w-full cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-[var(--ag-primary-soft)]',
            )
          : // the camera app as a quieter way, under the shutter: a link-like row, its words may wrap
            'flex min-h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-center text-sm font-semibold text-[var(--ag-primary-ink)] underline hover:bg-[var(--ag-primary-soft)] has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-[var(--ag-primary-soft)]'
      }
    >
      <CameraIcon aria-hidden className="h-5 w-5 shrink-0" />
      {primary
        ? t('findMe.takeSelfie', 'Take a selfie')
        : t('findMe.useCameraApp', 'Use your phone’s camera app')}
      <input
        type="file"
        accept="image/*"
        capture="user"
        className="sr-only"
        disabled={busy}
        aria-describedby={primary ? reasonId : undefined}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // emptied at once, so choosing the same picture again is a change too
          e.currentTarget.value = '';
          if (file) void use(async () => file);
        }}
      />
    </label>
  );

  return (
    <div className="space-y-4">
      <p className="text-neutral-700">
        {t('findMe.selfieHint', 'Face the camera in good light, with your whole face in the picture.')}
      </p>
      {live && !camera.error ? (
        <>
          <div className="relative aspect-[3/4] w-full overflow-hidden rounded-xl bg-neutral-900 sm:aspect-[4/3]">
            <Viewfinder camera={camera} film={null} label={t('findMe.preview', 'Your front camera')}>
              {!streaming && (
                <span className="absolute inset-0 flex items-center justify-center text-white/80">
                  <Loader2 aria-hidden className="h-8 w-8 animate-spin" />
                </span>
              )}
            </Viewfinder>
          </div>
          <div className="flex gap-2">
            <Button
              size="lg"
              className="flex-1"
              disabled={!streaming || busy}
              onClick={() => void use(() => camera.capture())}
            >
              {busy ? (
                <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
              ) : (
                <CameraIcon aria-hidden className="h-5 w-5" />
              )}
              {t('findMe.shutter', 'Take selfie')}
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="h-13 w-13"
              disabled={!streaming || busy}
              aria-label={t('findMe.switchCamera', 'Switch camera')}
              onClick={() => void camera.switchCamera()}
            >
              <SwitchCamera aria-hidden className="h-5 w-5" />
            </Button>
          </div>
          {fileInput(false)}
        </>
      ) : (
        <>
          {fileInput(true)}
          <p id={reasonId} className="text-sm text-neutral-600">
            {camera.error
              ? t(
                  'findMe.cameraFailed',
                  'The camera could not be opened, so your phone’s camera app opens instead.',
                )
              : phoneCameraReason(t, false)}
          </p>
        </>
      )}
      <span role="status" className="sr-only">
        {busy ? t('findMe.preparing', 'Preparing your selfie…') : ''}
      </span>
      {failed && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          {failed}
        </p>
      )}
    </div>
  );
}
