import { useId } from 'react';
import type { CaptureKind } from '@afterglow/contracts';
import { buttonClass, type Translate } from '@afterglow/ui';
import { CameraIcon, LoaderCircleIcon } from '../components/icons';
import { useT } from '../text';
import { VideoIcon } from './icons';

/** Why the phone's own camera app is offered instead of the in-app camera. */
export function phoneCameraReason(t: Translate, liveCamera: boolean): string {
  if (liveCamera)
    return t('phoneCamera.alternative', 'Or take the photo with your phone’s camera app instead.');
  // Browsers give the camera only to secure (https) pages; plain http on the venue Wi-Fi is not one.
  return window.isSecureContext === false
    ? t(
        'phoneCamera.insecure',
        'The in-app camera needs a secure connection, so your phone’s camera app opens instead.',
      )
    : t(
        'phoneCamera.unsupported',
        'This browser has no in-app camera, so your phone’s camera app opens instead.',
      );
}

interface PhoneCameraProps {
  /** what the phone's camera app takes: a photo, or a clip (its video camera) */
  kind?: CaptureKind;
  /** why the phone's camera app is offered (null: said by the button beside it) */
  reason: string | null;
  /** the last chosen photo is being turned into a JPEG */
  processing: boolean;
  primary: boolean;
  onFile: (file: File) => void;
}

/**
 * 'Take Photo' (or 'Take Clip') through the phone's camera app: a real file input (keyboard, screen
 * readers and the phone's own camera all work with it), styled as a big button by its label.
 */
export function PhoneCamera({ kind = 'photo', reason, processing, primary, onFile }: PhoneCameraProps) {
  const t = useT();
  const reasonId = useId();
  const clip = kind === 'clip';
  const Icon = clip ? VideoIcon : CameraIcon;
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <label
        className={buttonClass(
          primary ? 'primary' : 'outline',
          'lg',
          'w-full cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-[var(--ag-primary-soft)]',
        )}
      >
        {processing ? <LoaderCircleIcon className="h-5 w-5 animate-spin" /> : <Icon className="h-5 w-5" />}
        {clip ? t('phoneCamera.takeClip', 'Take Clip') : t('phoneCamera.take', 'Take Photo')}
        <input
          type="file"
          accept={clip ? 'video/*' : 'image/*'}
          capture="environment"
          className="sr-only"
          aria-describedby={reason ? reasonId : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Emptied at once, so choosing the same photo again is a change too.
            e.currentTarget.value = '';
            if (file && !processing) onFile(file);
          }}
        />
      </label>
      {reason && (
        <p id={reasonId} className="text-sm text-neutral-600">
          {reason}
        </p>
      )}
      <span role="status" className="sr-only">
        {processing
          ? clip
            ? t('phoneCamera.preparingClip', 'Preparing your clip…')
            : t('phoneCamera.preparing', 'Preparing your photo…')
          : ''}
      </span>
    </div>
  );
}
