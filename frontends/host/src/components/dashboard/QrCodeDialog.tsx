import * as Dialog from '@radix-ui/react-dialog';
import type { HostEvent } from '@afterglow/contracts';
import { QrCode } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { DialogFrame } from '../DialogFrame';
import { ShareEventPanel } from '../ShareEventPanel';

/** 'Show QR Code': the share panel in an accessible dialog (focus trapped, Escape closes). */
export function QrCodeDialog({ event }: { event: HostEvent }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <QrCode aria-hidden className="h-4 w-4" />
          Show QR Code
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={`Invite guests to ${event.name}`}
        description="Show this QR code at the venue or share the link and code."
      >
        <ShareEventPanel event={event} />
      </DialogFrame>
    </Dialog.Root>
  );
}
