import { CLIP_SECONDS_DEFAULT, type HostEvent, type UpdateEventBody } from '@afterglow/contracts';
import { Clapperboard, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, Card } from '@afterglow/ui';
import { useEventUpdate } from '../../hooks/useEventUpdate';
import { usePlanClips } from '../../hooks/usePlanClips';
import { planRefusal } from '../../lib/plan-refusal';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';
import { PlanRefusal } from '../PlanRefusal';
import { ClipSettings, type ClipChoice } from '../ClipSettings';

/** Whether guests may take clips and how long, as the host changes them after creating the event. */
export function ClipsCard({ event }: { event: HostEvent }) {
  const t = useT();
  const saved: ClipChoice = {
    allowClips: event.allowClips ?? false,
    clipSeconds: event.clipSeconds ?? CLIP_SECONDS_DEFAULT,
  };
  const [clips, setClips] = useState<ClipChoice>(saved);
  const maxSeconds = usePlanClips();
  // only what changed: turning clips on is what the plan is asked about
  const changes: UpdateEventBody = {
    ...(clips.allowClips !== saved.allowClips && { allowClips: clips.allowClips }),
    ...(clips.clipSeconds !== saved.clipSeconds && { clipSeconds: clips.clipSeconds }),
  };
  const dirty = Object.keys(changes).length > 0;

  const save = useEventUpdate(event.id, {
    saved: (t, updated) => ({
      title: t('clips.updated', 'Clip settings saved'),
      description: updated.allowClips
        ? t(
            'clips.updatedOn',
            '{count, plural, one {Guests can take clips of up to # second.} other {Guests can take clips of up to # seconds.}}',
            { count: updated.clipSeconds },
          )
        : t('clips.updatedOff', 'Guests take photos only.'),
    }),
    failed: (t) => t('clips.failed', 'Failed to update the clip settings'),
    // a plan's refusal is shown in the card, with the way to upgrade
    shownInCard: (err) => !!planRefusal(err),
  });
  const refusal = planRefusal(save.error) ? problemText(t, save.error, '') : null;

  return (
    <Card>
      <form
        aria-labelledby="clips-heading"
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty && !save.isPending) save.mutate(changes);
        }}
      >
        <h2 id="clips-heading" className="flex items-center gap-2 text-xl font-bold">
          <Clapperboard aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {t('clips.title', 'Clips')}
        </h2>
        <ClipSettings
          idPrefix="event-"
          value={clips}
          onChange={(v) => {
            save.reset();
            setClips(v);
          }}
          maxSeconds={maxSeconds}
        />
        {refusal && <PlanRefusal message={refusal} />}
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
          {save.isPending ? t('common.saving', 'Saving...') : t('clips.save', 'Save Clip Settings')}
        </Button>
      </form>
    </Card>
  );
}
