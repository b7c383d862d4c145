import { useEffect } from 'react';

/** A slideshow's keyboard: ←/→ move, Space pauses or plays (not while typing or in a dialog). */
export function useSlideKeys(next: () => void, prev: () => void, toggle: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"]')) return;
      if (e.key === 'ArrowRight') next();
      else if (e.key === 'ArrowLeft') prev();
      else if (e.key === ' ' && !target?.closest('button, a')) {
        e.preventDefault();
        toggle();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, prev, toggle]);
}
