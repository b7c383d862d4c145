import { Eye } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { ChoiceCards } from '../ChoiceCards';
import { Field, inputClass } from '../Field';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

const REVEAL_CHOICES = [
  { value: 'end', title: 'Reveal at the end', description: 'Every photo appears when the event ends.' },
  {
    value: 'live',
    title: 'Live reveal',
    description: 'Photos you approve appear live, on the venue screen and in the gallery.',
  },
] as const;

/** Reveal mode, with the optional custom reveal date and time in live mode. */
export function RevealSection({ control, register, errors }: SectionProps) {
  const mode = useWatch({ control, name: 'revealMode' });
  return (
    <Section id="reveal-heading" icon={Eye} title="Reveal">
      <Controller
        control={control}
        name="revealMode"
        render={({ field }) => (
          <ChoiceCards
            name="revealMode"
            legend="Reveal mode"
            choices={REVEAL_CHOICES}
            value={field.value}
            onChange={field.onChange}
            columns="grid-cols-1 sm:grid-cols-2"
          />
        )}
      />
      {mode === 'live' && (
        <div className="space-y-2 rounded-xl bg-[var(--ag-primary-soft)]/60 p-4">
          <p id="reveal-custom-hint" className="text-sm text-neutral-700">
            Optional: pick when all photos are revealed to guests. It must lie between the start and the end.
            Leave it empty to show only the photos you approve live.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="revealDate" label="Reveal date (optional)" error={errors.revealDate?.message}>
              {(a11y) => <input {...a11y} {...register('revealDate')} type="date" className={inputClass} />}
            </Field>
            <Field id="revealTime" label="Reveal time (optional)" error={errors.revealTime?.message}>
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
