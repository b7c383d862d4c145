import { useEffect, useRef, useState } from 'react';

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

function split(ms: number): Remaining {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

/** Ticks every second until `target`; calls onDone once when it reaches zero while the page is open. */
export function useCountdown(target: number | null, onDone?: () => void): Remaining | null {
  const [now, setNow] = useState(() => Date.now());
  const done = useRef(onDone);
  done.current = onDone;
  const finished = target !== null && now >= target;

  useEffect(() => {
    if (target === null || finished) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [target, finished]);

  const wasRunning = useRef(false);
  useEffect(() => {
    if (target === null) return;
    if (!finished) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      done.current?.();
    }
  }, [target, finished]);

  return target === null ? null : split(target - now);
}
