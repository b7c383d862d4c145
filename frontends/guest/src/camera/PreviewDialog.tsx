import { useId, useRef, useState } from 'react';
import { CAPTION_MAX } from '@afterglow/contracts';
import { Button } from '@afterglow/ui';
import { Modal } from '../components/Modal';
import { LoaderCircleIcon } from '../components/icons';
import { uploadError } from '../lib/upload-errors';
import { useT } from '../text';
import type { CapturedShot } from './capture';
import { CheckIcon, DownloadIcon, RefreshCwIcon, RotateCcwIcon } from './preview-icons';
import type { UploadFailure } from './useKeepShot';

const DARK_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-white/10 font-semibold text-white transition hover:bg-white/20 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/40 disabled:cursor-not-allowed disabled:opacity-50';

interface PreviewDialogProps {
  shot: CapturedShot;
  allowCaptions: boolean;
  /** the event allows no retakes: every capture is kept */
  noRetakes: boolean;
  uploading: boolean;
  /** how much of a clip is up, 0–1, while it uploads */
  progress?: number | null;
  /** the last upload's failure, if any: the photo stays here until it is stored */
  error: UploadFailure | null;
  onRetake: () => void;
  onKeep: (caption: string) => void;
}

/** A file name for the capture saved to the phone, by what it is. */
function saveName(shot: CapturedShot): string {
  const ext =
    shot.kind !== 'clip'
      ? 'jpg'
      : shot.blob.type.includes('mp4')
        ? 'mp4'
        : shot.blob.type.includes('quicktime')
          ? 'mov'
          : 'webm';
  return `afterglow-${shot.uploadId.slice(0, 8)}.${ext}`;
}

/**
 * The captured photo (or clip, playing with its sound) with an optional caption, Retake and Keep. It
 * never closes by itself.
 */
export function PreviewDialog({
  shot,
  allowCaptions,
  noRetakes,
  uploading,
  progress,
  error,
  onRetake,
  onKeep,
}: PreviewDialogProps) {
  const t = useT();
  const clip = shot.kind === 'clip';
  const [caption, setCaption] = useState('');
  const captionId = useId();
  // Focus the main action, not the caption: on a phone that would cover the photo with the keyboard.
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      onOpenChange={() => undefined}
      dismissible={false}
      title={clip ? t('preview.clipTitle', 'Your clip') : t('preview.title', 'Your photo')}
      hideTitle
      dark
      initialFocus={keep}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!uploading) onKeep(caption);
        }}
      >
        {clip ? (
          <video
            src={shot.url}
            aria-label={t('preview.clipAlt', 'The clip you just recorded')}
            controls
            autoPlay
            playsInline
            loop
            className="max-h-[50dvh] w-full rounded-xl bg-black object-contain"
          />
        ) : (
          <img
            src={shot.url}
            alt={t('preview.alt', 'The photo you just took')}
            className="max-h-[50dvh] w-full rounded-xl bg-black object-contain"
          />
        )}
        {allowCaptions && (
          <div>
            <div className="mb-1.5 flex items-baseline justify-between">
              <label htmlFor={captionId} className="text-sm font-semibold text-white">
                {t.rich('preview.caption', 'Caption {optional}', {
                  optional: (
                    <span className="font-normal text-white/70">{t('common.optional', '(optional)')}</span>
                  ),
                })}
              </label>
              <span id={`${captionId}-count`} className="text-xs tabular-nums text-white/70">
                {caption.length}/{CAPTION_MAX}
              </span>
            </div>
            <input
              id={captionId}
              value={caption}
              onChange={(e) => setCaption(e.target.value.slice(0, CAPTION_MAX))}
              maxLength={CAPTION_MAX}
              disabled={uploading}
              enterKeyHint="done"
              placeholder={t('preview.captionPlaceholder', 'Say something about this moment')}
              aria-describedby={`${captionId}-count`}
              className="h-12 w-full rounded-xl border border-white/20 bg-white/10 px-4 text-white placeholder:text-white/60 focus:border-[var(--ag-accent)] focus:outline-none focus:ring-4 focus:ring-white/20 disabled:opacity-60"
            />
          </div>
        )}
        {error && (
          <div
            role="alert"
            className="rounded-xl border border-red-400/50 bg-red-500/15 p-3 text-sm text-red-50"
          >
            <p className="font-semibold">
              {t('preview.uploadFailed', 'Upload failed: {reason}', { reason: uploadError(t, error) })}
            </p>
            <p className="mt-1 text-red-50/90">
              {clip
                ? error.retryable
                  ? t(
                      'preview.clipSafe',
                      'Your clip is safe on this phone. Check your connection and try again.',
                    )
                  : t(
                      'preview.clipRefused',
                      'This clip could not be added to the event. You can still save it to your phone.',
                    )
                : error.retryable
                  ? t(
                      'preview.safe',
                      'Your photo is safe on this phone. Check your connection and try again.',
                    )
                  : t(
                      'preview.refused',
                      'This photo could not be added to the event. You can still save it to your phone.',
                    )}
            </p>
            <a href={shot.url} download={saveName(shot)} className={`${DARK_BUTTON} mt-2 h-9 px-3 text-sm`}>
              <DownloadIcon className="h-4 w-4" />
              {t('preview.save', 'Save to phone')}
            </a>
          </div>
        )}
        {noRetakes && !error && (
          <p className="text-center text-sm text-white/80">
            {t('preview.noRetakes', 'No retakes at this event: every shot counts.')}
          </p>
        )}
        <div className="flex gap-3">
          {(!noRetakes || error?.retryable === false) && (
            <button
              type="button"
              className={`${DARK_BUTTON} h-11 flex-1 px-5`}
              onClick={onRetake}
              disabled={uploading}
            >
              <RotateCcwIcon className="h-5 w-5 max-[400px]:hidden" />
              {t('preview.retake', 'Retake')}
            </button>
          )}
          <Button
            ref={keep}
            type="submit"
            className="flex-1"
            disabled={uploading}
            aria-busy={uploading || undefined}
          >
            {uploading ? (
              <>
                <LoaderCircleIcon className="h-5 w-5 animate-spin max-[400px]:hidden" />
                {progress != null
                  ? t('preview.uploadingPercent', 'Uploading... {percent}%', {
                      percent: Math.round(progress * 100),
                    })
                  : t('preview.uploading', 'Uploading...')}
              </>
            ) : error ? (
              <>
                <RefreshCwIcon className="h-5 w-5 max-[400px]:hidden" />
                {t('preview.retry', 'Retry Upload')}
              </>
            ) : (
              <>
                <CheckIcon className="h-5 w-5 max-[400px]:hidden" />
                {clip ? t('common.keepClip', 'Keep Clip') : t('common.keepPhoto', 'Keep Photo')}
              </>
            )}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
