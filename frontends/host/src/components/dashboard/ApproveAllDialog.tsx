import { CheckCheck, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@afterglow/ui';
import { useApproveAll } from '../../hooks/useApproveAll';
import { plural } from '../../lib/format';
import { DashboardDialog, DialogButtons } from './DashboardDialog';

/** 'Approve All', after a confirmation that says how many photos it will approve. */
export function ApproveAllDialog({ eventId, pendingCount }: { eventId: string; pendingCount: number }) {
  const approveAll = useApproveAll(eventId);
  const [open, setOpen] = useState(false);
  const busy = approveAll.isPending;
  const icon = busy ? (
    <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
  ) : (
    <CheckCheck aria-hidden className="h-4 w-4" />
  );
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(o) => !busy && setOpen(o)}
      trigger={
        <Button disabled={pendingCount === 0 || busy} className="shrink-0">
          {icon}
          {busy ? 'Approving...' : 'Approve All'}
        </Button>
      }
      title={`Approve ${plural(pendingCount, 'pending photo')}?`}
      description={
        <p>
          {pendingCount === 1 ? 'It' : `All ${pendingCount}`} will be visible to guests once the event is
          revealed, and on the live display while live mode is on. You can still reject a photo later.
        </p>
      }
    >
      <DialogButtons>
        <Button
          disabled={busy}
          onClick={() => approveAll.mutate(undefined, { onSettled: () => setOpen(false) })}
        >
          {icon}
          {busy ? 'Approving...' : `Approve ${plural(pendingCount, 'photo')}`}
        </Button>
      </DialogButtons>
    </DashboardDialog>
  );
}
