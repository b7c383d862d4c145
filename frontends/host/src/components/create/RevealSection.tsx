import { Eye } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { msg } from '@afterglow/ui';
import { useT } from '../../text';
import { ChoiceCards } from '../ChoiceCards';
import { Field, inputClass } from '../Field';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

const REVEAL_CHOICES = [
  {
    value: 'end',
    title: msg('reveal.end', 'Reveal at the end'),
    description: msg('reveal.endText', 'Every photo appears when the event ends.'),
  },
  {
    value: 'live',
    title: msg('reveal.live', 'Live reveal'),
    description: msg(
      'reveal.liveText',
      'Photos you approve appear live, on the venue screen and in the gallery.',
    ),
  },
] as const;

/** Reveal mode, with the optional custom reveal date and time in live mode. */
export function RevealSection({ control, register, errors }: SectionProps) {
  const t = useT();
  const mode = useWatch({ control, name: 'revealMode' });
  const choices = REVEAL_CHOICES.map((c) => ({
    value: c.value,
    title: t(c.title),
    description: t(c.description),
  }));
  return (
    <Section id="reveal-heading" icon={Eye} title={t('reveal.title', 'Reveal')}>
      <Controller
        control={control}
        name="revealMode"
        render={({ field }) => (
          <ChoiceCards
            name="revealMode"
            legend={t('reveal.mode', 'Reveal mode')}
            choices={choices}
            value={field.value}
            onChange={field.onChange}
            columns="grid-cols-1 sm:grid-cols-2"
          />
        )}
      />
      {mode === 'live' && (
        <div className="space-y-2 rounded-xl bg-[var(--ag-primary-soft)]/60 p-4">
          <p id="reveal-custom-hint" className="text-sm text-neutral-700">
            {t(
              'reveal.customHint',
              'Optional: pick when all photos are revealed to guests. It must lie between the start and the end. Leave it empty to show only the photos you approve live.',
            )}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="revealDate"
              label={t('reveal.date', 'Reveal date (optional)')}
              error={errors.revealDate?.message}
            >
              {(a11y) => <input {...a11y} {...register('revealDate')} type="date" className={inputClass} />}
            </Field>
            <Field
              id="revealTime"
              label={t('reveal.time', 'Reveal time (optional)')}
              error={errors.revealTime?.message}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('revealTime', { deps: ['revealDate'] })}
                  type="time"
                  className={inputClass}
                />
              )}
            </Field>
          </div>
        </div>
      )}
    </Section>
  );
}
