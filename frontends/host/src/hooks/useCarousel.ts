import { useCallback, useEffect, useState } from 'react';
import { useSlideKeys } from './useSlideKeys';

/**
 * Index, autoplay and keyboard for a slideshow: ←/→ move, Space pauses or plays, Escape calls
 * `onEscape`. The autoplay timer restarts whenever the photo changes, so a manual step gets its full
 * time on screen. A slide with a time of its own (`ownTime`: a clip, which moves the show on when it
 * ends) is left that long at most instead of `intervalMs`.
 */
export function useCarousel(
  count: number,
  intervalMs: number,
  onEscape?: () => void,
  ownTime?: (index: number) => number | null,
) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
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

  const ms = ownTime?.(safe) ?? intervalMs;
  useEffect(() => {
    if (!playing || count < 2) return;
    const t = setTimeout(next, ms);
    return () => clearTimeout(t);
  }, [playing, count, ms, next, safe]);

  useSlideKeys(next, prev, toggle, onEscape);

  return { index: safe, setIndex, next, prev, playing, toggle };
}
