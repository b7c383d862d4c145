import { useEffect, useRef, useState } from 'react';
import type { Capture, SavedShot, Shot } from './roll';

type SaveDetails = Omit<SavedShot, keyof Shot>;

/**
 * The test roll (spec section 4): capture uses one shot; retake gives it back (capped at the maximum);
 * confirm keeps the photo in memory only; reset restores every shot. Object URLs are freed on unmount.
 */
export function useTestRoll(maxShots: number) {
  const [remaining, setRemaining] = useState(maxShots);
  const [pending, setPending] = useState<Shot | null>(null);
  const [saved, setSaved] = useState<SavedShot[]>([]);
  const urls = useRef(new Set<string>());
  const nextId = useRef(1);

  useEffect(() => {
    const live = urls.current;
    return () => {
      live.forEach((u) => URL.revokeObjectURL(u));
      live.clear();
    };
  }, []);

  const forget = (url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  /** Holds a capture for preview; answers the shots left after it. */
  const shoot = (c: Capture): number => {
    if (pending) forget(pending.url);
    const url = URL.createObjectURL(c.blob);
    urls.current.add(url);
    setPending({ id: nextId.current++, url, width: c.width, height: c.height, takenAt: new Date() });
    const left = Math.max(0, remaining - 1);
    setRemaining(left);
    return left;
  };

  const retake = () => {
    if (!pending) return;
    forget(pending.url);
    setPending(null);
    setRemaining((r) => Math.min(maxShots, r + 1));
  };

  const confirm = (details: SaveDetails) => {
    if (!pending) return;
    setSaved((s) => [{ ...pending, ...details }, ...s]);
    setPending(null);
  };

  const reset = (shots: number = maxShots) => {
    if (pending) forget(pending.url);
    setPending(null);
    setRemaining(shots);
  };

  const clearSaved = () => {
    saved.forEach((s) => forget(s.url));
    setSaved([]);
  };

  return { remaining, pending, saved, shoot, retake, confirm, reset, clearSaved };
}
