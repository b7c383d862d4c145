import { useSyncExternalStore, type ReactNode } from 'react';

// The toasts shown, as a tiny store both regions read: the empty one in toast.tsx and Radix's in
// toast-radix.tsx (loaded later). Kept apart from both so neither imports the other's module.

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
  'fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]';
