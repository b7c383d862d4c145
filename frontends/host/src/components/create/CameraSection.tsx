import { SHOT_OPTIONS } from '@afterglow/contracts';
import { Camera } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { usePlanClips } from '../../hooks/usePlanClips';
import { SHOT_LABEL } from '../../lib/choices';
import { useT } from '../../text';
import { ChoiceCards } from '../ChoiceCards';
import { ClipSettings, type ClipChoice } from '../ClipSettings';
import { SwitchRow } from '../Switch';
import type { SectionProps } from './formTypes';
import { Section } from './Section';

/** Shots per device, captions and clips (kept beside the form: its schema has no clips). */
export function CameraSection({
  control,
  clips,
  onClipsChange,
}: Pick<SectionProps, 'control'> & { clips: ClipChoice; onClipsChange: (clips: ClipChoice) => void }) {
  const t = useT();
  const maxClipSeconds = usePlanClips();
  const shotChoices = SHOT_OPTIONS.map((n) => ({
    value: n,
    title: t('create.shots', '{count, plural, one {# shot} other {# shots}}', { count: n }),
    description: t(SHOT_LABEL[n]),
  }));
  return (
    <Section id="camera-heading" icon={Camera} title={t('create.camera', 'Guest camera')}>
      <Controller
        control={control}
        name="maxShotsPerDevice"
        render={({ field }) => (
          <ChoiceCards
            name="maxShotsPerDevice"
            legend={t('create.shotsPerDevice', 'Shots per device')}
            hint={t('create.shotsHint', 'How many photos each guest can take.')}
            choices={shotChoices}
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
            label={t('create.captions', 'Allow captions')}
            description={t('create.captionsHint', 'Guests can add a short caption to each photo.')}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <ClipSettings value={clips} onChange={onClipsChange} maxSeconds={maxClipSeconds} />
    </Section>
  );
}
