import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SCREEN_ID_PATTERN,
  captureKindOf,
  type CaptureKind,
  type PublicEvent,
  type PublicGuestbookEntry,
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
  noCards,
  noPhotos,
  onScreen,
  photoShown,
  place,
  replaced,
  restore,
  takeCard,
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
 * what it has and says it is reconnecting. Every few photos a guestbook message takes a turn as a
 * card (`card`; ADR 034), when the answers carry any.
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
  /** the guestbook card on screen instead of the photos, for one turn */
  const [card, setCard] = useState<PublicGuestbookEntry | null>(null);
  const cardOn = useRef(card);
  cardOn.current = card;
  /** the messages the last answer listed, and where their cards stand */
  const entries = useRef<readonly PublicGuestbookEntry[]>([]);
  const cardTurns = useRef(noCards());

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
      // an older server answers without the guestbook: no cards
      entries.current = a.guestbook ?? [];
      if (ready && a.photo) cardTurns.current = photoShown(cardTurns.current);
      else if (a.total === 0) cardTurns.current = noPhotos(cardTurns.current);
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
      // the card stays until what follows it is ready, so the last photo does not flash back between
      cardOn.current = null;
      setCard(null);
      setAnswered(true);
      setTurn((t) => t + 1);
    }
  }, [event.code, id, update]);

  const next = useCallback(() => {
    const s = current.current;
    // a card's turn comes between photos the server hands out: not while a grid fills its tiles,
    // nor while Next redoes what Previous undid
    const due =
      cardOn.current || wantsFill(s) || s.forward.length > 0
        ? null
        : takeCard(cardTurns.current, entries.current);
    if (due) {
      cardTurns.current = due.turns;
      cardOn.current = due.card;
      setCard(due.card);
      setTurn((t) => t + 1);
      return;
    }
    const redo = goForward(s);
    if (redo) {
      update(() => redo);
      setCard(null);
      setTurn((t) => t + 1);
    } else void ask();
  }, [ask, update]);
  const prev = useCallback(() => {
    // Previous on a card takes it away: the photo before it is still on screen behind it
    if (cardOn.current) {
      cardOn.current = null;
      setCard(null);
    } else update(goBack);
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
    // a card is on for a photo's time: the clips behind it are not on screen
    if (cardOn.current) return null;
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
      if (playing && !cardOn.current && replaced(current.current)?.id === photoId) next();
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
    holding: playing && answered && !card && holdOf(state) !== null,
    /** the guestbook message on screen in place of the photos this turn, or null */
    card,
    /** a clip's plays so far (its player starts again with each) */
    replays,
    next,
    prev,
    toggle,
    broken,
    clipEnded,
  };
}
