import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrationsUpTo } from '@afterglow/db/test-support/scratch-db';
import { testAdapters } from '@afterglow/service-kit/test-support/adapters';
import { photos } from '../adapters/schema';
import { jpeg, useWorld } from '../test-support/world';

describe('a capture has a kind (ADR 030; PGlite)', () => {
  const w = useWorld();
  let shot: Buffer;
  beforeAll(async () => {
    shot = await jpeg(64, 48);
  });

  it('stores an upload as a photo: its row, its original, photo.uploaded and the answers say so', async () => {
    const e = w.event({ revealAt: new Date(Date.now() - 1000).toISOString() });
    const d = await w.device(e);
    const r = await w.app.uploads.upload(e.code, d, shot, null, randomUUID());
    const [row] = await w.db.select().from(photos).where(eq(photos.id, r.photoId));
    expect(row).toMatchObject({ kind: 'photo', originalKey: `events/${e.id}/originals/${r.photoId}.jpg` });
    expect((await w.store.head(row!.originalKey))?.contentType).toBe('image/jpeg');
    expect(await w.published('photo.uploaded')).toContainEqual(
      expect.objectContaining({ photoId: r.photoId, kind: 'photo' }),
    );
    const developed = await w.photo(d, { status: 'approved' });
    const page = await w.app.gallery.eventPhotos(e.code, w.host, {});
    expect(page.photos.find((p) => p.id === developed.id)).toMatchObject({ kind: 'photo' });
  });

  it('makes every photo of before a photo', async () => {
    const t = await testAdapters(['photos'], { photos: migrationsUpTo('photos', '0006_admin_list_indexes') });
    try {
      const id = randomUUID();
      await t.database.db.execute(sql`
        insert into photos.photos (id, event_id, device_id, original_key, bytes)
        values (${id}, ${randomUUID()}, ${randomUUID()}, 'o.jpg', 9)`);
      await t.database.migrate('photos');
      const [row] = await t.database.db.select().from(photos).where(eq(photos.id, id));
      expect(row!.kind).toBe('photo');
    } finally {
      await t.close();
    }
  });
});
