import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Browser,
  eventBody,
  freePort,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
} from '../support/harness';

/** `npm start` twice on the same data dir: accounts, events, photos and device cookies survive. */
describe('restart on the same data dir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps everything', async () => {
    const port = await freePort();
    const env = { AFTERGLOW_DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port) };
    const first = await startApp(env);
    const host = new Browser(first.base);
    await loginThroughIdp(host, 'keeper@example.test', 'persistent pass');
    const event = (await host.json('POST', '/api/events', eventBody())).body;
    const guest = new Browser(first.base);
    const device = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() }))
      .body;
    const up = await guest.upload(event.code, { deviceId: device.id }, await makeJpeg(320, 240));
    expect(up.status).toBe(201);
    await waitFor(
      async () => (await guest.json('GET', `/api/devices/${device.id}/photos`)).body.photos[0]?.processed,
    );
    await first.close({ keepData: true });

    const second = await startApp(env);
    try {
      const again = new Browser(second.base);
      const r = await loginThroughIdp(again, 'keeper@example.test', 'persistent pass', 'signin');
      expect(new URL(r.url).pathname).toBe('/');
      expect(again.cookies.has('ag_session')).toBe(true);
      const me = (await again.json('GET', '/api/auth/user')).body;
      expect(me.email).toBe('keeper@example.test');
      const e = await again.json('GET', `/api/events/${event.id}`);
      expect(e.body).toMatchObject({
        code: event.code,
        hostId: me.id,
        qrCode: expect.stringContaining('<svg'),
      });
      const photos = (await again.json('GET', `/api/events/${event.code}/photos`)).body.photos;
      expect(photos).toHaveLength(1);
      expect((await again.fetch(photos[0].thumbUrl)).status).toBe(200);
      // the guest's browser still owns its device
      const g2 = Object.assign(new Browser(second.base), { cookies: guest.cookies });
      const mine = await g2.json('GET', `/api/devices/${device.id}/photos`);
      expect(mine.status).toBe(200);
      expect(mine.body.shotsTaken).toBe(1);
    } finally {
      await second.close({ keepData: true });
    }
  });
});

/** Moving the laptop to the venue's network changes PUBLIC_URL: hosts keep their accounts and events. */
describe('a new public URL on the same data dir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-moved-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every account of the embedded identity provider, also ones first seen under an older URL', async () => {
    const env = { AFTERGLOW_DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startApp({ ...env, PORT: String(await freePort()) });
    const host = new Browser(first.base);
    await loginThroughIdp(host, 'mover@example.test', 'moving house');
    const before = (await host.json('GET', '/api/auth/user')).body;
    const event = (await host.json('POST', '/api/events', eventBody())).body;
    const older = new Browser(first.base);
    await loginThroughIdp(older, 'veteran@example.test', 'been here before');
    const veteran = (await older.json('GET', '/api/auth/user')).body;
    // The veteran's row as an earlier version wrote it: the provider's URL in the subject.
    await first.ctx.database.db.execute(
      sql`update identity.users set subject = replace(subject, 'embedded|', 'http://10.0.0.7:3000/idp|') where id = ${veteran.id}`,
    );
    await first.close({ keepData: true });

    const second = await startApp({ ...env, PORT: String(await freePort()) });
    try {
      expect(second.base).not.toBe(first.base);
      const again = new Browser(second.base);
      await loginThroughIdp(again, 'mover@example.test', 'moving house', 'signin');
      const me = (await again.json('GET', '/api/auth/user')).body;
      expect(me.id).toBe(before.id);
      const e = await again.json('GET', `/api/events/${event.id}`);
      expect(e.body).toMatchObject({ hostId: me.id, code: event.code });
      const back = new Browser(second.base);
      await loginThroughIdp(back, 'veteran@example.test', 'been here before', 'signin');
      expect((await back.json('GET', '/api/auth/user')).body.id).toBe(veteran.id);
    } finally {
      await second.close({ keepData: true });
    }
  });
});
