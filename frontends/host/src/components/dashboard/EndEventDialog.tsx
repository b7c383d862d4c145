import { revealsAtEnd } from '@afterglow/contracts';
import { CircleStop } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@afterglow/ui';
import type { LifecycleDialogProps } from '../../hooks/useEventLifecycle';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../text';
import { DashboardDialog, DialogButtons } from './DashboardDialog';

/** 'End Event Now', after a confirmation that says what ending does. */
export function EndEventDialog({ event, lifecycle: { end } }: LifecycleDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <DashboardDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <CircleStop aria-hidden className="h-5 w-5" />
          {t('end.button', 'End Event Now')}
        </Button>
      }
      title={t('end.title', 'End this event now?')}
      description={
        <>
          <p>{t('end.text', 'Guests can no longer take photos once the event has ended.')}</p>
          {revealsAtEnd(event) && (
            <p>
              {t('end.reveal', 'The photos are revealed to guests now, instead of at {time}.', {
                time: formatDateTime(event.endsAt, event.timezone, t.locale),
              })}
            </p>
          )}
          <p>{t('end.extendLater', 'You can extend the event later to open it again.')}</p>
        </>
      }
    >
      <DialogButtons>
        <Button
          variant="destructive"
          disabled={end.isPending}
          onClick={() => end.mutate(undefined, { onSuccess: () => setOpen(false) })}
        >
          {end.isPending ? t('end.busy', 'Ending...') : t('end.button', 'End Event Now')}
        </Button>
      </DialogButtons>
    </DashboardDialog>
  );
}
