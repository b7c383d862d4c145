import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useT } from './text';
import { VIEWPORT_CLASS, useToast } from './toast-store';

export * from './toast-store';

type Region = ComponentType<{ focus: boolean }>;
/** How long after the page has mounted the Radix region is fetched unasked (ms). */
const IDLE_LOAD_MS = 5000;
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
 * timers and announcements, is fetched when the first toast is shown, at the first key press, or a few
 * seconds after the page has mounted, when the browser is idle (or when the connection comes back after
 * a failed fetch), off the page's first load and off the taps that open the next page.
 */
export function Toaster() {
  const t = useT();
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
    const triggers = ['keydown', 'online'] as const;
    document.addEventListener('keydown', onKey);
    for (const type of triggers) window.addEventListener(type, load, { once: true, passive: true });
    // Not at the first tap: on a slow phone that is the join page's 'Start Taking Photos', whose camera
    // page wants the connection then. A while after the page has settled instead.
    const later = window.setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
      else load();
    }, IDLE_LOAD_MS);
    return () => {
      live = false;
      window.clearTimeout(later);
      document.removeEventListener('keydown', onKey);
      for (const type of triggers) window.removeEventListener(type, load);
    };
  }, [Radix, wanted]);

  if (Radix) return <Radix focus={focus} />;
  return (
    <div
      role="region"
      aria-label={t('toast.region', 'Notifications (F8)')}
      tabIndex={-1}
      style={{ pointerEvents: 'none' }}
    >
      <ol ref={viewport} tabIndex={-1} className={VIEWPORT_CLASS} />
    </div>
  );
}
