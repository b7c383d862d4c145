import { FILM_PRESETS, SHOT_OPTIONS } from '@afterglow/contracts';
import { Film } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { FILM_PRESET_TEXT, SHOT_LABEL } from '../../lib/choices';
import { useT } from '../../text';
import { ChoiceCards } from '../ChoiceCards';
import { SwitchRow } from '../Switch';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

/** The film mode switch; its preset, no-retakes and shot-count options show when it is on. */
export function FilmSection({ control }: Pick<SectionProps, 'control'>) {
  const t = useT();
  const on = useWatch({ control, name: 'filmMode' });
  const presetChoices = FILM_PRESETS.map((p) => ({
    value: p,
    title: t(FILM_PRESET_TEXT[p].name),
    description: t(FILM_PRESET_TEXT[p].description),
  }));
  const rollChoices = SHOT_OPTIONS.map((n) => ({
    value: n,
    title: t('create.exposures', '{count, plural, one {# exposure} other {# exposures}}', { count: n }),
    description: t(SHOT_LABEL[n]),
  }));
  return (
    <Section id="film-heading" icon={Film} title={t('create.film', 'Film look')}>
      <Controller
        control={control}
        name="filmMode"
        render={({ field }) => (
          <SwitchRow
            id="filmMode"
            label={t('create.filmMode', 'Film mode')}
            description={t(
              'create.filmModeHint',
              'Grain, light leaks and a date stamp, like a real disposable camera. Originals stay untouched.',
            )}
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
                legend={t('create.filmPreset', 'Film preset')}
                choices={presetChoices}
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
                label={t('create.noRetakes', 'No retakes')}
                description={t('create.noRetakesHint', 'Like real film: once a shot is taken, it stays.')}
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
                legend={t('create.shotCount', 'Shot count')}
                hint={t('create.shotCountHint', 'Exposures on the film roll.')}
                choices={rollChoices}
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
