import { describe, expect, it } from 'vitest';
import { GUESTBOOK_SCREEN_EVERY, type PhotoDto } from '@afterglow/contracts';
import {
  canGoBack,
  dropGone,
  emptyScreen,
  goBack,
  goForward,
  modeOf,
  noCards,
  noPhotos,
  onScreen,
  photoShown,
  place,
  replaced,
  restore,
  takeCard,
  wantsFill,
  type CardTurns,
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

describe('a venue screen showing guestbook cards between the photos (ADR 034)', () => {
  const entry = (id: string) => ({ id });
  /**
   * What a screen shows turn by turn: a card when one is due, else a photo the server handed out.
   * `listed(turn)` is the messages the last answer carried, newest first.
   */
  function screen(turns: number, listed: (turn: number) => { id: string }[], start: CardTurns = noCards()) {
    let c = start;
    const shown: string[] = [];
    for (let turn = 0; turn < turns; turn++) {
      const due = takeCard(c, listed(turn));
      if (due) {
        c = due.turns;
        shown.push(`card ${due.card.id}`);
      } else {
        c = photoShown(c);
        shown.push('photo');
      }
    }
    return { shown, turns: c };
  }
  const photos = (n: number) => Array.from({ length: n }, () => 'photo');

  it('shows only photos when there are no messages, as before', () => {
    expect(screen(20, () => []).shown).toEqual(photos(20));
  });

  it(`shows one card after every ${GUESTBOOK_SCREEN_EVERY} photos, the newest message first, then again in turn`, () => {
    expect(GUESTBOOK_SCREEN_EVERY).toBe(4);
    const { shown } = screen(20, () => [entry('c'), entry('b'), entry('a')]);
    expect(shown).toEqual([
      ...photos(4),
      'card c',
      ...photos(4),
      'card b',
      ...photos(4),
      'card a',
      ...photos(4),
      'card c', // every message had its turn: the next round starts with the newest
    ]);
  });

  it('shows a single message after every four photos', () => {
    expect(screen(10, () => [entry('a')]).shown).toEqual([...photos(4), 'card a', ...photos(4), 'card a']);
  });

  it('shows a message that arrives during a round next, and never one no longer listed', () => {
    // 'b' and 'a' at first; 'new' is approved after the first card; 'b' is rejected meanwhile
    const { shown } = screen(20, (turn) =>
      turn < 5
        ? [entry('b'), entry('a')]
        : turn < 10
          ? [entry('new'), entry('b'), entry('a')]
          : [entry('new'), entry('a')],
    );
    expect(shown.filter((s) => s !== 'photo')).toEqual(['card b', 'card new', 'card a', 'card new']);
  });

  it('starts a new round when the messages left were all shown', () => {
    // 'b' was shown, then 'a' (unseen) was taken off: the round is over
    let c = takeCard({ photos: 4, shown: [] }, [entry('b'), entry('a')])!.turns;
    expect(c).toEqual({ photos: 0, shown: ['b'] });
    c = { ...c, photos: 4 };
    expect(takeCard(c, [entry('b')])).toEqual({ card: { id: 'b' }, turns: { photos: 0, shown: ['b'] } });
  });

  it('keeps counting photos while there are no messages: the first one to arrive comes at the next turn', () => {
    const { shown } = screen(9, (turn) => (turn < 7 ? [] : [entry('a')]));
    expect(shown).toEqual([...photos(7), 'card a', 'photo']);
  });

  it('counts the photos only: a card never follows a card', () => {
    const due = takeCard({ photos: 4, shown: [] }, [entry('a'), entry('b')])!;
    expect(takeCard(due.turns, [entry('a'), entry('b')])).toBeNull();
    expect(takeCard(photoShown(photoShown(photoShown(due.turns))), [entry('b')])).toBeNull();
  });

  it('shows the messages at once while the event has no photo to show', () => {
    let c = noPhotos(noCards());
    const first = takeCard(c, [entry('b'), entry('a')])!;
    expect(first.card).toEqual({ id: 'b' });
    c = noPhotos(first.turns);
    expect(takeCard(c, [entry('b'), entry('a')])!.card).toEqual({ id: 'a' });
  });
});
