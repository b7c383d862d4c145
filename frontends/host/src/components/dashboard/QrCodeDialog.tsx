import * as Dialog from '@radix-ui/react-dialog';
import type { HostEvent } from '@afterglow/contracts';
import { QrCode, X } from 'lucide-react';
import { Button } from '@afterglow/ui';
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
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="pr-10 text-xl font-bold">Invite guests to {event.name}</Dialog.Title>
          <Dialog.Description className="mb-5 mt-1 text-neutral-600">
            Show this QR code at the venue or share the link and code.
          </Dialog.Description>
          <ShareEventPanel event={event} />
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close" className="absolute right-3 top-3">
              <X aria-hidden className="h-5 w-5" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
