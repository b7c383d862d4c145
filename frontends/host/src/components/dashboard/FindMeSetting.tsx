import * as Dialog from '@radix-ui/react-dialog';
import { PLAN_IDS, PLANS, type HostEvent } from '@afterglow/contracts';
import { LoaderCircle, ScanFace } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@afterglow/ui';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { useEventUpdate } from '../../hooks/useEventUpdate';
import { planRefusal } from '../../lib/plan-refusal';
import { planName } from '../../lib/plans';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';
import { PlanRefusal } from '../PlanRefusal';
import { SwitchRow } from '../Switch';

/** The cheapest plan with Find Me ('Event Pro'): where the switch sends a host whose plan has none. */
const cheapestFindMePlan = () => PLAN_IDS.find((id) => PLANS[id].findMe);

/**
 * 'Find Me' in Event Sharing & Privacy (ADR 036): guests find the photos they are in with a selfie.
 * The switch saves at once (PATCH /api/events/{id}); turning it off deletes every face record of the
 * event, so it asks first. A plan without Find Me leaves the switch off, with the way to upgrade
 * (`upgradeLink`: false when the card shows that link already); the server decides (billing's answer),
 * the switch only reflects it.
 */
export function FindMeSetting({ event, upgradeLink = true }: { event: HostEvent; upgradeLink?: boolean }) {
  const t = useT();
  const [confirmOff, setConfirmOff] = useState(false);
  const switchRef = useRef<HTMLDivElement>(null);
  const save = useEventUpdate(event.id, {
    saved: (t, updated) =>
      updated.findMe
        ? {
            title: t('findMe.onTitle', 'Find Me is on'),
            description: t(
              'findMe.onText',
              'Guests can find the photos they are in from the gallery, with a selfie.',
            ),
          }
        : {
            title: t('findMe.offTitle', 'Find Me is off'),
            description: t('findMe.offText', 'Every face record of this event has been deleted.'),
          },
    failed: (t) => t('findMe.failed', 'Failed to update Find Me'),
    // a plan's refusal is shown here, with the way to upgrade
    shownInCard: (err) => !!planRefusal(err),
  });
  const on = save.isPending ? !!save.variables?.findMe : event.findMe;
  const noPlan = event.planFindMe === false;
  const cheapest = cheapestFindMePlan();
  const refusal = planRefusal(save.error) ? problemText(t, save.error, '') : null;

  const change = (next: boolean) => {
    if (save.isPending) return;
    save.reset();
    if (next) save.mutate({ findMe: true });
    else setConfirmOff(true);
  };

  return (
    <div className="space-y-3 border-t border-neutral-200 pt-5">
      <div ref={switchRef}>
        <SwitchRow
          id="findMe"
          label={t('findMe.label', 'Find Me')}
          description={t(
            'findMe.description',
            'Guests find the photos they are in with a selfie. Faces are compared on this server and selfies are never stored. Turning it off deletes every face record of this event.',
          )}
          checked={on}
          onCheckedChange={change}
          // a plan without Find Me: the switch can still be turned off, never on
          disabled={noPlan && !on}
          describedBy={noPlan ? 'findMe-plan' : undefined}
        />
      </div>
      {save.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
          <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
          {t('common.saving', 'Saving...')}
        </p>
      )}
      {noPlan && cheapest && (
        <p id="findMe-plan" className="text-sm text-neutral-700">
          {t('findMe.plan', 'Find Me comes with {plan} and above.', { plan: planName(cheapest) })}
          {upgradeLink && (
            <>
              {' '}
              <Link to="/pricing" className="font-semibold text-[var(--ag-primary-ink)] underline">
                {t('common.upgrade', 'Upgrade')}
              </Link>
            </>
          )}
        </p>
      )}
      {refusal && <PlanRefusal message={refusal} />}

      <Dialog.Root open={confirmOff} onOpenChange={setConfirmOff}>
        <DialogFrame
          width="max-w-md"
          title={t('findMe.offConfirmTitle', 'Turn off Find Me?')}
          description={
            <>
              <p>
                {t(
                  'findMe.offConfirmText',
                  'Every face record of this event is deleted now, and guests can no longer search with a selfie.',
                )}
              </p>
              <p>
                {t(
                  'findMe.offConfirmLater',
                  'The photos stay. If you turn Find Me on again later, the photos are looked at again.',
                )}
              </p>
            </>
          }
          // no trigger element: focus goes back to the switch
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            switchRef.current?.querySelector<HTMLElement>('[role="switch"]')?.focus();
          }}
        >
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">{t('common.cancel', 'Cancel')}</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirmOff(false);
                save.mutate({ findMe: false });
              }}
            >
              <ScanFace aria-hidden className="h-5 w-5" />
              {t('findMe.offConfirm', 'Turn off and delete face records')}
            </Button>
          </div>
        </DialogFrame>
      </Dialog.Root>
    </div>
  );
}
