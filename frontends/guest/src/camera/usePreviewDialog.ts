import { useEffect, useState } from 'react';
import type { PreviewDialog } from './PreviewDialog';

type Dialog = typeof PreviewDialog;
let loaded: Dialog | null = null;
let loading: Promise<Dialog> | null = null;

/** The preview dialog's code (its Radix dialog, focus trap, scroll lock), fetched once. */
function loadPreviewDialog(): Promise<Dialog> {
  loading ??= import('./PreviewDialog').then(
    (m) => (loaded = m.PreviewDialog),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Runs `fn` once the page has loaded and the main thread is idle; answers a cancel. */
function whenIdle(fn: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(fn, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 500);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else {
    window.addEventListener('load', schedule, { once: true });
    cancel = () => window.removeEventListener('load', schedule);
  }
  return () => cancel();
}

/**
 * The photo preview dialog, off the camera page's first load: it is fetched when the page is idle
 * (so it is there for a shot taken offline later), at once when `now` (the camera is starting or a
 * photo was taken), and again when the connection comes back after a failed fetch.
 */
export function usePreviewDialog(now: boolean): Dialog | null {
  const [Preview, setPreview] = useState<Dialog | null>(() => loaded);
  useEffect(() => {
    if (Preview) return;
    let live = true;
    const load = () => {
      loadPreviewDialog().then(
        (C) => live && setPreview(() => C),
        () => {},
      );
    };
    const cancel = now ? (load(), () => {}) : whenIdle(load);
    window.addEventListener('online', load);
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', load);
    };
  }, [Preview, now]);
  return Preview;
}
