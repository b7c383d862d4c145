import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@afterglow/db';
import { Browser, eventBody, loginThroughIdp, makeJpeg, startApp, type TestApp } from '../support/harness';
import { PROFILES, infraAvailable, provisionInfra, type Infra } from '../support/infra';

if (!infraAvailable)
  console.warn('TEST_DATABASE_URL, NATS_URL or REDIS_URL not set: the shot-limit burst runs embedded only');

/** A fresh 12-shot roll and 40 uploads from the same device at once: exactly 12 are kept. */
describe.each(PROFILES)('faults: 40 parallel uploads at the limit ($name)', (p) => {
  let infra: Infra | null = null;
  let app: TestApp;

  beforeAll(async () => {
    infra = p.infra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('stores exactly 12 and refuses the rest with No shots remaining', async () => {
    const host = new Browser(app.base);
    await loginThroughIdp(host, 'burst@example.test', 'burst at the limit');
    const event = (await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 12 }))).body;
    const guest = new Browser(app.base);
    const device = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() }))
      .body;
    const jpeg = await makeJpeg(320, 240);

    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        guest.upload(event.code, { deviceId: device.id, uploadId: randomUUID() }, jpeg),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 403);
    expect(created).toHaveLength(12);
    expect(refused).toHaveLength(28);
    for (const r of refused) expect(r.body.error).toBe('No shots remaining');
    expect(new Set(created.map((r) => r.body.shotsRemaining))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => i)),
    );

    const count = await app.ctx.database.db.execute(
      sql`select count(*)::int as n, count(distinct upload_id)::int as d from photos.photos where event_id = ${event.id}`,
    );
    expect((count as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 12, d: 12 });
    const shots = await app.ctx.database.db.execute(
      sql`select shots_taken from photos.devices where id = ${device.id}`,
    );
    expect((shots as unknown as { rows: { shots_taken: number }[] }).rows[0]!.shots_taken).toBe(12);
    let originals = 0;
    for await (const _ of app.ctx.store.list(`events/${event.id}/originals/`)) originals++;
    expect(originals).toBe(12);
    const mine = await guest.json('GET', `/api/devices/${device.id}/photos`);
    expect(mine.body).toMatchObject({ shotsTaken: 12, shotsRemaining: 0 });
    expect(mine.body.photos).toHaveLength(12);
  });
});
