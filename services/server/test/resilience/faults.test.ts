import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFaces, samplePhoto } from '@afterglow/faces';
import { Browser, eventBody, freePort, loginThroughIdp, makeJpeg, waitFor } from '../support/harness';
import { infraAvailable, provisionInfra, type Infra } from '../support/infra';
import { startProcesses, type Processes } from '../support/processes';

const NATS_BIN = '/usr/sbin/nats-server';
const enabled = infraAvailable && existsSync(NATS_BIN);
if (!enabled)
  console.warn('fault tests skipped: they need TEST_DATABASE_URL, REDIS_URL and nats-server at /usr/sbin');

/** A NATS server of our own, so the test may stop and start it. */
class OwnNats {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'afterglow-nats-'));
  constructor(readonly port: number) {}
  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir], {
      stdio: 'ignore',
    });
    await waitFor(async () => {
      const net = await import('node:net');
      return new Promise<boolean>((r) => {
        const s = net.connect(this.port, '127.0.0.1', () => (s.end(), r(true)));
        s.on('error', () => r(false));
      });
    }, 10_000);
  }
  async stop() {
    const c = this.child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.on('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
}

describe.skipIf(!enabled)('faults: nothing accepted is lost', () => {
  let infra: Infra;
  let nats: OwnNats;
  let running: Processes;
  let db: pg.Client;
  let code = '';
  let eventId = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-faults-'));
  const accepted: string[] = [];

  async function guestWithDevice() {
    const g = new Browser(running.gatewayUrl);
    const d = await g.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
    expect(d.status).toBe(201);
    return { g, deviceId: d.body.id as string };
  }

  async function processedCount(): Promise<number> {
    const r = await db.query(
      'select count(*)::int as n from photos.photos where event_id = $1 and processed_at is not null',
      [eventId],
    );
    return r.rows[0].n;
  }

  beforeAll(async () => {
    infra = await provisionInfra();
    nats = new OwnNats(await freePort());
    await nats.start();
    running = await startProcesses({
      env: (port) => ({
        ...infra.env,
        NATS_URL: nats.url,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        AFTERGLOW_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MEDIA_CONCURRENCY: '1',
      }),
    });
    db = new pg.Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    const host = new Browser(running.gatewayUrl);
    await loginThroughIdp(host, 'faults@example.test', 'fault tolerant');
    const e = await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 36 }));
    code = e.body.code;
    eventId = e.body.id;
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await running?.stop();
    await nats?.stop();
    await infra?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
    if (nats) rmSync(nats.dir, { recursive: true, force: true });
  });

  it('accepts uploads while NATS is down and develops them all once it is back', async () => {
    const { g, deviceId } = await guestWithDevice();
    const jpeg = await makeJpeg(800, 600);
    const first = await g.upload(code, { deviceId, uploadId: randomUUID() }, jpeg);
    expect(first.status).toBe(201);
    accepted.push(first.body.photoId);
    await waitFor(async () => (await processedCount()) === 1, 30_000);

    await nats.stop();
    for (let i = 0; i < 5; i++) {
      const r = await g.upload(code, { deviceId, uploadId: randomUUID() }, jpeg);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      accepted.push(r.body.photoId);
    }
    const waiting = await db.query('select count(*)::int as n from photos.outbox where published_at is null');
    expect(waiting.rows[0].n).toBeGreaterThanOrEqual(5);
    await new Promise((r) => setTimeout(r, 2000));
    await nats.start();
    await waitFor(async () => (await processedCount()) === 6, 60_000, 250);
    const dup = await db.query(
      'select count(*)::int as n, count(distinct photo_id)::int as d from media.developed where event_id = $1',
      [eventId],
    );
    expect(dup.rows[0]).toEqual({ n: 6, d: 6 });
  }, 120_000);

  it('renders every photo exactly once when the media worker is killed mid-burst', async () => {
    const jpeg = await makeJpeg(2400, 1800);
    const guests = await Promise.all([guestWithDevice(), guestWithDevice()]);
    const uploads = await Promise.all(
      guests.flatMap(({ g, deviceId }) =>
        Array.from({ length: 8 }, () => g.upload(code, { deviceId, uploadId: randomUUID() }, jpeg)),
      ),
    );
    for (const u of uploads) {
      expect(u.status).toBe(201);
      accepted.push(u.body.photoId);
    }
    const before = await processedCount();
    await waitFor(async () => (await processedCount()) > before, 30_000, 50);
    const media = running.children.get('media')!;
    media.kill('SIGKILL');
    await media.exited;
    const atKill = await processedCount();
    expect(atKill).toBeLessThan(accepted.length); // work was still in flight
    await running.restart('media');
    await waitFor(async () => (await processedCount()) === accepted.length, 120_000, 250);

    const rows = await db.query(
      'select count(*)::int as n, count(distinct photo_id)::int as d from media.developed where event_id = $1',
      [eventId],
    );
    expect(rows.rows[0]).toEqual({ n: accepted.length, d: accepted.length });
    const photos = await db.query(
      `select p.id from photos.photos p where p.event_id = $1
         and (select count(*) from photos.renditions r where r.photo_id = p.id and r.kind in ('thumb', 'display')) = 2`,
      [eventId],
    );
    expect(photos.rows.map((r) => r.id).sort()).toEqual([...accepted].sort());
  }, 180_000);

  it('records every face exactly once when the media worker is killed while describing them', async () => {
    // an Event Pro host, so the event may have Find Me on (ADR 036)
    const email = 'faults-faces@example.test';
    const host = new Browser(running.gatewayUrl);
    await loginThroughIdp(host, email, 'fault tolerant faces');
    await waitFor(async () => {
      const r = await db.query(
        `insert into billing.account_plans (user_id, plan, since)
           select user_id, 'pro', now() from billing.accounts where lower(email) = lower($1)
         on conflict (user_id) do update set plan = 'pro', since = now(), until = null`,
        [email],
      );
      return r.rowCount === 1 || null;
    }, 30_000);
    const e = await host.json('POST', '/api/events', eventBody({ findMe: true, maxShotsPerDevice: 36 }));
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    const g = new Browser(running.gatewayUrl);
    const d = await g.json('POST', `/api/events/${e.body.code}/devices`, { anonId: randomUUID() });
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const up = await g.upload(e.body.code, { deviceId: d.body.id }, samplePhoto(n));
      expect(up.status).toBe(201);
      ids.push(up.body.photoId);
    }
    const indexed = async () =>
      (
        await db.query(
          'select count(*)::int as n from photos.photos where event_id = $1 and faces_at is not null',
          [e.body.id],
        )
      ).rows[0].n as number;
    await waitFor(async () => ((await indexed()) > 0 ? true : null), 60_000, 20);
    const media = running.children.get('media')!;
    media.kill('SIGKILL');
    await media.exited;
    expect(await indexed()).toBeLessThan(ids.length); // faces were still being described
    await running.restart('media');
    await waitFor(async () => ((await indexed()) === ids.length ? true : null), 120_000, 250);

    // each photo's faces once: as many as its display rendition holds, each box once
    const listed = (await host.json('GET', `/api/events/${e.body.code}/photos`)).body.photos as {
      id: string;
      displayUrl: string;
    }[];
    for (const p of listed) {
      const display = Buffer.from(await (await host.fetch(p.displayUrl)).arrayBuffer());
      const expected = (await describeFaces(display)).length;
      const rows = await db.query(
        'select count(*)::int as n, count(distinct box::text)::int as d from photos.faces where photo_id = $1',
        [p.id],
      );
      expect(rows.rows[0], p.id).toEqual({ n: expected, d: expected });
    }
    expect(listed.map((p) => p.id).sort()).toEqual([...ids].sort());
  }, 240_000);
});
