import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Retention } from '@afterglow/events';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  isoIn,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * Retention end to end (ADR 026), with a controlled clock: an event past its plan's hosting period is
 * warned, then deleted after the grace period, and every object it had in storage goes with it.
 */
const DAY = 24 * 3600_000;

describe.each(PROFILES)('retention ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let retention: Retention;

  const objects = async (eventId: string) => {
    const keys: string[] = [];
    for await (const o of app.ctx.store.list(`events/${eventId}/`)) keys.push(o.key);
    return keys;
  };

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    retention = (app.modules.get('events') as unknown as { retention: Retention }).retention;
    host = new Browser(app.base);
    await loginThroughIdp(host, 'retention-host@example.test', 'retention password');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('warns when hosting ends, then deletes the event, its photos and every stored object', async () => {
    const created = await host.json(
      'POST',
      '/api/events',
      eventBody({ name: 'Beach Day', startsAt: isoIn(-60_000) }),
    );
    expect(created.status).toBe(201);
    const e = created.body;
    const guest = new Browser(app.base);
    const d = await guest.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() });
    for (let i = 0; i < 2; i++)
      expect(
        (await guest.upload(e.code, { deviceId: d.body.id }, await makeJpeg(400 + i * 8, 300))).status,
      ).toBe(201);
    await waitFor(async () => (await objects(e.id)).length === 6, 30_000); // 2 originals, 2 × 2 renditions

    // the host dashboard says when: hosting ends 7 days after the start (free plan), deletion 7 days later
    const seen = (await host.json('GET', `/api/events/${e.id}`)).body;
    expect(Date.parse(seen.hostingEndsAt)).toBe(Date.parse(e.startsAt) + 7 * DAY);
    expect(Date.parse(seen.deletesAt)).toBe(Date.parse(e.startsAt) + 14 * DAY);

    const start = Date.parse(e.startsAt);
    expect((await retention.run(new Date(start + 6 * DAY))).warned).toBe(0);
    expect((await retention.run(new Date(start + 7.5 * DAY))).warned).toBe(1);
    expect((await host.json('GET', `/api/events/${e.id}`)).status).toBe(200);
    expect(await objects(e.id)).toHaveLength(6);

    expect((await retention.run(new Date(start + 14.6 * DAY))).deleted).toBe(1);
    await waitFor(async () => (await objects(e.id)).length === 0, 30_000);
    expect((await host.json('GET', `/api/events/${e.id}`)).status).toBe(404);
    expect((await guest.json('GET', `/api/devices/${d.body.id}/photos`)).status).toBeGreaterThanOrEqual(400);
  }, 120_000);
});
