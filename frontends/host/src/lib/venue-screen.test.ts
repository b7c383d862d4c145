import { describe, expect, it } from 'vitest';
import type { PhotoDto } from '@afterglow/contracts';
import {
  canGoBack,
  dropGone,
  emptyScreen,
  goBack,
  goForward,
  modeOf,
  onScreen,
  place,
  replaced,
  restore,
  wantsFill,
} from './venue-screen';

const photo = (id: string) => ({ id }) as PhotoDto;
const ids = (s: ReturnType<typeof emptyScreen>) => s.slots.map((p) => p?.id ?? null);

describe('a venue screen placing the photos it is handed', () => {
  it('reads its mode from the address, one photo at a time by default', () => {
    expect(['grid', 'caption', 'single', null, 'GRID', 'x'].map(modeOf)).toEqual([
      'grid',
      'caption',
      'single',
      'single',
      'single',
      'single',
    ]);
  });

  it('shows one photo after another, and steps back and forth through them', () => {
    let s = emptyScreen(1);
    expect(wantsFill(s)).toBe(true);
    s = place(s, photo('a'));
    expect(canGoBack(s)).toBe(false); // nothing was on screen before the first photo
    s = place(place(s, photo('b')), photo('c'));
    expect(ids(s)).toEqual(['c']);
    s = goBack(goBack(s));
    expect(ids(s)).toEqual(['a']);
    expect(canGoBack(s)).toBe(false);
    s = goForward(s)!;
    expect(ids(s)).toEqual(['b']);
    s = goForward(s)!;
    expect(ids(s)).toEqual(['c']);
    expect(goForward(s)).toBeNull(); // the next one comes from the server
    // the same photo again (the event has one) changes nothing
    expect(place(s, photo('c'))).toBe(s);
  });

  it('fills a grid, then replaces one tile per photo, the oldest first', () => {
    let s = emptyScreen(3);
    for (const id of ['a', 'b']) s = place(s, photo(id));
    expect(ids(s)).toEqual(['a', 'b', null]);
    s = { ...s, total: 2 };
    expect(wantsFill(s)).toBe(false); // the event has no third photo yet
    s = place({ ...s, total: 5 }, photo('c'));
    expect(wantsFill(s)).toBe(false);
    for (const id of ['d', 'e', 'f']) s = place(s, photo(id));
    expect(ids(s)).toEqual(['d', 'e', 'f']);
    expect(place(s, photo('e'))).toBe(s); // never the same photo in two tiles
    s = goBack(s);
    expect(ids(s)).toEqual(['d', 'e', 'c']);
    s = place(s, photo('g')); // a new photo after going back takes that tile, and the redo is gone
    expect(ids(s)).toEqual(['d', 'e', 'g']);
    expect(s.forward).toEqual([]);
    expect(onScreen(s)).toEqual(['d', 'e', 'g']);
  });

  it('takes photos that may no longer be shown off the screen and out of its history', () => {
    let s = emptyScreen(2);
    for (const id of ['a', 'b', 'c']) s = place(s, photo(id));
    expect(ids(s)).toEqual(['c', 'b']);
    s = dropGone(s, ['a', 'b']);
    expect(ids(s)).toEqual(['c', null]);
    expect(canGoBack(s)).toBe(false); // going back would bring 'a' back
    expect(wantsFill(s)).toBe(true);
    expect(ids(place(s, photo('d')))).toEqual(['c', 'd']);
  });

  it('resumes what this tab saved, when it fits', () => {
    const s = place(emptyScreen(1), photo('a'));
    expect(restore(JSON.stringify(s), 1)).toEqual(s);
    expect(restore(JSON.stringify(s), 6)).toBeNull();
    expect(restore('{oops', 1)).toBeNull();
    expect(restore(null, 1)).toBeNull();
  });

  it('knows which photo the next answer replaces: none while a tile is empty, then the oldest tile', () => {
    let s = emptyScreen(1);
    expect(replaced(s)).toBeNull();
    s = place(s, photo('a'));
    expect(replaced(s)?.id).toBe('a');
    let g = emptyScreen(3);
    for (const id of ['a', 'b']) g = place(g, photo(id));
    expect(replaced(g)).toBeNull(); // the answer fills the empty tile: nothing waits for a clip's end
    g = place(g, photo('c'));
    expect(replaced(g)?.id).toBe('a');
    g = place(g, photo('d'));
    expect(ids(g)).toEqual(['d', 'b', 'c']);
    expect(replaced(g)?.id).toBe('b');
  });
});
