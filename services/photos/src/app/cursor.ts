import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import { HttpError } from '@afterglow/contracts';
import { photos } from '../adapters/schema';

/**
 * Pages of photos, newest first: a cursor names the last photo of a page (its time and id), and the
 * next page starts after it, so photos arriving meanwhile shift nothing.
 */
export interface PageOpts {
  limit?: number;
  cursor?: string;
}

export const pageLimit = (page: PageOpts) => Math.min(Math.max(page.limit ?? 200, 1), 500);

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only what encodeCursor makes: an ISO time within years 0000-9999 and a UUID (the database compares both). */
export function decodeCursor(c: string): { at: Date; id: string } {
  const [at, id, ...rest] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  const d = new Date(at ?? '');
  if (rest.length || !id || !CURSOR_AT.test(at ?? '') || Number.isNaN(d.getTime()) || !CURSOR_ID.test(id))
    throw new HttpError(400, 'bad_cursor', 'Invalid cursor');
  return { at: d, id };
}

/** The photos after the cursor's (none: from the newest). */
export function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const cur = decodeCursor(cursor);
  return or(lt(photos.createdAt, cur.at), and(eq(photos.createdAt, cur.at), lt(photos.id, cur.id)));
}
