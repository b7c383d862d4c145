import type { CreateEventForm } from '@afterglow/contracts';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { createEventFormSchema } from '@afterglow/contracts';

export type FormInput = z.input<typeof createEventFormSchema>;
export type FormOutput = CreateEventForm;

/** What each section of the form gets from the form. */
export interface SectionProps {
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}

/** Spec sections 2, 5 and 9: every default of the create form. */
export const FORM_DEFAULTS: FormInput = {
  name: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  maxShotsPerDevice: 12,
  revealMode: 'end',
  revealDate: '',
  revealTime: '',
  filmMode: false,
  filmPreset: 'classic',
  noRetakes: false,
  shotCount: 24,
  allowCaptions: true,
  colorMood: 'vintage',
};

/** Server field paths (the API body) onto the form's fields. */
export const SERVER_FIELD: Record<string, keyof FormInput> = {
  name: 'name',
  startsAt: 'startDate',
  endsAt: 'endDate',
  revealAt: 'revealDate',
  maxShotsPerDevice: 'maxShotsPerDevice',
  revealMode: 'revealMode',
  filmPreset: 'filmPreset',
  shotCount: 'shotCount',
  colorMood: 'colorMood',
};
