import { COLOR_MOODS, MOODS, type ColorMood } from '@afterglow/contracts';
import { Palette, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button, MOOD_BACKGROUNDS } from '@afterglow/ui';
import { MOOD_TEXT } from '../../lib/choices';
import { clearMoodPreview, previewMood } from '../../lib/moods';
import { useT } from '../../text';
import { ChoiceCards } from '../ChoiceCards';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

function Swatch({ mood }: { mood: ColorMood }) {
  const m = MOODS[mood];
  return (
    <span aria-hidden className="mb-1 flex h-12 overflow-hidden rounded-lg border border-neutral-200">
      <span className="w-1/3" style={{ background: m.primaryColor }} />
      <span className="w-1/3" style={{ background: m.accentColor }} />
      <span className="w-1/3" style={{ background: MOOD_BACKGROUNDS[mood] }} />
    </span>
  );
}

/**
 * Colour mood (primary, accent and background come together) and the theme preview: while it is
 * on, the whole interface wears the chosen mood; it is undone on reset and when the form goes away.
 */
export function MoodSection({ control }: Pick<SectionProps, 'control'>) {
  const t = useT();
  const mood = useWatch({ control, name: 'colorMood' });
  const moodChoices = COLOR_MOODS.map((m) => ({
    value: m,
    title: t(MOOD_TEXT[m].name),
    description: t(MOOD_TEXT[m].description),
    visual: <Swatch mood={m} />,
  }));
  const [previewing, setPreviewing] = useState(false);
  const applied = useRef(false);

  useEffect(() => {
    if (previewing) {
      previewMood(mood);
      applied.current = true;
    } else if (applied.current) {
      clearMoodPreview();
      applied.current = false;
    }
  }, [previewing, mood]);

  useEffect(
    () => () => {
      if (applied.current) clearMoodPreview();
    },
    [],
  );

  return (
    <Section id="mood-heading" icon={Palette} title={t('create.mood', 'Colour mood')}>
      <Controller
        control={control}
        name="colorMood"
        render={({ field }) => (
          <ChoiceCards
            name="colorMood"
            legend={t('create.moodLegend', 'Theme for your guests')}
            hint={t(
              'create.moodHint',
              'Sets the primary colour, the accent colour and the background together.',
            )}
            choices={moodChoices}
            value={field.value}
            onChange={field.onChange}
            columns="grid-cols-2 sm:grid-cols-3"
          />
        )}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="outline" onClick={() => setPreviewing((p) => !p)}>
          {previewing ? (
            <>
              <RotateCcw aria-hidden className="h-4 w-4" />
              {t('create.resetPreview', 'Reset Preview')}
            </>
          ) : (
            <>
              <Sparkles aria-hidden className="h-4 w-4" />
              {t('create.previewTheme', 'Preview Theme')}
            </>
          )}
        </Button>
        <p aria-live="polite" className="text-sm text-neutral-600">
          {previewing
            ? t('create.previewing', 'Previewing the {mood} theme across Afterglow.', {
                mood: t(MOOD_TEXT[mood].name),
              })
            : ''}
        </p>
      </div>
    </Section>
  );
}
