import { eq, inArray, sql } from 'drizzle-orm';
import type { PhotoUsage } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { guestbookEntries, photos, renditions } from '../adapters/schema';

/**
 * `rpc.photos.usage`: how many photos each event holds and the bytes they take in storage. Storage
 * is what we keep for a photo: its original and every rendition made from it (ADR 018), and the
 * guestbook's voice messages (issue 23); a rendition recorded before renditions carried their size
 * counts 0.
 */
export async function usageOf(db: Db, eventIds: string[]): Promise<PhotoUsage[]> {
  if (eventIds.length === 0) return [];
  const [originals, made, voices] = await Promise.all([
    db
      .select({
        eventId: photos.eventId,
        n: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${photos.bytes}), 0)::bigint`,
      })
      .from(photos)
      .where(inArray(photos.eventId, eventIds))
      .groupBy(photos.eventId),
    db
      .select({
        eventId: photos.eventId,
        bytes: sql<string>`coalesce(sum(${renditions.bytes}), 0)::bigint`,
      })
      .from(renditions)
      .innerJoin(photos, eq(photos.id, renditions.photoId))
      .where(inArray(photos.eventId, eventIds))
      .groupBy(photos.eventId),
    db
      .select({
        eventId: guestbookEntries.eventId,
        bytes: sql<string>`coalesce(sum(${guestbookEntries.audioBytes}), 0)::bigint`,
      })
      .from(guestbookEntries)
      .where(inArray(guestbookEntries.eventId, eventIds))
      .groupBy(guestbookEntries.eventId),
  ]);
  const byEvent = new Map(originals.map((o) => [o.eventId, { n: o.n, bytes: Number(o.bytes) }]));
  for (const r of made) {
    const o = byEvent.get(r.eventId);
    if (o) o.bytes += Number(r.bytes);
  }
  for (const v of voices) {
    const o = byEvent.get(v.eventId) ?? { n: 0, bytes: 0 };
    o.bytes += Number(v.bytes);
    byEvent.set(v.eventId, o);
  }
  return eventIds.map((eventId) => {
    const o = byEvent.get(eventId);
    return { eventId, photoCount: o?.n ?? 0, bytes: o?.bytes ?? 0 };
  });
}
