import { useEffect, useId, useState, type Ref } from 'react';
import { Check, RotateCcw } from 'lucide-react';
import { CAPTION_MAX } from '@afterglow/contracts';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import type { Shot } from './roll';
import { DEVELOPING_MS } from './settings';

interface Props {
  shot: Shot;
  /** the preset's CSS filter when film mode is on */
  filter: string | undefined;
  caption: string;
  headingRef: Ref<HTMLHeadingElement>;
  onCaption: (caption: string) => void;
  onRetake: () => void;
  onConfirm: () => void;
}

/** The capture with a caption field, Retake Shot and Confirm Photo; in film mode it 'develops' first. */
export function PhotoPreview({ shot, filter, caption, headingRef, onCaption, onRetake, onConfirm }: Props) {
  const t = useT();
  const id = useId();
  const [developing, setDeveloping] = useState(filter !== undefined);
  useEffect(() => {
    if (!developing) return;
    const t = setTimeout(() => setDeveloping(false), DEVELOPING_MS);
    return () => clearTimeout(t);
  }, [developing]);
  const over = caption.length > CAPTION_MAX;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="mb-3 text-lg font-semibold text-neutral-900 focus:outline-none"
      >
        {t('preview.title', 'Preview')}
      </h2>
      <div className="relative overflow-hidden rounded-2xl bg-neutral-900 shadow-lg">
        <img
          src={shot.url}
          alt={
            caption.trim()
              ? t('preview.alt', 'Test photo: {caption}', { caption: caption.trim() })
              : t('preview.altNew', 'Test photo just taken')
          }
          width={shot.width}
          height={shot.height}
          className="mx-auto block h-auto max-h-[70vh] w-full object-contain"
          style={filter ? { filter } : undefined}
        />
        <div
          role="status"
          className={
            developing ? 'absolute inset-0 flex items-center justify-center bg-neutral-900' : 'sr-only'
          }
        >
          {developing && (
            // the dot pulses, not the words: a fading text would drop below readable contrast
            <p className="flex items-center gap-2 text-lg font-semibold text-amber-200">
              <span aria-hidden className="h-2.5 w-2.5 animate-pulse rounded-full bg-amber-300" />
              {t('preview.developing', 'Developing...')}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 grid gap-1.5">
        <label htmlFor={`${id}-caption`} className="text-sm font-medium text-neutral-900">
          {t('preview.caption', 'Caption (optional)')}
        </label>
        <textarea
          id={`${id}-caption`}
          aria-describedby={`${id}-count`}
          rows={2}
          value={caption}
          onChange={(e) => onCaption(e.target.value)}
          placeholder={t('preview.captionPlaceholder', 'Add a caption to this test photo')}
          className="w-full rounded-xl border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 focus:border-[var(--ag-primary)] focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]"
        />
        <p
          id={`${id}-count`}
          className={`text-end text-xs ${over ? 'font-semibold text-red-700' : 'text-neutral-700'}`}
        >
          {caption.length}/{CAPTION_MAX}
          {over && (
            <span className="sr-only">
              {' '}
              {t('preview.overLimit', 'characters, over the limit guests have')}
            </span>
          )}
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onRetake}>
          <RotateCcw aria-hidden className="h-4 w-4" />
          {t('preview.retake', 'Retake Shot')}
        </Button>
        <Button onClick={onConfirm}>
          <Check aria-hidden className="h-4 w-4" />
          {t('preview.confirm', 'Confirm Photo')}
        </Button>
      </div>
    </section>
  );
}
