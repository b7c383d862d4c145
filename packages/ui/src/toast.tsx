import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** Spec section 9: one toast visible, 5 s, swipe right by 50 px, F8 focuses the region. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  action?: ReactNode;
}
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/** Shows a toast; the newest replaces the visible one. Answers a function that dismisses it. */
export function toast(input: ToastInput): () => void {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return () => dismiss(id);
}

export function useToast() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
  return { toasts: list, toast, dismiss };
}

export const VIEWPORT_CLASS =
  'fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]';

type Region = ComponentType<{ focus: boolean }>;
let region: Promise<Region> | null = null;
/** The Radix region (toast-radix.tsx), fetched once; a failed fetch (offline) is tried again later. */
function loadRegion(): Promise<Region> {
  region ??= import('./toast-radix').then(
    (m) => m.RadixToaster,
    (err: unknown) => {
      region = null;
      throw err;
    },
  );
  return region;
}

/**
 * Mount once, at the root (the shell does). Every page has the notifications region at once, as
 * Radix renders it while empty (F8 focuses it); the Radix implementation, with the toasts' swipe,
 * timers and announcements, is fetched when the first toast is shown or at the first tap or key
 * press (or when the connection comes back after a failed fetch), off the page's first load.
 */
export function Toaster() {
  const { toasts: list } = useToast();
  const [Radix, setRadix] = useState<Region | null>(null);
  const [focus, setFocus] = useState(false);
  const viewport = useRef<HTMLOListElement>(null);
  const wanted = list.length > 0;

  useEffect(() => {
    if (Radix) return;
    let live = true;
    const load = () => {
      loadRegion().then(
        (R) => {
          if (!live) return;
          setFocus(!!viewport.current && document.activeElement === viewport.current);
          setRadix(() => R);
        },
        () => {},
      );
    };
    if (wanted) load();
    // F8 focuses the region, as Radix's does (its viewport list, which can hold focus).
    const onKey = (e: KeyboardEvent) => {
      if (e.code === 'F8') viewport.current?.focus();
    };
    const triggers = ['pointerdown', 'keydown', 'online'] as const;
    document.addEventListener('keydown', onKey);
    for (const t of triggers) window.addEventListener(t, load, { once: true, passive: true });
    return () => {
      live = false;
      document.removeEventListener('keydown', onKey);
      for (const t of triggers) window.removeEventListener(t, load);
    };
  }, [Radix, wanted]);

  if (Radix) return <Radix focus={focus} />;
  return (
    <div role="region" aria-label="Notifications (F8)" tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol ref={viewport} tabIndex={-1} className={VIEWPORT_CLASS} />
    </div>
  );
}
