import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageLimit } from './cursor';

describe('page cursors', () => {
  it('name the last photo of a page', () => {
    const at = new Date('2026-05-01T12:34:56.789Z');
    const id = '0b6c9f7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['no id', Buffer.from('2026-05-01T12:34:56.789Z|').toString('base64url')],
    ['an id that is no UUID', Buffer.from("2026-05-01T12:34:56.789Z|1' or 1=1").toString('base64url')],
    [
      'a year past 9999',
      Buffer.from('+275760-09-13T00:00:00.000Z|0b6c9f7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f').toString('base64url'),
    ],
    [
      'extra parts',
      Buffer.from('2026-05-01T12:34:56.789Z|0b6c9f7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f|x').toString('base64url'),
    ],
  ])('refuse %s with 400 Invalid cursor', (_, c) => {
    expect(() => decodeCursor(c)).toThrow(
      expect.objectContaining({ status: 400, code: 'bad_cursor', message: 'Invalid cursor' }),
    );
  });

  it('hold 200 photos a page by default, between 1 and 500', () => {
    expect([
      pageLimit({}),
      pageLimit({ limit: 0 }),
      pageLimit({ limit: 9999 }),
      pageLimit({ limit: 7 }),
    ]).toEqual([200, 1, 500, 7]);
  });
});
