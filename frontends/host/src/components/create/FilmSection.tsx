import { FILM_PRESET_INFO, FILM_PRESETS, SHOT_LABELS, SHOT_OPTIONS } from '@afterglow/contracts';
import { Film } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { ChoiceCards } from '../ChoiceCards';
import { SwitchRow } from '../Switch';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

const PRESET_CHOICES = FILM_PRESETS.map((p) => ({
  value: p,
  title: FILM_PRESET_INFO[p].name,
  description: FILM_PRESET_INFO[p].description,
}));
const ROLL_CHOICES = SHOT_OPTIONS.map((n) => ({
  value: n,
  title: `${n} exposures`,
  description: SHOT_LABELS[n],
}));

/** The film mode switch; its preset, no-retakes and shot-count options show when it is on. */
export function FilmSection({ control }: Pick<SectionProps, 'control'>) {
  const on = useWatch({ control, name: 'filmMode' });
  return (
    <Section id="film-heading" icon={Film} title="Film look">
      <Controller
        control={control}
        name="filmMode"
        render={({ field }) => (
          <SwitchRow
            id="filmMode"
            label="Film mode"
            description="Grain, light leaks and a date stamp, like a real disposable camera. Originals stay untouched."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {on && (
        <div className="space-y-5 border-t border-neutral-200 pt-5">
          <Controller
            control={control}
            name="filmPreset"
            render={({ field }) => (
              <ChoiceCards
                name="filmPreset"
                legend="Film preset"
                choices={PRESET_CHOICES}
                value={field.value}
                onChange={field.onChange}
                columns="grid-cols-1 sm:grid-cols-2"
              />
            )}
          />
          <Controller
            control={control}
            name="noRetakes"
            render={({ field }) => (
              <SwitchRow
                id="noRetakes"
                label="No retakes"
                description="Like real film: once a shot is taken, it stays."
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="shotCount"
            render={({ field }) => (
              <ChoiceCards
                name="shotCount"
                legend="Shot count"
                hint="Exposures on the film roll."
                choices={ROLL_CHOICES}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
      )}
    </Section>
  );
}
