import { sql } from 'drizzle-orm';
import type { NamedRendition } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos, renditions } from '../adapters/schema';

/**
 * The renditions of each photo, as `photo.processed` announced them: this service keeps them (ADR 010),
 * one row per photo and kind, whatever kinds the media worker makes.
 */

/** Records a photo's renditions (again: a repeated announcement changes nothing). */
export async function recordRenditions(db: Db, photoId: string, list: NamedRendition[]): Promise<void> {
  if (!list.length) return;
  await db
    .insert(renditions)
    .values(
      list.map((r) => ({
        photoId,
        kind: r.kind,
        key: r.key,
        width: r.width ?? null,
        height: r.height ?? null,
        bytes: r.bytes ?? null,
        durationMs: r.durationMs ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [renditions.photoId, renditions.kind],
      set: {
        key: sql`excluded.key`,
        width: sql`excluded.width`,
        height: sql`excluded.height`,
        bytes: sql`excluded.bytes`,
        durationMs: sql`excluded.duration_ms`,
      },
    });
}

type Made = [
  kind: string,
  key: string,
  width: number | null,
  height: number | null,
  bytes: number | null,
  durationMs?: number | null,
];

/**
 * A photo's renditions as a column of a query on `photos.photos`, so a page of photos is one
 * statement (a second query by photo ids cost about as much again as the page's own).
 */
export type MadeColumn = Made[] | null;
export const renditionsColumn = sql<MadeColumn>`(select json_agg(json_build_array(r.kind, r.key, r.width, r.height, r.bytes, r.duration_ms)) from ${renditions} r where r.photo_id = ${photos.id})`;

/** That column's value by kind. */
export function byKind(made: MadeColumn): Map<string, NamedRendition> {
  return new Map(
    (made ?? []).map(([kind, key, width, height, bytes, durationMs]) => [
      kind,
      {
        kind,
        key,
        ...(width !== null && { width }),
        ...(height !== null && { height }),
        ...(bytes !== null && { bytes }),
        ...(durationMs != null && { durationMs }),
      },
    ]),
  );
}
