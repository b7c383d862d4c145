import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrationsUpTo } from '@afterglow/db/test-support/scratch-db';
import { testAdapters, type TestAdapters } from '@afterglow/service-kit/test-support/adapters';
import { developed } from '../adapters/schema';
import { photoProcessed } from '@afterglow/contracts';
import { develop, safetyJudge } from './develop';

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c08040' } })
    .jpeg()
    .toBuffer();

describe('developing a photo (PGlite, filesystem store)', () => {
  let t: TestAdapters;
  const eventId = randomUUID();
  const job = async (w = 2000, h = 1500) => {
    const photoId = randomUUID();
    const originalKey = `events/${eventId}/originals/${photoId}.jpg`;
    await t.store.put(originalKey, await jpeg(w, h));
    return { photoId, eventId, originalKey };
  };
  beforeAll(async () => {
    t = await testAdapters(['media']);
  });
  afterAll(() => t.close());

  it('stores every rendition at its own key and names them, with sizes, in photo.processed', async () => {
    const j = await job();
    const m = await develop(t.database.db, t.store, j);
    const base = `events/${eventId}/renditions/${j.photoId}`;
    expect(m!.renditions).toEqual([
      { kind: 'display', key: `${base}/display.jpg`, width: 1600, height: 1200, bytes: expect.any(Number) },
      { kind: 'thumb', key: `${base}/thumb.webp`, width: 400, height: 300, bytes: expect.any(Number) },
    ]);
    for (const r of m!.renditions!) expect((await t.store.head(r.key))?.size).toBe(r.bytes);
    // what consumers of before read
    expect(m).toMatchObject({
      photoId: j.photoId,
      thumbKey: `${base}/thumb.webp`,
      displayKey: `${base}/display.jpg`,
      width: 1600,
      height: 1200,
    });
  });

  it('stores and announces the thumbnail first, then stores the display (issue 26)', async () => {
    const j = await job();
    const base = `events/${eventId}/renditions/${j.photoId}`;
    const order: string[] = [];
    const m = await develop(
      t.database.db,
      t.store,
      j,
      () => order.push('made'),
      undefined,
      async (r) => {
        // announced once stored, while the display is not stored yet
        expect(r).toEqual({
          kind: 'thumb',
          key: `${base}/thumb.webp`,
          width: 400,
          height: 300,
          bytes: expect.any(Number),
        });
        expect((await t.store.head(r.key))?.size).toBe(r.bytes);
        expect(await t.store.head(`${base}/display.jpg`)).toBeNull();
        await new Promise((done) => setTimeout(done, 50));
        order.push('thumb announced');
      },
    );
    order.push('processed');
    expect(order).toEqual(['thumb announced', 'made', 'processed']);
    // photo.processed as before: both renditions, the same thumbnail
    const thumb = m!.renditions!.find((r) => r.kind === 'thumb');
    expect(m!.renditions!.map((r) => r.kind)).toEqual(['display', 'thumb']);
    expect((await t.store.head(m!.displayKey))?.size).toBe(m!.renditions![0]!.bytes);
    expect((await t.store.head(thumb!.key))?.size).toBe(thumb!.bytes);
    // a photo developed before announces no thumbnail again: photo.processed follows at once
    let again = 0;
    await develop(t.database.db, t.store, j, undefined, undefined, async () => {
      again++;
    });
    expect(again).toBe(0);
  });

  it('develops a job by its kind (ADR 030): one of before, naming none, is a photo', async () => {
    const j = await job(300, 200);
    const m = await develop(t.database.db, t.store, j);
    expect(m).toMatchObject({ kind: 'photo', width: 300, height: 200 });
    expect(photoProcessed.schema.parse(m)).toEqual(m);
    const again = await develop(t.database.db, t.store, { ...j, kind: 'photo' });
    expect(again).toEqual(m);
  });

  it('makes nothing for a photo developed before, and answers as it did then', async () => {
    const j = await job();
    const first = await develop(t.database.db, t.store, j);
    let made = 0;
    const again = await develop(t.database.db, t.store, j, () => made++);
    expect(made).toBe(0);
    expect(again).toEqual(first);
    const rows = await t.database.db.select().from(developed).where(eq(developed.photoId, j.photoId));
    expect(rows).toHaveLength(1);
  });

  it('makes them again when one was lost, and nothing when the original is gone', async () => {
    const j = await job(300, 200);
    const first = await develop(t.database.db, t.store, j);
    await t.store.delete(first!.thumbKey);
    let made = 0;
    const again = await develop(t.database.db, t.store, j, () => made++);
    expect(made).toBe(1);
    expect(again!.renditions).toEqual(first!.renditions);
    await t.store.delete(j.originalKey);
    await t.store.delete(first!.displayKey);
    expect(await develop(t.database.db, t.store, j)).toBeNull();
  });

  it('judges the display rendition only when the job asks for the AI filter, and says the verdict', async () => {
    const seen: Buffer[] = [];
    const score = async (image: Buffer) => {
      seen.push(image);
      return 0.42;
    };
    const fail = (err: unknown) => {
      throw err;
    };
    const j = await job(800, 600);
    // no aiFilter (or false): no judge asked, no verdict in the message
    const plain = await develop(t.database.db, t.store, j, undefined, safetyJudge(0, score, fail));
    expect(seen).toHaveLength(0);
    expect(plain).not.toHaveProperty('safetyScore');
    expect(plain).not.toHaveProperty('held');
    await develop(t.database.db, t.store, { ...j, aiFilter: false }, undefined, safetyJudge(0, score, fail));
    expect(seen).toHaveLength(0);
    // asked for: the display rendition is what is judged (read back from storage for a developed photo)
    const held = await develop(
      t.database.db,
      t.store,
      { ...j, aiFilter: true },
      undefined,
      safetyJudge(0.42, score, fail),
    );
    expect(held).toMatchObject({ safetyScore: 0.42, held: true });
    expect(seen[0]!.equals((await t.store.getBuffer(held!.displayKey))!)).toBe(true);
    const fresh = await job(800, 600);
    const passed = await develop(
      t.database.db,
      t.store,
      { ...fresh, aiFilter: true },
      undefined,
      safetyJudge(0.43, score, fail),
    );
    expect(passed).toMatchObject({ safetyScore: 0.42, held: false });
    expect(seen[1]!.equals((await t.store.getBuffer(passed!.displayKey))!)).toBe(true);
  });

  it('holds the photo, unscored, when the classifier fails (fail closed)', async () => {
    const errors: unknown[] = [];
    const broken = safetyJudge(
      0.7,
      () => Promise.reject(new Error('model failed')),
      (err) => errors.push(err),
    );
    const m = await develop(
      t.database.db,
      t.store,
      { ...(await job(400, 300)), aiFilter: true },
      undefined,
      broken,
    );
    expect(m).toMatchObject({ held: true });
    expect(m).not.toHaveProperty('safetyScore');
    expect(String(errors[0])).toMatch(/model failed/);
    expect(photoProcessed.schema.parse(m)).toEqual(m);
  });
});

describe('the media schema migration', () => {
  it('keeps which photos were developed', async () => {
    const t = await testAdapters(['media'], { media: migrationsUpTo('media', '0000_brave_satana') });
    try {
      const photoId = randomUUID();
      await t.database.db.execute(sql`
        insert into media.renditions (photo_id, event_id, thumb_key, display_key, width, height, processed_at)
        values (${photoId}, ${randomUUID()}, 'a/thumb.webp', 'a/display.jpg', 10, 10, '2026-01-02T03:04:05Z')`);
      await t.database.migrate('media');
      const [row] = await t.database.db.select().from(developed);
      expect(row).toMatchObject({ photoId, developedAt: new Date('2026-01-02T03:04:05Z') });
    } finally {
      await t.close();
    }
  });
});
