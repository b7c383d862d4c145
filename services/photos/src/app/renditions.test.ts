import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@afterglow/db';
import { migrationsUpTo } from '@afterglow/db/test-support/scratch-db';
import { testAdapters } from '@afterglow/service-kit/test-support/adapters';
import { photos } from '../adapters/schema';
import { byKind, recordRenditions, renditionsColumn } from './renditions';

const renditionsOf = async (db: Db, ids: string[]) =>
  new Map(
    (await db.select({ id: photos.id, made: renditionsColumn }).from(photos).where(inArray(photos.id, ids)))
      .filter((r) => r.made)
      .map((r) => [r.id, byKind(r.made)]),
  );

describe('renditions kept per photo and kind (PGlite)', () => {
  it('move out of the photo rows of before, keys and sizes kept', async () => {
    const t = await testAdapters(['photos'], {
      photos: migrationsUpTo('photos', '0001_outbox_trace_headers'),
    });
    try {
      const [developed, undeveloped] = [randomUUID(), randomUUID()];
      await t.database.db.execute(sql`
        insert into photos.photos (id, event_id, device_id, original_key, thumb_key, display_key, width, height, bytes, processed_at)
        values (${developed}, ${randomUUID()}, ${randomUUID()}, 'o1.jpg', 'r1/thumb.webp', 'r1/display.jpg', 1600, 1200, 9, now()),
               (${undeveloped}, ${randomUUID()}, ${randomUUID()}, 'o2.jpg', null, null, 4000, 3000, 9, null)`);
      await t.database.migrate('photos');
      const made = await renditionsOf(t.database.db, [developed, undeveloped]);
      expect([...made.keys()]).toEqual([developed]);
      expect(
        Object.fromEntries([...made.get(developed)!].map(([k, r]) => [k, [r.key, r.width, r.height]])),
      ).toEqual({
        thumb: ['r1/thumb.webp', undefined, undefined],
        display: ['r1/display.jpg', 1600, 1200],
      });
      const [row] = await t.database.db
        .select()
        .from(photos)
        .where(sql`${photos.id} = ${undeveloped}`);
      expect(row).toMatchObject({ width: 4000, height: 3000, processedAt: null });
    } finally {
      await t.close();
    }
  });

  it('are recorded again without a second row, and go with their photo', async () => {
    const t = await testAdapters(['photos']);
    try {
      const db = t.database.db;
      const id = randomUUID();
      await db
        .insert(photos)
        .values({ id, eventId: randomUUID(), deviceId: randomUUID(), originalKey: 'o.jpg', bytes: 1 });
      await recordRenditions(db, id, [{ kind: 'thumb', key: 'a/thumb.webp' }]);
      await recordRenditions(db, id, [
        { kind: 'thumb', key: 'a/thumb.webp', width: 40, height: 30, bytes: 7 },
        { kind: 'watermark', key: 'a/watermark.jpg', width: 400, height: 300, bytes: 70 },
      ]);
      const kinds = (await renditionsOf(db, [id])).get(id)!;
      expect([...kinds.keys()].sort()).toEqual(['thumb', 'watermark']);
      expect(kinds.get('thumb')).toMatchObject({ width: 40, height: 30, bytes: 7 });
      await db.delete(photos).where(sql`${photos.id} = ${id}`);
      expect((await renditionsOf(db, [id])).size).toBe(0);
    } finally {
      await t.close();
    }
  });
});
