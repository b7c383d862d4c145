import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** read to screen readers with the title */
  description?: ReactNode;
  /** hide the title visually (it still names the dialog) */
  hideTitle?: boolean;
  /** false: no close button, Escape and outside clicks do nothing (a choice must be made) */
  dismissible?: boolean;
  dark?: boolean;
  className?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  /** what gets focus on open (default: the first focusable element) */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** An accessible dialog (focus trapped, named, Escape closes) sized for a phone. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideTitle = false,
  dismissible = true,
  dark = false,
  className = '',
  onKeyDown,
  initialFocus,
  children,
}: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; ours are opened from code, so remember the opener
  // (before the dialog takes focus) and return to it on close, never to the page's top.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          onKeyDown={onKeyDown}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl p-4 shadow-2xl focus:outline-none sm:p-6 ${
            dark ? 'bg-neutral-950 text-white' : 'bg-white text-neutral-900'
          } ${className}`}
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-bold leading-tight'}>
              {title}
            </Dialog.Title>
            {dismissible && (
              <Dialog.Close
                aria-label="Close"
                className={`-m-1 ml-auto rounded-full p-2 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] ${
                  dark ? 'text-white/80 hover:bg-white/10' : 'text-neutral-600 hover:bg-neutral-100'
                }`}
              >
                <X aria-hidden className="h-5 w-5" />
              </Dialog.Close>
            )}
          </div>
          {description && (
            <Dialog.Description
              className={dark ? 'mb-3 text-sm text-white/80' : 'mb-3 text-sm text-neutral-600'}
            >
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
