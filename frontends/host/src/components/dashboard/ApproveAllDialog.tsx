import { CheckCheck, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@afterglow/ui';
import { useApproveAll } from '../../hooks/useApproveAll';
import { useT } from '../../text';
import { DashboardDialog, DialogButtons } from './DashboardDialog';

/** 'Approve All', after a confirmation that says how many photos it will approve. */
export function ApproveAllDialog({ eventId, pendingCount }: { eventId: string; pendingCount: number }) {
  const t = useT();
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
          {busy ? t('approveAll.busy', 'Approving...') : t('approveAll.button', 'Approve All')}
        </Button>
      }
      title={t(
        'approveAll.title',
        'Approve {count, plural, one {{count} pending photo} other {{count} pending photos}}?',
        { count: pendingCount },
      )}
      description={
        <p>
          {t(
            'approveAll.text',
            '{count, plural, one {It} other {All {count}}} will be visible to guests once the event is revealed, and on the live display while live mode is on. You can still reject a photo later.',
            { count: pendingCount },
          )}
        </p>
      }
    >
      <DialogButtons>
        <Button
          disabled={busy}
          onClick={() => approveAll.mutate(undefined, { onSettled: () => setOpen(false) })}
        >
          {icon}
          {busy
            ? t('approveAll.busy', 'Approving...')
            : t('approveAll.confirm', 'Approve {count, plural, one {{count} photo} other {{count} photos}}', {
                count: pendingCount,
              })}
        </Button>
      </DialogButtons>
    </DashboardDialog>
  );
}
