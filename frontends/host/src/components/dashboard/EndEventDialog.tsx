import { revealsAtEnd, type HostEvent } from '@afterglow/contracts';
import { CircleStop } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@afterglow/ui';
import type { useEventLifecycle } from '../../hooks/useEventLifecycle';
import { formatDateTime } from '../../lib/format';
import { ActionDialog, DialogButtons } from './ActionDialog';

/** 'End Event Now', after a confirmation that says what ending does. */
export function EndEventDialog({
  event,
  end,
}: {
  event: HostEvent;
  end: ReturnType<typeof useEventLifecycle>['end'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <CircleStop aria-hidden className="h-5 w-5" />
          End Event Now
        </Button>
      }
      title="End this event now?"
      description={
        <>
          <p>Guests can no longer take photos once the event has ended.</p>
          {revealsAtEnd(event) && (
            <p>
              The photos are revealed to guests now, instead of at{' '}
              {formatDateTime(event.endsAt, event.timezone)}.
            </p>
          )}
          <p>You can extend the event later to open it again.</p>
        </>
      }
    >
      <DialogButtons>
        <Button
          variant="destructive"
          disabled={end.isPending}
          onClick={() => end.mutate(undefined, { onSuccess: () => setOpen(false) })}
        >
          {end.isPending ? 'Ending...' : 'End Event Now'}
        </Button>
      </DialogButtons>
    </ActionDialog>
  );
}
