import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HttpError, isUuid } from '@afterglow/contracts';

/**
 * What the back office's lists share (ADR 028): a search that matches text anywhere in a column, and
 * keyset pages — a cursor names the last row of a page (its sort time and id), and the next page
 * starts after it, so rows arriving meanwhile shift nothing and a deep page costs what the first does.
 */

/** `%text%` for ILIKE, with the text's own `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of the columns contains the text (case-insensitive). */
export const searchAny = (text: string | undefined, ...cols: (AnyColumn | SQL)[]): SQL | undefined =>
  text ? or(...cols.map((c) => ilike(c, containsPattern(text)))) : undefined;

export function encodeKeyset(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Only what encodeKeyset makes: an ISO time within years 0000-9999 and a UUID (the database compares
 * both). Anything else answers 400 'Invalid cursor'.
 */
export function decodeKeyset(c: string): { at: Date; id: string } {
  const [at, id, ...rest] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  const d = new Date(at ?? '');
  if (rest.length || !id || !CURSOR_AT.test(at ?? '') || Number.isNaN(d.getTime()) || !isUuid(id))
    throw new HttpError(400, 'bad_cursor', 'Invalid cursor');
  return { at: d, id };
}

/** The rows after the cursor's, for a list ordered by `atCol` then `idCol`, both descending. */
export function afterKeyset(atCol: AnyColumn, idCol: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const cur = decodeKeyset(cursor);
  // a row comparison, which an index on (…, at, id) bounds; the same as `at < c.at or (at = c.at and
  // id < c.id)`, which PostgreSQL cannot bound and so reads every row before the page
  return sql`(${atCol}, ${idCol}) < (${cur.at.toISOString()}::timestamptz, ${cur.id}::uuid)`;
}

/** One page from `limit + 1` rows fetched: the page and the cursor after its last row (null on the last page). */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  key: (row: T) => { at: Date; id: string },
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeKeyset(key(last).at, key(last).id) : null };
}
