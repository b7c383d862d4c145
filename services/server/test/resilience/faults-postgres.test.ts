import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  eventBody,
  freePort,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';
import { OwnPostgres, ownPostgresAvailable } from '../support/own-postgres';

if (!ownPostgresAvailable)
  console.warn(
    'PostgreSQL restart test skipped: it needs the PostgreSQL 15 server binaries in /usr/lib/postgresql/15/bin',
  );

interface Attempt {
  uploadId: string;
  status: number;
  ms: number;
  contentType: string | null;
  body: any;
  phase: 'before' | 'down' | 'after';
}

/**
 * PostgreSQL restarted under load: while it is away every request fails fast with a 503 problem, the
 * readiness probe says so, and once it is back Afterglow carries on by itself. Each guest retries a
 * refused photo with the same uploadId (as the offline queue does), and every photo ends up stored
 * exactly once: one row, one original, one shot charged.
 */
describe.skipIf(!ownPostgresAvailable)('faults: PostgreSQL restarted mid-load', () => {
  let pgServer: OwnPostgres;
  let app: TestApp;
  let db: pg.Client;
  let host: Browser;
  let code = '';
  let eventId = '';
  let stop = false;

  beforeAll(async () => {
    pgServer = new OwnPostgres(await freePort());
    await pgServer.init();
    await pgServer.start();
    app = await startApp({ DATABASE_URL: pgServer.url, RATE_LIMIT_SCALE: '0', LOG_LEVEL: 'error' });
    host = new Browser(app.base);
    await loginThroughIdp(host, 'pg-restart@example.test', 'restart resilient');
    const e = await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 36 }));
    expect(e.status).toBe(201);
    code = e.body.code;
    eventId = e.body.id;
  }, 120_000);

  afterAll(async () => {
    stop = true;
    await db?.end().catch(() => {});
    await app?.close();
    await pgServer?.destroy();
  });

  it('answers 503 while it is down, recovers by itself, and stores every photo exactly once', async () => {
    const jpeg = await makeJpeg(320, 240);
    const guests = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const g = new Browser(app.base);
        const d = await g.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
        expect(d.status).toBe(201);
        return { g, deviceId: d.body.id as string };
      }),
    );

    let phase: Attempt['phase'] = 'before';
    const attempts: Attempt[] = [];
    const stored = new Map<string, string>(); // uploadId -> photoId
    const perGuest = 10;

    // Each guest shoots perGuest photos one after another; a refused photo is retried (same uploadId).
    const load = guests.map(async ({ g, deviceId }) => {
      for (let n = 0; n < perGuest && !stop; n++) {
        const uploadId = randomUUID();
        for (;;) {
          const t0 = Date.now();
          const fd = new FormData();
          fd.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
          fd.append('deviceId', deviceId);
          fd.append('uploadId', uploadId);
          const res = await g
            .fetch(`/api/events/${code}/photos`, { method: 'POST', body: fd })
            .catch(() => null);
          if (!res) return; // Afterglow itself stopped (the test is over)
          const text = await res.text();
          const a: Attempt = {
            uploadId,
            status: res.status,
            ms: Date.now() - t0,
            contentType: res.headers.get('content-type'),
            body: text ? JSON.parse(text) : undefined,
            phase,
          };
          attempts.push(a);
          if (res.status === 200 || res.status === 201) {
            stored.set(uploadId, a.body.photoId);
            break;
          }
          if (res.status !== 503 || stop) break;
          await new Promise((r) => setTimeout(r, 150));
        }
      }
    });

    try {
      await waitFor(async () => stored.size >= 6, 30_000, 50);
      await pgServer.stop();
      phase = 'down';

      // Everything that needs the database says so quickly, as a problem.
      const [guest] = guests;
      const probe = async (b: Browser, path: string) => {
        const t0 = Date.now();
        const r = await b.fetch(path);
        return {
          status: r.status,
          type: r.headers.get('content-type'),
          ms: Date.now() - t0,
          body: await r.text(),
        };
      };
      for (const [b, path] of [
        [guest!.g, `/api/devices/${guest!.deviceId}/photos`],
        [host, `/api/events/${eventId}/stats`],
      ] as const) {
        const r = await probe(b, path);
        expect(r.status, `${path}: ${r.body}`).toBe(503);
        expect(r.type).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(r.body)).toMatchObject({ status: 503, code: 'unavailable' });
        expect(r.ms).toBeLessThan(4000);
      }
      const ready = await fetch(`${app.base}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.database).not.toBe('ok');
      await waitFor(async () => attempts.some((a) => a.phase === 'down' && a.status === 503), 10_000, 50);
      await new Promise((r) => setTimeout(r, 1500));

      await pgServer.start();
      phase = 'after';
      // No restart of Afterglow: the pool reconnects on its own.
      await waitFor(async () => (await fetch(`${app.base}/readyz`)).status === 200, 20_000, 200);
      const before = stored.size;
      await waitFor(async () => stored.size > before, 20_000, 50);
      await Promise.race([Promise.all(load), new Promise((r) => setTimeout(r, 60_000))]);
    } finally {
      stop = true;
      await Promise.all(load);
    }

    // Only 2xx and 503: never a 500, never a hang.
    const bad = attempts.filter((a) => ![200, 201, 503].includes(a.status));
    expect(bad, JSON.stringify(bad.slice(0, 3))).toEqual([]);
    const refused = attempts.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.contentType).toMatch(/^application\/problem\+json/);
      expect(r.body).toMatchObject({ status: 503 });
      expect(r.ms).toBeLessThan(6000);
    }
    expect(attempts.some((a) => a.phase === 'after' && a.status === 201)).toBe(true);
    expect(stored.size).toBe(guests.length * perGuest);

    // Exactly once: one row per accepted uploadId, one original per row, one shot per row.
    db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
    const rows = await db.query(
      'select id, upload_id, original_key, device_id from photos.photos where event_id = $1',
      [eventId],
    );
    expect(rows.rows).toHaveLength(stored.size);
    expect(new Set(rows.rows.map((r) => r.upload_id))).toEqual(new Set(stored.keys()));
    for (const r of rows.rows) expect(stored.get(r.upload_id)).toBe(r.id);
    const shots = await db.query('select id, shots_taken from photos.devices where event_id = $1', [eventId]);
    for (const d of shots.rows)
      expect(d.shots_taken).toBe(rows.rows.filter((r) => r.device_id === d.id).length);
    const originals = async () => {
      const keys: string[] = [];
      for await (const o of app.ctx.store.list(`events/${eventId}/originals/`)) keys.push(o.key);
      return keys.sort();
    };
    const expected = rows.rows.map((r) => r.original_key).sort();
    // an original whose transaction died with the database is removed once the database says so
    await waitFor(async () => JSON.stringify(await originals()) === JSON.stringify(expected), 20_000, 250);
    // and every accepted photo is developed
    await waitFor(
      async () =>
        (
          await db.query(
            'select count(*)::int as n from photos.photos where event_id = $1 and processed_at is not null',
            [eventId],
          )
        ).rows[0].n === stored.size,
      60_000,
      250,
    );
  }, 180_000);
});
