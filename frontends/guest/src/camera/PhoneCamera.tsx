import { useId } from 'react';
import { Camera as CameraIcon, Loader2 } from 'lucide-react';
import { buttonClass, type Translate } from '@afterglow/ui';
import { useT } from '../text';

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
  reason: string;
  /** the last chosen photo is being turned into a JPEG */
  processing: boolean;
  primary: boolean;
  onFile: (file: File) => void;
}

/**
 * 'Take Photo' through the phone's camera app: a real file input (keyboard, screen readers and the
 * phone's own camera all work with it), styled as a big button by its label.
 */
export function PhoneCamera({ reason, processing, primary, onFile }: PhoneCameraProps) {
  const t = useT();
  const reasonId = useId();
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <label
        className={buttonClass(
          primary ? 'primary' : 'outline',
          'lg',
          'w-full cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-[var(--ag-primary-soft)]',
        )}
      >
        {processing ? (
          <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
        ) : (
          <CameraIcon aria-hidden className="h-5 w-5" />
        )}
        {t('phoneCamera.take', 'Take Photo')}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          aria-describedby={reasonId}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Emptied at once, so choosing the same photo again is a change too.
            e.currentTarget.value = '';
            if (file && !processing) onFile(file);
          }}
        />
      </label>
      <p id={reasonId} className="text-sm text-neutral-600">
        {reason}
      </p>
      <span role="status" className="sr-only">
        {processing ? t('phoneCamera.preparing', 'Preparing your photo…') : ''}
      </span>
    </div>
  );
}
