import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SCREEN_ID_PATTERN,
  captureKindOf,
  type CaptureKind,
  type PublicEvent,
  type ScreenNext,
} from '@afterglow/contracts';
import { ApiError, apiRequest } from '@afterglow/ui';
import { useEventSocket } from '@afterglow/ui/realtime';
import { rendererOf } from '../components/venue-screen/capture-renderers';
import {
  canGoBack,
  dropGone,
  emptyScreen,
  goBack,
  goForward,
  onScreen,
  place,
  replaced,
  restore,
  wantsFill,
  type ScreenState,
} from '../lib/venue-screen';

/** A grid's empty tiles fill this quickly, one ask after another. */
const FILL_MS = 250;
/** Screens that hear of a first photo spread their asks over this long. */
const SPREAD_MS = 1500;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

let memoryId: string | undefined;
/** This tab's screen id: kept in sessionStorage, so a reload resumes and another tab is another screen. */
function screenId(): string {
  try {
    let id = sessionStorage.getItem('ag-venue-screen');
    if (!id || !SCREEN_ID_PATTERN.test(id)) sessionStorage.setItem('ag-venue-screen', (id = randomId()));
    return id;
  } catch {
    return (memoryId ??= randomId());
  }
}

function saved(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * One venue screen (ADR 017): asks the server for its next photo every `intervalMs` (or fills a grid's
 * empty tiles at once), preloads it as its kind's renderer does (ADR 030), then shows it. A clip in
 * the tile whose turn it is holds the turn until it ends (`clipEnded`), never cut short. What it
 * shows is kept in sessionStorage, so a reload resumes; while the network is away it keeps showing
 * what it has and says it is reconnecting.
 */
export function useVenueScreen(
  event: PublicEvent,
  tiles: number,
  opts: { intervalMs: number; onLiveOff: () => void; onApproved: (kind: CaptureKind) => void },
) {
  const key = `ag-venue:${event.code}:${tiles}`;
  const [id] = useState(screenId);
  const [state, setState] = useState<ScreenState>(() => restore(saved(key), tiles) ?? emptyScreen(tiles));
  const current = useRef(state);
  /** clips on screen that have played to their end (or cannot play) */
  const ended = useRef(new Set<string>());
  /** how often a clip still on screen was answered again after its end: it plays again each time */
  const [replays, setReplays] = useState<Readonly<Record<string, number>>>({});
  const update = useCallback((f: (s: ScreenState) => ScreenState) => {
    const before = onScreen(current.current);
    current.current = f(current.current);
    // a clip that comes back on screen plays from its start again
    for (const shown of onScreen(current.current)) if (!before.includes(shown)) ended.current.delete(shown);
    setState(current.current);
  }, []);
  // A screen resuming what it showed keeps it on for a full turn; a new one asks at once.
  const [answered, setAnswered] = useState(() => onScreen(state).length > 0);
  const [playing, setPlaying] = useState(true);
  const [failed, setFailed] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [turn, setTurn] = useState(0);
  const latest = useRef(opts);
  latest.current = opts;

  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(state));
    } catch {
      /* a full or blocked storage: the screen just won't resume */
    }
  }, [key, state]);

  const busy = useRef(false);
  const progressing = useRef(true);
  const ask = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const a = await apiRequest<ScreenNext>(
        'POST',
        `/api/events/${encodeURIComponent(event.code)}/screens/next`,
        { screenId: id, showing: onScreen(current.current) },
      );
      const ready = a.photo
        ? await rendererOf(a.photo)
            .preload(a.photo)
            .then(
              () => true,
              () => false,
            )
        : false;
      const before = current.current;
      update((s) => {
        const next = { ...dropGone(s, a.gone), total: a.total };
        return ready && a.photo ? place(next, a.photo) : next;
      });
      // the clip on screen, answered again once it has ended (the event has few): it plays again
      const again = ready && a.photo ? a.photo.id : null;
      if (again && ended.current.has(again) && onScreen(current.current).includes(again)) {
        ended.current.delete(again);
        setReplays((r) => ({ ...r, [again]: (r[again] ?? 0) + 1 }));
      }
      // a grid fills its empty tiles at once only while each answer fills one
      progressing.current = onScreen(current.current).length > onScreen(before).length;
      setFailed(false);
    } catch (err) {
      progressing.current = false;
      if (err instanceof ApiError && err.status === 409) latest.current.onLiveOff();
      // the network or the server is away: keep what is on screen, try again next turn
      else if (!(err instanceof ApiError) || err.status >= 500) setFailed(true);
    } finally {
      busy.current = false;
      setAnswered(true);
      setTurn((t) => t + 1);
    }
  }, [event.code, id, update]);

  const next = useCallback(() => {
    const redo = goForward(current.current);
    if (redo) {
      update(() => redo);
      setTurn((t) => t + 1);
    } else void ask();
  }, [ask, update]);
  const prev = useCallback(() => {
    update(goBack);
    setTurn((t) => t + 1);
  }, [update]);
  const toggle = useCallback(() => setPlaying((p) => !p), []);
  /** An image that will not load (its address expired while the screen was away): replaced. */
  const broken = useCallback(
    (photoId: string) => {
      update((s) => dropGone(s, [photoId]));
      void ask();
    },
    [ask, update],
  );

  /** How long a clip in the tile whose turn it is holds the turn at most; null: none does. */
  const holdOf = useCallback((s: ScreenState): number | null => {
    const p = replaced(s);
    return p && !ended.current.has(p.id) ? rendererOf(p).holdMs(p) : null;
  }, []);

  // One turn: the next photo (at once while a grid has empty tiles to fill); a clip's end moves it on.
  useEffect(() => {
    if (!playing) return;
    const s = current.current;
    const filling = wantsFill(s) && onScreen(s).length > 0 && progressing.current;
    const delay = !answered ? 0 : filling ? FILL_MS : (holdOf(s) ?? opts.intervalMs);
    const t = setTimeout(next, delay);
    return () => clearTimeout(t);
  }, [playing, answered, turn, next, holdOf, opts.intervalMs]);

  /** A clip played to its end (or would not play): the turn it held goes on at once. */
  const clipEnded = useCallback(
    (photoId: string) => {
      if (ended.current.has(photoId)) return;
      ended.current.add(photoId);
      if (playing && replaced(current.current)?.id === photoId) next();
    },
    [next, playing],
  );

  // Back online, or the live connection back: ask soon (screens spread out) to show it has recovered.
  const soon = useCallback(() => setTimeout(() => void ask(), Math.random() * SPREAD_MS), [ask]);
  useEffect(() => {
    const on = () => {
      setOnline(true);
      soon();
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [soon]);

  // A newly approved photo goes to whichever screen asks next, on its next turn; an empty screen asks soon.
  useEventSocket(
    event.id,
    (m) => {
      if (m.type !== 'photo_approved') return;
      // the notice names the kind once the realtime message carries it; until then, a photo
      latest.current.onApproved(captureKindOf((m as { kind?: unknown }).kind));
      if (onScreen(current.current).length === 0) soon();
    },
    { quiet: true, onStatus: (open) => open && failed && soon() },
  );

  return {
    slots: state.slots,
    total: state.total,
    /** the first answer is in (or a saved screen was resumed) */
    ready: answered,
    offline: !online || failed,
    playing,
    canGoBack: canGoBack(state),
    /** bumps whenever the screen changes or asks: a new turn starts */
    turn,
    /** the turn waits for a clip's end, not for the interval */
    holding: playing && answered && holdOf(state) !== null,
    /** a clip's plays so far (its player starts again with each) */
    replays,
    next,
    prev,
    toggle,
    broken,
    clipEnded,
  };
}
