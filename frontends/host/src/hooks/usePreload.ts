import { useEffect } from 'react';

/** Warms the browser cache with the next image so the slideshow never waits on the network. */
export function usePreload(src: string | null | undefined) {
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    img.decoding = 'async';
    img.src = src;
  }, [src]);
}
