// The toast region as Radix builds it (swipe, pause on hover and focus, announcements, F8). It is
// loaded when the first toast is shown or the person first interacts with the page; until then
// `Toaster` renders the same empty region (toast.tsx).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from './text';
import { TOAST_DURATION_MS, VIEWPORT_CLASS, dismiss, useToast, type ToastInput } from './toast-store';

const VARIANT: Record<NonNullable<ToastInput['variant']>, string> = {
  default: 'border-neutral-200 bg-white text-neutral-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-300 bg-red-700 text-white',
};

/** `focus`: the empty region had the focus (F8) when this replaced it, so its viewport takes it. */
export function RadixToaster({ focus }: { focus: boolean }) {
  const t = useT();
  const { toasts: list } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus) viewport.current?.focus();
  }, [focus]);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.label', 'Notification')}
    >
      {list.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition ${VARIANT[item.variant ?? 'default']}`}
        >
          <div className="grid gap-1">
            {item.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            )}
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {item.action}
          <ToastPrimitive.Close
            aria-label={t('toast.close', 'Close')}
            className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        label={t('toast.region', 'Notifications (F8)')}
        className={VIEWPORT_CLASS}
      />
    </ToastPrimitive.Provider>
  );
}
