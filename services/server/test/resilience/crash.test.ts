import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBundle, type BundleProcess } from '../support/bundle';
import { Browser, eventBody, freePort, loginThroughIdp, makeJpeg, waitFor } from '../support/harness';

/** The built server as `npm start` runs it: embedded (PGlite, in-memory bus), nothing else set. */
const start = (port: number, dataDir: string) => startBundle(port, dataDir, { LOG_LEVEL: 'error' });

describe('a crash in the middle of a burst (kill -9, embedded mode)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-crash-'));
  let running: BundleProcess | null = null;
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every acknowledged photo after the restart and develops them within 30 s', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = await start(port, dataDir);
    const host = new Browser(base);
    await loginThroughIdp(host, 'crash@example.test', 'crash test dummy');
    const event = (await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 36 }))).body;
    const guests = await Promise.all(
      [0, 1, 2].map(async () => {
        const g = new Browser(base);
        const d = (await g.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() })).body;
        return { g, deviceId: d.id as string };
      }),
    );
    // big enough that developing them takes a while: the kill lands while most are still in the queue
    const jpeg = await makeJpeg(2400, 1800);
    const acked: string[] = [];
    await Promise.all(
      guests.map(async ({ g, deviceId }) => {
        for (let i = 0; i < 8; i++) {
          const r = await g.upload(event.code, { deviceId, uploadId: randomUUID() }, jpeg);
          if (r.status === 201) acked.push(r.body.photoId);
        }
      }),
    );
    expect(acked).toHaveLength(24);
    running.child.kill('SIGKILL');
    await running.exited;

    running = await start(port, dataDir);
    const restarted = Date.now();
    const again = new Browser(base);
    await loginThroughIdp(again, 'crash@example.test', 'crash test dummy', 'signin');
    let seen = '';
    const photos = await waitFor(
      async () => {
        const r = await again.json('GET', `/api/events/${event.code}/photos`);
        const list = r.body.photos as { id: string; processed: boolean }[];
        seen = `${list.length} listed, ${list.filter((p) => p.processed).length} developed`;
        return list.length >= acked.length && list.every((p) => p.processed) ? list : null;
      },
      30_000,
      250,
    ).catch((err) => {
      throw new Error(`${String(err)} (${seen} of ${acked.length})`);
    });
    expect(Date.now() - restarted).toBeLessThan(30_000);
    expect(new Set(photos.map((p) => p.id))).toEqual(new Set(acked));
  });
});
