import { EVENT_NAME_MAX } from '@afterglow/contracts';
import { CalendarDays } from 'lucide-react';
import { format } from 'date-fns';
import { Field, inputClass } from '../Field';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

/** Name, start and end (date and time typed separately, each with its label and error). */
export function DetailsSection({ register, errors }: Omit<SectionProps, 'control'>) {
  const today = format(new Date(), 'yyyy-MM-dd');
  return (
    <Section id="details-heading" icon={CalendarDays} title="Event details">
      <Field id="name" label="Event name" error={errors.name?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('name')}
            type="text"
            autoComplete="off"
            maxLength={EVENT_NAME_MAX}
            placeholder="Sarah & Tom’s Wedding"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="startDate" label="Start date" error={errors.startDate?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('startDate', { deps: ['endDate', 'revealDate'] })}
              type="date"
              min={today}
              className={inputClass}
            />
          )}
        </Field>
        <Field id="startTime" label="Start time" error={errors.startTime?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('startTime', { deps: ['endDate', 'revealDate'] })}
              type="time"
              className={inputClass}
            />
          )}
        </Field>
        <Field id="endDate" label="End date" error={errors.endDate?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('endDate', { deps: ['revealDate'] })}
              type="date"
              min={today}
              className={inputClass}
            />
          )}
        </Field>
        <Field id="endTime" label="End time" error={errors.endTime?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('endTime', { deps: ['endDate', 'revealDate'] })}
              type="time"
              className={inputClass}
            />
          )}
        </Field>
      </div>
    </Section>
  );
}
