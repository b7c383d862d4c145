import { useEffect, type RefObject } from 'react';
import { msg } from '@afterglow/ui';
import { keyForField } from '../lib/keys';
import type { ModerationAction } from './useModeratePhoto';

const KEYS: Record<string, ModerationAction> = { a: 'approve', r: 'reject', f: 'flag' };
const CARD = '[data-moderation-card]';

/** The card nearest to `from` in the row above or below (the grid's columns change with the width). */
function vertical(cards: HTMLElement[], from: HTMLElement, down: boolean): HTMLElement | undefined {
  const a = from.getBoundingClientRect();
  const cx = a.left + a.width / 2;
  const rows = cards.filter((c) => {
    const b = c.getBoundingClientRect();
    return down ? b.top >= a.bottom - 1 : b.bottom <= a.top + 1;
  });
  if (rows.length === 0) return undefined;
  const rowTop = (c: HTMLElement) => c.getBoundingClientRect().top;
  const nearestRow = down ? Math.min(...rows.map(rowTop)) : Math.max(...rows.map(rowTop));
  const row = rows.filter((c) => Math.abs(rowTop(c) - nearestRow) < 2);
  return row.reduce((best, c) => {
    const d = (x: HTMLElement) => {
      const b = x.getBoundingClientRect();
      return Math.abs(b.left + b.width / 2 - cx);
    };
    return d(c) < d(best) ? c : best;
  });
}

/**
 * Moderation at speed: A approves, R rejects, F flags the photo whose card has focus (or the
 * first one), arrow keys move between cards. Each card is an element with `data-moderation-card`
 * inside `container`; a key presses the card's own button (`data-action="approve"` …), so a key
 * does exactly what the button does and nothing a disabled button would not. After an action that
 * takes the card off the list, focus goes to the card now in its place.
 */
export function useModerationKeys(container: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || keyForField(e.target)) return;
      const root = container.current;
      if (!root) return;
      const cards = Array.from(root.querySelectorAll<HTMLElement>(CARD));
      if (cards.length === 0) return;
      const active = document.activeElement as HTMLElement | null;
      const here = active ? cards.find((c) => c.contains(active)) : undefined;
      const index = here ? cards.indexOf(here) : -1;
      const action = KEYS[e.key.toLowerCase()];
      if (action) {
        const card = here ?? cards[0]!;
        const button = card.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
        if (!button) return;
        e.preventDefault();
        if (!here) card.focus();
        if (!button.disabled) button.click();
        return;
      }
      let to: HTMLElement | undefined;
      // right to left (Arabic), the grid runs from the right: the arrow that points onward is ←
      const onward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const backward = onward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
      if (e.key === onward) to = cards[Math.min(index + 1, cards.length - 1)];
      else if (e.key === backward) to = cards[Math.max(index - 1, 0)];
      else if (e.key === 'ArrowDown') to = here ? vertical(cards, here, true) : cards[0];
      else if (e.key === 'ArrowUp') to = here ? vertical(cards, here, false) : cards[0];
      else if (e.key === 'Home') to = cards[0];
      else if (e.key === 'End') to = cards[cards.length - 1];
      else return;
      e.preventDefault();
      to?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [container, enabled]);

  // A card that leaves the list (approved in the pending queue) hands focus to the one in its place.
  // The list may not exist yet when this runs (it loads), so the document is watched and the list
  // looked up when something happens; focus moved anywhere else on purpose forgets the place.
  useEffect(() => {
    if (!enabled) return;
    let lastIndex = -1;
    const cardsOf = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(CARD));
    const onFocusIn = (e: FocusEvent) => {
      const root = container.current;
      const inside = !!root && root.contains(e.target as Node);
      lastIndex = inside ? cardsOf(root).findIndex((c) => c.contains(e.target as Node)) : -1;
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) lastIndex = -1;
    };
    const observer = new MutationObserver(() => {
      const root = container.current;
      if (lastIndex < 0 || !root) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const cards = cardsOf(root);
      cards[Math.min(lastIndex, cards.length - 1)]?.focus();
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
      observer.disconnect();
    };
  }, [container, enabled]);
}

/** What the shortcut help says, once for both screens (the keys are the same in every language). */
export const MODERATION_SHORTCUTS = [
  ['A', msg('moderation.approve', 'Approve')],
  ['R', msg('moderation.reject', 'Reject')],
  ['F', msg('moderation.flag', 'Flag')],
  ['← → ↑ ↓', msg('moderation.move', 'Move between photos')],
] as const;
