import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@afterglow/ui';

interface Props {
  /** the button that opens it */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** controlled when given (to close it after an action succeeds) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** 'wide' for content that needs room (the share panel) */
  size?: 'narrow' | 'wide';
  children: ReactNode;
}

/**
 * A dialog of the host dashboard (the QR code; ending, extending, deleting the event): focus trapped
 * inside, Escape, Cancel and the close button close it, focus returns to the button that opened it.
 */
export function DashboardDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  size = 'narrow',
  children,
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none ${
            size === 'wide' ? 'max-w-2xl' : 'max-w-md'
          }`}
        >
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mb-5 mt-2 space-y-2 text-neutral-700">{description}</div>
          </Dialog.Description>
          {children}
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

/** Cancel and the dialog's action, side by side (stacked on a phone, the action first). */
export function DialogButtons({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.Close>
      {children}
    </div>
  );
}
