import {
  REPORT_THRESHOLD_DEFAULT,
  REPORT_THRESHOLD_MAX,
  REPORT_THRESHOLD_MIN,
  SHARE_DESCRIPTION_MAX,
  type HostEvent,
} from '@afterglow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, apiRequest, toast, translator } from '@afterglow/ui';
import { keys } from '../../lib/api';
import { planRefusal } from '../../lib/plan-refusal';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';
import { inputClass } from '../Field';
import { SwitchRow } from '../Switch';
import { FindMeSetting } from './FindMeSetting';

/**
 * 'Event Sharing & Privacy': the public gallery switch and its description, the report threshold (PUT
 * /api/events/{id}/sharing), and the Find Me switch (its own PATCH, saved as it is switched).
 */
export function SharingCard({ event }: { event: HostEvent }) {
  const t = useT();
  const qc = useQueryClient();
  const [isPublic, setIsPublic] = useState(event.isPublic);
  const [description, setDescription] = useState(event.shareDescription ?? '');
  const saved = event.reportThreshold ?? REPORT_THRESHOLD_DEFAULT;
  const [threshold, setThreshold] = useState(saved);
  const trimmed = description.trim();
  // the server decides (billing's answer for the host's plan); the switch only reflects it
  const noPlan = event.publicGallery === false;
  const dirty =
    isPublic !== event.isPublic || trimmed !== (event.shareDescription ?? '') || threshold !== saved;

  const save = useMutation({
    mutationFn: () =>
      apiRequest<HostEvent>('PUT', `/api/events/${encodeURIComponent(event.id)}/sharing`, {
        isPublic,
        shareDescription: trimmed || null,
        reportThreshold: threshold,
      }),
    onSuccess: (updated) => {
      qc.setQueryData(keys.event(event.id), (old: HostEvent | undefined) =>
        old ? { ...old, ...updated } : updated,
      );
      setDescription(updated.shareDescription ?? '');
      const t = translator();
      toast({
        title: t('sharing.updated', 'Sharing updated'),
        description: t('sharing.updatedText', 'Your sharing settings have been saved.'),
        variant: 'success',
      });
    },
    onError: (err) => {
      const t = translator();
      const failed = t('sharing.failed', 'Failed to update sharing settings');
      toast({
        title: t('common.updateFailed', 'Update failed'),
        description: planRefusal(err) ? problemText(t, err, failed) : failed,
        variant: 'destructive',
      });
    },
  });

  return (
    <Card>
      <section aria-labelledby="sharing-heading" className="space-y-5">
        <h2 id="sharing-heading" className="flex items-center gap-2 text-xl font-bold">
          <Globe aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {t('sharing.title', 'Event Sharing & Privacy')}
        </h2>
        <SwitchRow
          id="isPublic"
          label={t('sharing.publicGallery', 'Public gallery')}
          description={t(
            'sharing.publicText',
            'Anyone with the gallery link can see the photos once they are revealed.',
          )}
          checked={isPublic}
          onCheckedChange={setIsPublic}
          disabled={noPlan && !isPublic}
        />
        {noPlan && (
          <p id="isPublic-plan" className="text-sm text-neutral-700">
            {t(
              'problem.noPublicGallery',
              "Your plan does not include a public gallery. Upgrade your plan to share this event's photos publicly.",
            )}{' '}
            <Link to="/pricing" className="font-semibold text-[var(--ag-primary-ink)] underline">
              {t('common.upgrade', 'Upgrade')}
            </Link>
          </p>
        )}
        {isPublic && (
          <div>
            <label htmlFor="shareDescription" className="mb-1.5 block text-sm font-semibold text-neutral-800">
              {t('sharing.description', 'Share description')}
            </label>
            <textarea
              id="shareDescription"
              value={description}
              maxLength={SHARE_DESCRIPTION_MAX}
              rows={3}
              onChange={(e) => setDescription(e.target.value)}
              aria-describedby="shareDescription-count"
              placeholder={t('sharing.descriptionPlaceholder', 'A few words shown on the public gallery')}
              className={`${inputClass} resize-y`}
            />
            <p id="shareDescription-count" className="mt-1 text-end text-sm text-neutral-600">
              {description.length}/{SHARE_DESCRIPTION_MAX}
            </p>
            {event.isPublic && (
              <p className="mt-1 text-sm text-neutral-700">
                {t.rich('sharing.galleryLink', 'Public gallery: {link}', {
                  link: (
                    <Link
                      to={`/public/${event.slug}`}
                      className="font-medium text-[var(--ag-primary-ink)] underline"
                    >
                      {`/public/${event.slug}`}
                    </Link>
                  ),
                })}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor="reportThreshold" className="mb-1.5 block text-sm font-semibold text-neutral-800">
            {t('sharing.threshold', 'Hide a photo after this many guest reports')}
          </label>
          <select
            id="reportThreshold"
            value={threshold}
            onChange={(e) => setThreshold(Number(e.target.value))}
            aria-describedby="reportThreshold-help"
            className={`${inputClass} w-28`}
          >
            {Array.from(
              { length: REPORT_THRESHOLD_MAX - REPORT_THRESHOLD_MIN + 1 },
              (_, i) => i + REPORT_THRESHOLD_MIN,
            ).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <p id="reportThreshold-help" className="mt-1 text-sm text-neutral-600">
            {t(
              'sharing.thresholdHelp',
              'Guests can report a photo. Once this many different phones report it, it is hidden from guests and screens until you approve or reject it.',
            )}
          </p>
        </div>
        <Button onClick={() => save.mutate()} disabled={!dirty || save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
          {save.isPending ? t('common.saving', 'Saving...') : t('sharing.save', 'Save Sharing Settings')}
        </Button>
        {/* saved as it is switched, apart from the settings above */}
        {/* one way to upgrade per card: the public gallery's line has it when that is not in the plan */}
        <FindMeSetting event={event} upgradeLink={!noPlan} />
      </section>
    </Card>
  );
}
