import { EVENT_NAME_MAX } from '@afterglow/contracts';
import { CalendarDays } from 'lucide-react';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { useT } from '../../text';
import { Field, inputClass } from '../Field';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

/**
 * Name, start and end (date and time typed separately, each with its label and error); `children`
 * after them (the event's language, which the form keeps outside its schema).
 */
export function DetailsSection({
  register,
  errors,
  children,
}: Omit<SectionProps, 'control'> & { children?: ReactNode }) {
  const t = useT();
  const today = format(new Date(), 'yyyy-MM-dd');
  return (
    <Section id="details-heading" icon={CalendarDays} title={t('create.details', 'Event details')}>
      <Field id="name" label={t('create.name', 'Event name')} error={errors.name?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('name')}
            type="text"
            autoComplete="off"
            maxLength={EVENT_NAME_MAX}
            placeholder={t('create.namePlaceholder', 'Sarah & Tom’s Wedding')}
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="startDate" label={t('create.startDate', 'Start date')} error={errors.startDate?.message}>
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
        <Field id="startTime" label={t('create.startTime', 'Start time')} error={errors.startTime?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('startTime', { deps: ['endDate', 'revealDate'] })}
              type="time"
              className={inputClass}
            />
          )}
        </Field>
        <Field id="endDate" label={t('create.endDate', 'End date')} error={errors.endDate?.message}>
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
        <Field id="endTime" label={t('create.endTime', 'End time')} error={errors.endTime?.message}>
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
      {children}
    </Section>
  );
}
