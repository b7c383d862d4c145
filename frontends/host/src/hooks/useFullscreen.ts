import { useCallback, useEffect, useState } from 'react';

/** The browser's full-screen mode for the venue screen (a no-op where it is unsupported). */
export function useFullscreen() {
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  const supported = typeof document !== 'undefined' && !!document.fullscreenEnabled;
  return { active, toggle, supported };
}
