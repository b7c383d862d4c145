import { useEffect, useRef } from 'react';
import { keyForField } from '../lib/keys';

/**
 * A slideshow's keyboard: ←/→ move (→ onward; ← onward right to left, where Next is on the left),
 * Space pauses or plays, Escape closes (`onEscape`, when given;
 * in full screen the browser takes the first Escape to leave it). Not while typing or in a dialog.
 */
export function useSlideKeys(next: () => void, prev: () => void, toggle: () => void, onEscape?: () => void) {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (keyForField(target)) return;
      const rtl = document.documentElement.dir === 'rtl';
      if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next();
      else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) prev();
      else if (e.key === ' ' && !target?.closest('button, a')) {
        e.preventDefault();
        toggle();
      } else if (e.key === 'Escape' && escape.current && !document.fullscreenElement) escape.current();
      else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, prev, toggle]);
}
