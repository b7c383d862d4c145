import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
// From the package, not './text': this subpath is bundled into each page that uses it, and its
// messages must be the shared singleton's.
import { useUiText } from '@afterglow/ui';
import { Button } from './button';

interface Props extends Omit<Dialog.DialogContentProps, 'title'> {
  title: ReactNode;
  description: ReactNode;
  /** the panel's widest (a Tailwind max-width class) */
  width?: string;
}

/**
 * The signed-in pages' dialogs (the host's dashboard, the admin dashboard): the overlay, a centred panel that scrolls on small screens, the title,
 * the description and a Close button. Radix traps focus inside, Escape closes it and focus returns to
 * the button that opened it.
 */
export function DialogFrame({ title, description, width = 'max-w-2xl', children, ...content }: Props) {
  const t = useUiText();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
      <Dialog.Content
        {...content}
        className={`fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none`}
      >
        <Dialog.Title className="pe-10 text-xl font-bold">{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className="mb-5 mt-2 space-y-2 text-neutral-700">{description}</div>
        </Dialog.Description>
        {children}
        <Dialog.Close asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('dialog.close', 'Close')}
            className="absolute end-3 top-3"
          >
            <X aria-hidden className="h-5 w-5" />
          </Button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
