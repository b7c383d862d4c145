import { inArray, sql } from 'drizzle-orm';
import type { NamedRendition } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { renditions, type RenditionRow } from '../adapters/schema';

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
      })),
    )
    .onConflictDoUpdate({
      target: [renditions.photoId, renditions.kind],
      set: {
        key: sql`excluded.key`,
        width: sql`excluded.width`,
        height: sql`excluded.height`,
        bytes: sql`excluded.bytes`,
      },
    });
}

/** The renditions of these photos, by photo id and then kind. */
export async function renditionsOf(
  db: Db,
  photoIds: string[],
): Promise<Map<string, Map<string, RenditionRow>>> {
  const out = new Map<string, Map<string, RenditionRow>>();
  if (!photoIds.length) return out;
  const rows = await db.select().from(renditions).where(inArray(renditions.photoId, photoIds));
  for (const r of rows) {
    let kinds = out.get(r.photoId);
    if (!kinds) out.set(r.photoId, (kinds = new Map()));
    kinds.set(r.kind, r);
  }
  return out;
}
