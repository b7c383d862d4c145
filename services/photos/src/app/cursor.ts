import type { SQL } from 'drizzle-orm';
import { afterKeyset, decodeKeyset, encodeKeyset } from '@afterglow/db';
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

export const encodeCursor = encodeKeyset;
export const decodeCursor = decodeKeyset;

/** The photos after the cursor's (none: from the newest). */
export const afterCursor = (cursor: string | undefined): SQL | undefined =>
  afterKeyset(photos.createdAt, photos.id, cursor);
