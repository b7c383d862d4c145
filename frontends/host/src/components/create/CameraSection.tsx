import { SHOT_LABELS, SHOT_OPTIONS } from '@afterglow/contracts';
import { Camera } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { ChoiceCards } from '../ChoiceCards';
import { SwitchRow } from '../Switch';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

const SHOT_CHOICES = SHOT_OPTIONS.map((n) => ({
  value: n,
  title: `${n} shots`,
  description: SHOT_LABELS[n],
}));

/** Shots per device and captions. */
export function CameraSection({ control }: Pick<SectionProps, 'control'>) {
  return (
    <Section id="camera-heading" icon={Camera} title="Guest camera">
      <Controller
        control={control}
        name="maxShotsPerDevice"
        render={({ field }) => (
          <ChoiceCards
            name="maxShotsPerDevice"
            legend="Shots per device"
            hint="How many photos each guest can take."
            choices={SHOT_CHOICES}
            value={field.value}
            onChange={field.onChange}
            columns="grid-cols-3"
          />
        )}
      />
      <Controller
        control={control}
        name="allowCaptions"
        render={({ field }) => (
          <SwitchRow
            id="allowCaptions"
            label="Allow captions"
            description="Guests can add a short caption to each photo."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </Section>
  );
}
