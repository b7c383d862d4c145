import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useT } from '../text';
import { icon } from './icons';

/** lucide-react's X, as components/icons.ts draws the others: only the dialogs show it. */
const XIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);

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
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  /** what gets focus on open (default: the first focusable element) */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible dialog sized for a phone, on the browser's own modal `<dialog>`: the rest of the page
 * is inert while it is open (focus cannot leave it, screen readers read only it), Escape and a tap
 * outside close it unless a choice must be made, and focus goes back to what opened it. No dialog
 * library: the guest's pages stay light on a party's Wi-Fi (docs/adr/021-installable-and-offline.md).
 */
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
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // ours are opened from code: remember the opener (before the dialog takes focus) to return to it
  const opener = useRef<HTMLElement | null>(null);
  const latest = useRef(onOpenChange);
  latest.current = onOpenChange;
  // read once per opening, whatever the parent passes later
  const focusOnOpen = useRef(initialFocus);
  focusOnOpen.current = initialFocus;

  useLayoutEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    if (!d.open) d.showModal();
    const first =
      focusOnOpen.current?.current ?? d.querySelector<HTMLElement>(`[data-autofocus], ${FOCUSABLE}`);
    first?.focus();
    const scroll = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = scroll;
      if (opener.current?.isConnected) opener.current.focus();
    };
  }, [open]);

  // Escape: the browser's cancel event, refused when a choice must be made. Should the browser close
  // the dialog itself all the same (a second Escape), it is closed for us too, or opened again.
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    const cancel = (e: Event) => {
      e.preventDefault();
      if (dismissible) latest.current(false);
    };
    const closed = () => {
      if (dismissible) latest.current(false);
      else if (d.isConnected) d.showModal();
    };
    d.addEventListener('cancel', cancel);
    d.addEventListener('close', closed);
    return () => {
      d.removeEventListener('cancel', cancel);
      d.removeEventListener('close', closed);
    };
  }, [open, dismissible]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      // a tap on the backdrop lands on the dialog element itself, outside its panel
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onOpenChange(false);
      }}
      className="m-0 h-full max-h-none w-full max-w-none border-0 bg-transparent p-0 backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div
        onClick={(e) => {
          if (dismissible && e.target === e.currentTarget) onOpenChange(false);
        }}
        className="flex h-full w-full items-center justify-center p-3"
      >
        <div
          className={`flex max-h-[calc(100dvh-1.5rem)] w-full max-w-lg flex-col overflow-y-auto rounded-2xl p-4 shadow-2xl sm:p-6 ${
            dark ? 'bg-neutral-950 text-white' : 'bg-white text-neutral-900'
          } ${className}`}
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-bold leading-tight'}>
              {title}
            </h2>
            {dismissible && (
              <button
                type="button"
                aria-label={t('dialog.close', 'Close')}
                onClick={() => onOpenChange(false)}
                className={`-m-1 ms-auto rounded-full p-2 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] ${
                  dark ? 'text-white/80 hover:bg-white/10' : 'text-neutral-600 hover:bg-neutral-100'
                }`}
              >
                <XIcon className="h-5 w-5" />
              </button>
            )}
          </div>
          {description && (
            <p
              id={descriptionId}
              className={dark ? 'mb-3 text-sm text-white/80' : 'mb-3 text-sm text-neutral-600'}
            >
              {description}
            </p>
          )}
          {children}
        </div>
      </div>
    </dialog>
  );
}
