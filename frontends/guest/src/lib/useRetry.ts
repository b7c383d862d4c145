import { useCallback, useEffect, useRef } from 'react';
import { retryDelay } from './backoff';

export interface Retry {
  /** runs again after the next wait of the backoff; false when a try is already waiting (or unmounted) */
  schedule(): boolean;
  /** progress: the next wait is the first one again */
  reset(): void;
  /** forgets the waiting try */
  cancel(): void;
}

/**
 * The page's side of the one retry rule (lib/upload.ts): a photo that may go up later is tried again
 * after each wait of RETRY_BACKOFF_MS, and at once, with the waits started over, when the browser
 * says it is back online.
 */
export function useRetry(run: () => void): Retry {
  const latest = useRef(run);
  latest.current = run;
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const reset = useCallback(() => {
    attempt.current = 0;
  }, []);

  const schedule = useCallback(() => {
    if (timer.current || !alive.current) return false;
    const wait = retryDelay(attempt.current++);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, wait);
    return true;
  }, []);

  useEffect(() => {
    alive.current = true;
    const onOnline = () => {
      attempt.current = 0;
      cancel();
      latest.current();
    };
    window.addEventListener('online', onOnline);
    return () => {
      alive.current = false;
      window.removeEventListener('online', onOnline);
      cancel();
    };
  }, [cancel]);

  return { schedule, reset, cancel };
}
