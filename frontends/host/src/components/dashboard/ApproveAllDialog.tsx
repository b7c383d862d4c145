import * as Dialog from '@radix-ui/react-dialog';
import { CheckCheck, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@afterglow/ui';
import { useApproveAll } from '../../hooks/useApproveAll';
import { plural } from '../../lib/format';

/** 'Approve All', after a confirmation that says how many photos it will approve. */
export function ApproveAllDialog({ eventId, pendingCount }: { eventId: string; pendingCount: number }) {
  const approveAll = useApproveAll(eventId);
  const [open, setOpen] = useState(false);
  const busy = approveAll.isPending;
  const confirm = () => approveAll.mutate(undefined, { onSettled: () => setOpen(false) });
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <Dialog.Trigger asChild>
        <Button disabled={pendingCount === 0 || busy} className="shrink-0">
          {busy ? (
            <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
          ) : (
            <CheckCheck aria-hidden className="h-4 w-4" />
          )}
          {busy ? 'Approving...' : 'Approve All'}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold">
            Approve {plural(pendingCount, 'pending photo')}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-neutral-700">
            {pendingCount === 1 ? 'It' : `All ${pendingCount}`} will be visible to guests once the event is
            revealed, and on the live display while live mode is on. You can still reject a photo later.
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button onClick={confirm} disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
              ) : (
                <CheckCheck aria-hidden className="h-4 w-4" />
              )}
              {busy ? 'Approving...' : `Approve ${plural(pendingCount, 'photo')}`}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
