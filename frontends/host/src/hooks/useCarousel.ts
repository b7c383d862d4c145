import { useCallback, useEffect, useState } from 'react';

/**
 * Index, autoplay and keyboard for a slideshow: ←/→ move, Space pauses or plays. The autoplay
 * timer restarts whenever the photo changes, so a manual step gets its full time on screen.
 */
export function useCarousel(count: number, intervalMs: number, initiallyPlaying = true) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(initiallyPlaying);
  const safe = count > 0 ? Math.min(index, count - 1) : 0;

  const next = useCallback(
    () => setIndex((i) => (count > 0 ? (Math.min(i, count - 1) + 1) % count : 0)),
    [count],
  );
  const prev = useCallback(
    () => setIndex((i) => (count > 0 ? (Math.min(i, count - 1) - 1 + count) % count : 0)),
    [count],
  );
  const toggle = useCallback(() => setPlaying((p) => !p), []);

  useEffect(() => {
    if (!playing || count < 2) return;
    const t = setTimeout(next, intervalMs);
    return () => clearTimeout(t);
  }, [playing, count, intervalMs, next, safe]);

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

  return { index: safe, setIndex, next, prev, playing, toggle };
}
