import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@afterglow/db';
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
import { FaultyS3 } from '../support/faulty-s3';

/**
 * Object storage refusing writes, or gone: the upload answers 503 with a message that says to try
 * again, no shot is charged, and once storage is back the same photo (same uploadId) is stored
 * exactly once.
 */
describe('faults: storage refusing writes', () => {
  let s3: FaultyS3;
  let app: TestApp;
  let guest: Browser;
  let code = '';
  let eventId = '';
  let deviceId = '';
  let jpeg: Buffer;

  const shotsTaken = async () =>
    (await guest.json('GET', `/api/devices/${deviceId}/photos`)).body.shotsTaken as number;
  const rows = async (uploadId?: string) => {
    const r = await app.ctx.database.db.execute(
      uploadId
        ? sql`select count(*)::int as n from photos.photos where event_id = ${eventId} and upload_id = ${uploadId}`
        : sql`select count(*)::int as n from photos.photos where event_id = ${eventId}`,
    );
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const originals = async () => {
    let n = 0;
    for await (const _ of app.ctx.store.list(`events/${eventId}/originals/`)) n++;
    return n;
  };

  beforeAll(async () => {
    s3 = new FaultyS3(await freePort());
    await s3.start();
    app = await startApp({ ...s3.env, LOG_LEVEL: 'error' });
    const host = new Browser(app.base);
    await loginThroughIdp(host, 'storage-faults@example.test', 'storage resilient');
    const e = await host.json('POST', '/api/events', eventBody());
    code = e.body.code;
    eventId = e.body.id;
    guest = new Browser(app.base);
    const d = await guest.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
    deviceId = d.body.id;
    jpeg = await makeJpeg(320, 240);
  });

  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('answers 503, charges nothing, and stores the same upload once when storage is back', async () => {
    const first = await guest.upload(code, { deviceId, uploadId: randomUUID() }, jpeg);
    expect(first.status).toBe(201);
    expect(await shotsTaken()).toBe(1);

    const uploadId = randomUUID();
    for (const fault of ['refuse-writes', 'down'] as const) {
      if (fault === 'down') await s3.down();
      else s3.mode = fault;
      const t0 = Date.now();
      const res = await guest.fetch(`/api/events/${code}/photos`, {
        method: 'POST',
        body: (() => {
          const fd = new FormData();
          fd.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
          fd.append('deviceId', deviceId);
          fd.append('uploadId', uploadId);
          return fd;
        })(),
      });
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(res.status, fault).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const problem = await res.json();
      expect(problem).toMatchObject({ status: 503, code: 'storage_unavailable' });
      expect(problem.detail).toMatch(/try again/i);
      expect(problem.error).toBe(problem.detail);
      // not charged, nothing half-stored
      expect(await shotsTaken()).toBe(1);
      expect(await rows(uploadId)).toBe(0);
    }
    // A stopped store also shows in the readiness probe.
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.storage).not.toBe('ok');

    await s3.up();
    await waitFor(async () => (await fetch(`${app.base}/readyz`)).status === 200, 15_000, 200);
    const stored = await guest.upload(code, { deviceId, uploadId }, jpeg);
    expect(stored.status).toBe(201);
    expect(stored.body.shotsRemaining).toBe(10);
    // the same upload again (a retry that crossed the answer) replays, it is not stored twice
    const replay = await guest.upload(code, { deviceId, uploadId }, jpeg);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ photoId: stored.body.photoId, replayed: true, shotsRemaining: 10 });

    expect(await shotsTaken()).toBe(2);
    expect(await rows(uploadId)).toBe(1);
    expect(await rows()).toBe(2);
    expect(await originals()).toBe(2);
    // both photos are developed once storage is back
    await waitFor(async () => {
      const mine = await guest.json('GET', `/api/devices/${deviceId}/photos`);
      return mine.body.photos.length === 2 && mine.body.photos.every((p: any) => p.processed);
    }, 30_000);
  });
});
