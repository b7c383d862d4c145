import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '@afterglow/ui';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { useT } from '../../text';

interface Props {
  /** the button that opens it */
  trigger: ReactNode;
  /** in the page's language */
  title: string;
  description: ReactNode;
  /** controlled when given (to close it after an action succeeds) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** 'wide' for content that needs room (the share panel) */
  size?: 'narrow' | 'wide';
  children: ReactNode;
}

/** A dialog of the host dashboard (the QR code; approving all; ending, extending, deleting the event). */
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
      <DialogFrame title={title} description={description} width={size === 'wide' ? 'max-w-2xl' : 'max-w-md'}>
        {children}
      </DialogFrame>
    </Dialog.Root>
  );
}

/** Cancel and the dialog's action, side by side (stacked on a phone, the action first). */
export function DialogButtons({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="outline">{t('common.cancel', 'Cancel')}</Button>
      </Dialog.Close>
      {children}
    </div>
  );
}
