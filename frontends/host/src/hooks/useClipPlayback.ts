import { useEffect, useRef, type RefObject } from 'react';

/**
 * A clip's player follows its screen's Pause and Play (the slideshow's, the venue screen's). A clip
 * the browser will not play (autoplay refused, nothing it can decode) calls `onStuck`, so the screen
 * moves on instead of waiting for an end that never comes.
 */
export function useClipPlayback(
  ref: RefObject<HTMLVideoElement | null>,
  playing: boolean,
  onStuck?: () => void,
) {
  const stuck = useRef(onStuck);
  stuck.current = onStuck;
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (!playing) {
      v.pause();
      return;
    }
    // one that has played to its end stays there: Play goes on with the show, not with the clip again
    if (v.ended) return;
    v.play().catch((err: unknown) => {
      // paused or taken off the screen before it started: not a failure
      if (err instanceof DOMException && err.name === 'AbortError') return;
      stuck.current?.();
    });
  }, [ref, playing]);
}
