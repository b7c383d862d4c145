import { GUESTBOOK_SCREEN_EVERY, type PhotoDto } from '@afterglow/contracts';

/**
 * What one venue screen shows (ADR 017), as plain data: its tiles (one, or a grid's), the changes it
 * made (so Previous can undo them and Next redo them) and how many photos the event has. The screen
 * asks the server for each new photo; this module only places the answers.
 */

export const SCREEN_MODES = ['single', 'grid', 'caption'] as const;
export type ScreenMode = (typeof SCREEN_MODES)[number];
/** `?mode=` of /live-slideshow/{code}; anything else is the default, one photo at a time. */
export const modeOf = (param: string | null): ScreenMode =>
  (SCREEN_MODES as readonly string[]).includes(param ?? '') ? (param as ScreenMode) : 'single';

export const GRID_TILES = 6;
export const tilesFor = (mode: ScreenMode) => (mode === 'grid' ? GRID_TILES : 1);

/** A tile given a new photo. */
export interface Step {
  slot: number;
  from: PhotoDto | null;
  to: PhotoDto;
}
export interface ScreenState {
  slots: (PhotoDto | null)[];
  /** the tile whose turn it is to change once every tile shows a photo */
  cursor: number;
  back: Step[];
  forward: Step[];
  /** approved photos the event has (null until the server has said) */
  total: number | null;
}
const HISTORY = 12;

export const emptyScreen = (tiles: number): ScreenState => ({
  slots: Array.from({ length: tiles }, () => null),
  cursor: 0,
  back: [],
  forward: [],
  total: null,
});

/** The photos on screen, for the server's `showing`. */
export const onScreen = (s: ScreenState) => s.slots.flatMap((p) => (p ? [p.id] : []));

/** True while tiles are empty and the event may have photos to fill them. */
export const wantsFill = (s: ScreenState) => {
  const filled = onScreen(s).length;
  return filled < s.slots.length && (s.total === null || s.total > filled);
};

function apply(s: ScreenState, step: Step, photo: PhotoDto | null): ScreenState {
  const slots = s.slots.slice();
  slots[step.slot] = photo;
  return { ...s, slots };
}

/**
 * What the next answer takes the place of: the photo in the tile whose turn it is, or null while a
 * tile is empty (the answer fills it). A clip there holds the turn until it ends.
 */
export const replaced = (s: ScreenState): PhotoDto | null =>
  s.slots.some((p) => p === null) ? null : (s.slots[s.cursor] ?? null);

/** The server's answer goes on screen: into an empty tile, else the tile whose turn it is. */
export function place(s: ScreenState, photo: PhotoDto): ScreenState {
  // already on screen (fewer photos than tiles, or a single photo): nothing changes
  if (s.slots.some((p) => p?.id === photo.id)) return s;
  const empty = s.slots.findIndex((p) => p === null);
  const slot = empty >= 0 ? empty : s.cursor;
  const step: Step = { slot, from: s.slots[slot] ?? null, to: photo };
  return {
    ...apply(s, step, photo),
    cursor: slot === s.cursor ? (slot + 1) % s.slots.length : s.cursor,
    back: [...s.back, step].slice(-HISTORY),
    forward: [],
  };
}

export const canGoBack = (s: ScreenState) => s.back.length > 0 && s.back[s.back.length - 1]!.from !== null;

/** Previous: the last change undone. */
export function goBack(s: ScreenState): ScreenState {
  if (!canGoBack(s)) return s;
  const step = s.back[s.back.length - 1]!;
  return {
    ...apply(s, step, step.from),
    cursor: step.slot,
    back: s.back.slice(0, -1),
    forward: [...s.forward, step],
  };
}

/** Next, after going back: the change made again (null when there is none to redo: ask the server). */
export function goForward(s: ScreenState): ScreenState | null {
  const step = s.forward[s.forward.length - 1];
  if (!step) return null;
  return {
    ...apply(s, step, step.to),
    cursor: (step.slot + 1) % s.slots.length,
    back: [...s.back, step],
    forward: s.forward.slice(0, -1),
  };
}

/** Photos that may no longer be shown leave the screen and its history. */
export function dropGone(s: ScreenState, gone: readonly string[]): ScreenState {
  if (!gone.length) return s;
  const out = (p: PhotoDto | null) => !!p && gone.includes(p.id);
  const keep = (step: Step) => !out(step.to) && !out(step.from);
  return {
    ...s,
    slots: s.slots.map((p) => (out(p) ? null : p)),
    back: s.back.filter(keep),
    forward: s.forward.filter(keep),
  };
}

/** A state saved by this tab earlier (sessionStorage), if it fits a screen of `tiles` tiles. */
export function restore(saved: string | null, tiles: number): ScreenState | null {
  if (!saved) return null;
  try {
    const s = JSON.parse(saved) as ScreenState;
    const ok =
      Array.isArray(s.slots) &&
      s.slots.length === tiles &&
      Array.isArray(s.back) &&
      Array.isArray(s.forward) &&
      Number.isInteger(s.cursor) &&
      s.cursor >= 0 &&
      s.cursor < tiles;
    return ok ? s : null;
  } catch {
    return null;
  }
}

/**
 * The guestbook's cards between the photos (ADR 034): after every `GUESTBOOK_SCREEN_EVERY` photos
 * the server hands out, the screen shows one approved message instead of asking for the next photo,
 * for a photo's time. Messages come in rounds, newest first, each once a round, then again from the
 * newest; one that arrives meanwhile (the newest) comes next; one no longer listed is not shown.
 */
export interface CardTurns {
  /** photos shown since the last card */
  photos: number;
  /** messages shown in this round */
  shown: string[];
}

export const noCards = (): CardTurns => ({ photos: 0, shown: [] });

/** A photo the server handed out went on screen. */
export const photoShown = (c: CardTurns): CardTurns => ({ ...c, photos: c.photos + 1 });

/**
 * The event has no photo to show yet: the messages need not wait for photos, a card is due now (the
 * screen shows only cards until photos come).
 */
export const noPhotos = (c: CardTurns, every: number = GUESTBOOK_SCREEN_EVERY): CardTurns => ({
  ...c,
  photos: Math.max(c.photos, every),
});

/**
 * The message whose card the screen shows now instead of its next photo, and the turns after it;
 * null while it is a photo's turn (fewer than `every` photos since the last card) or there are none.
 */
export function takeCard<E extends { id: string }>(
  c: CardTurns,
  entries: readonly E[],
  every: number = GUESTBOOK_SCREEN_EVERY,
): { card: E; turns: CardTurns } | null {
  if (c.photos < every || entries.length === 0) return null;
  const shown = c.shown.filter((id) => entries.some((e) => e.id === id));
  const unseen = entries.find((e) => !shown.includes(e.id));
  // every message had its card this round: the next round starts with the newest
  const card = unseen ?? entries[0]!;
  return { card, turns: { photos: 0, shown: unseen ? [...shown, card.id] : [card.id] } };
}
