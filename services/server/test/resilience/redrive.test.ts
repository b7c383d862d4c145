import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, eventBody, loginThroughIdp, makeJpeg, startApp, waitFor } from '../support/harness';
import { infraAvailable, provisionInfra, type Infra } from '../support/infra';

/**
 * A developing job lost with the in-memory bus (the process stopped before the media worker got to
 * it) is not a lost photo: the next start finds the photo stored but undeveloped and develops it.
 * Made deterministic by storing the photo with no media worker running at all.
 */
describe.skipIf(!infraAvailable)('photos stored but never developed', () => {
  let infra: Infra;
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-redrive-'));
  beforeAll(async () => {
    infra = await provisionInfra();
  });
  afterAll(async () => {
    await infra?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are developed after a restart', async () => {
    // PostgreSQL for the rows; the bus stays in memory, so a job not yet taken dies with the process.
    const env = { DATABASE_URL: infra.env.DATABASE_URL!, AFTERGLOW_DATA_DIR: dataDir };
    const first = await startApp(env, 'gateway,events,photos,billing,admin,notify,realtime');
    const host = new Browser(first.base);
    await loginThroughIdp(host, 'redrive@example.test', 'develop me later');
    const event = (await host.json('POST', '/api/events', eventBody())).body;
    const guest = new Browser(first.base);
    const device = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() }))
      .body;
    const up = await guest.upload(event.code, { deviceId: device.id }, await makeJpeg(320, 240));
    expect(up.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1000));
    const before = await guest.json('GET', `/api/devices/${device.id}/photos`);
    expect(before.body.photos[0]).toMatchObject({ id: up.body.photoId, processed: false });
    await first.close({ keepData: true });

    const second = await startApp(env);
    try {
      const g2 = Object.assign(new Browser(second.base), { cookies: guest.cookies });
      const mine = await waitFor(async () => {
        const r = await g2.json('GET', `/api/devices/${device.id}/photos`);
        return r.body.photos[0]?.processed ? r.body.photos : null;
      }, 20_000);
      expect(mine).toHaveLength(1);
      expect(mine[0].id).toBe(up.body.photoId);
      expect((await g2.fetch(mine[0].thumbUrl)).status).toBe(200);
    } finally {
      await second.close({ keepData: true });
    }
  });
});
