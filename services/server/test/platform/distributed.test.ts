import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  confirmEmail,
  eventBody,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  waitFor,
} from '../support/harness';
import { infraAvailable, type Infra } from '../support/infra';
import { processesForSuite, type Processes } from '../support/processes';

if (!infraAvailable)
  console.warn('TEST_DATABASE_URL, NATS_URL or REDIS_URL not set: the multi-process suite is skipped');

/**
 * The distributed profile: gateway, events, photos, media, billing, admin and realtime each in its own
 * process (the built bundle with --target), on PostgreSQL, NATS JetStream, Redis and S3.
 */
describe.skipIf(!infraAvailable)('each service in its own process', () => {
  const suite = processesForSuite({
    // images straight from the bucket here (the in-process suite covers streaming them)
    env: (port) => ({
      S3_PRESIGN_IMAGES: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AFTERGLOW_ADMIN_EMAILS: 'dist-admin@example.test',
    }),
  });
  let infra: Infra;
  let running: Processes;
  let base: string;
  beforeAll(() => {
    ({ infra, running } = suite);
    base = running.gatewayUrl;
  });

  it('runs eight processes, each ready on its own', async () => {
    expect([...running.children.keys()].sort()).toEqual([
      'admin',
      'billing',
      'events',
      'gateway',
      'media',
      'notify',
      'photos',
      'realtime',
    ]);
    for (const c of running.children.values()) expect(c.exitCode).toBeNull();
  });

  it('takes a test-mode payment through the gateway: billing grants the plan, events raises the limit', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'dist-buyer@example.test', 'distributed pass');
    const db = new pg.Pool({ connectionString: infra.env.DATABASE_URL, max: 1 });
    try {
      await confirmEmail(host, 'dist-buyer@example.test', db);
    } finally {
      await db.end();
    }
    const buy = async (body: unknown) => {
      const pi = await host.json('POST', '/api/create-payment-intent', body);
      expect(pi.status).toBe(201);
      const done = await host.json('POST', '/api/payments/test-confirm', {
        paymentIntentId: pi.body.paymentIntentId,
      });
      expect(done.body.status).toBe('succeeded');
    };
    await buy({ plan: 'pro' });
    // billing's notice reaches events in its own process: the plan shows without waiting out 30 s
    await waitFor(async () => (await host.json('GET', '/api/user/stats')).body.currentPlan === 'pro', 5000);
    const e = (await host.json('POST', '/api/events', eventBody({ name: 'Dist Pro' }))).body;
    expect(e.maxPhotos).toBe(2000);
    await buy({ addon: 'extra-photos', eventId: e.id });
    // billing's outbox -> NATS -> events
    await waitFor(async () => (await host.json('GET', `/api/events/${e.id}`)).body.maxPhotos === 3000);
    // the webhook route reaches billing through the gateway, and an unsigned call is refused there
    const forged = await host.fetch('/api/stripe/webhook', {
      method: 'POST',
      body: '{"id":"evt_x","type":"payment_intent.succeeded"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('bad_signature');
  });

  it('walks the core loop through the gateway', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'dist-host@example.test', 'distributed pass');
    const event = await host.json('POST', '/api/events', eventBody({ revealMode: 'live' }));
    expect(event.status).toBe(201);
    const e = event.body;

    const guest = new Browser(base);
    const device = await guest.json('POST', `/api/events/${e.code}/devices`, {
      anonId: randomUUID(),
      displayName: 'Dee',
    });
    expect(device.status).toBe(201);
    const up = await guest.upload(
      e.code,
      { deviceId: device.body.id, uploadId: randomUUID() },
      await makeJpeg(640, 480),
    );
    expect(up.status).toBe(201);
    expect(up.body.shotsRemaining).toBe(11);

    // photos -> NATS -> media (another process) -> NATS -> photos
    const processed = await waitFor(async () => {
      const r = await guest.json('GET', `/api/devices/${device.body.id}/photos`);
      return r.body.photos[0]?.processed ? r.body.photos[0] : null;
    }, 30_000);
    // our signature first, then a short-lived presigned URL of the bucket
    const hop = await guest.fetch(processed.thumbUrl);
    expect(hop.status).toBe(302);
    const s3 = new URL(hop.headers.get('location')!);
    expect(s3.origin).toBe(infra.env.S3_ENDPOINT);
    expect(s3.searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(hop.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: blob: ${infra.env.S3_ENDPOINT}; media-src 'self' blob: ${infra.env.S3_ENDPOINT}`,
    );
    const thumb = await fetch(s3);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const tampered = new URL(processed.thumbUrl, base);
    tampered.searchParams.set('sig', 'A'.repeat(43));
    expect((await guest.fetch(tampered.pathname + tampered.search)).status).toBe(403);

    // the WebSocket goes through the gateway to the realtime process
    const screen = await openSocket(base);
    screen.ws.send(JSON.stringify({ type: 'join', eventId: e.id }));
    await screen.next((m) => m.type === 'joined');
    expect((await host.json('POST', `/api/photos/${up.body.photoId}/approve`)).status).toBe(200);
    await screen.next((m) => m.type === 'photo_approved' && m.photoId === up.body.photoId, 15_000);
    screen.ws.close();

    const gallery = await new Browser(base).json('GET', `/api/events/${e.code}/photos`);
    expect(gallery.body.photos.map((p: { id: string }) => p.id)).toEqual([up.body.photoId]);
    expect((await host.json('GET', `/api/events/${e.id}/stats`)).body.photoStats).toMatchObject({
      total: 1,
      approved: 1,
    });
  });

  it('lets an admin delete an event: events, photos and the bucket follow across processes', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'dist-doomed@example.test', 'distributed pass');
    const admin = new Browser(base);
    await loginThroughIdp(admin, 'dist-admin@example.test', 'distributed pass');
    const e = (await host.json('POST', '/api/events', eventBody())).body;
    const guest = new Browser(base);
    const d = (await guest.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    const up = await guest.upload(e.code, { deviceId: d.id }, await makeJpeg(320, 240));
    const p = await waitFor(async () => {
      const r = await host.json('GET', `/api/events/${e.code}/photos`);
      return r.body.photos[0]?.processed ? r.body.photos[0] : null;
    }, 30_000);
    expect(p.id).toBe(up.body.photoId);
    const bucket = async (url: string) => {
      const hop = await host.fetch(url);
      expect(hop.status).toBe(302);
      return (await fetch(hop.headers.get('location')!)).status;
    };
    for (const url of [p.originalUrl, p.displayUrl, p.thumbUrl]) expect(await bucket(url)).toBe(200);

    const del = (b: Browser) =>
      b.fetch(`/api/admin/events/${e.id}`, {
        method: 'DELETE',
        body: JSON.stringify({ reason: 'Admin deletion' }),
        headers: { 'content-type': 'application/json', origin: base },
      });
    // the back office's lists, each asked of its own process over NATS (ADR 028)
    const photos = await admin.json('GET', `/api/admin/photos?search=${e.code}`);
    expect(photos.status).toBe(200);
    expect(photos.body.items).toMatchObject([{ id: p.id, eventCode: e.code, status: 'pending' }]);
    const events = await admin.json('GET', `/api/admin/events?search=${e.code}`);
    expect(events.body.items).toMatchObject([
      { id: e.id, hostEmail: 'dist-doomed@example.test', photoCount: 1, guestCount: 1, status: 'upcoming' },
    ]);
    const users = await admin.json('GET', '/api/admin/users?search=dist-doomed');
    expect(users.body.items).toMatchObject([
      { plan: 'free', eventCount: 1, photoCount: 1, status: 'active' },
    ]);
    const flag = await admin.json('POST', `/api/admin/photos/${p.id}/moderate`, {
      action: 'flag',
      reason: 'Needs review',
    });
    expect(flag.body).toMatchObject({ id: p.id, flagCount: 1 });
    const stats = await admin.json('GET', '/api/admin/stats');
    expect(stats.body.flaggedPhotos).toBeGreaterThanOrEqual(1);
    const log = await admin.json('GET', '/api/admin/activity');
    expect(log.body.items[0]).toMatchObject({
      action: 'photo.flagged',
      targetId: p.id,
      reason: 'Needs review',
    });

    expect((await del(host)).status).toBe(403);
    expect((await del(admin)).status).toBe(204);
    expect((await host.json('GET', `/api/events/${e.id}`)).status).toBe(404);
    await waitFor(async () => {
      for (const url of [p.originalUrl, p.displayUrl, p.thumbUrl])
        if ((await bucket(url)) !== 404) return false;
      return true;
    }, 20_000);
    expect((await guest.json('GET', `/api/devices/${d.id}/photos`)).status).toBe(403);
  });

  it('serves the public gallery and share links through the gateway: events over NATS, photos elsewhere', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'dist-public@example.test', 'distributed pass');
    // a public gallery needs a plan with one: support puts the host on Event Pro in billing's table
    // (once billing has heard of the account), before the host's plan is first asked
    const db = new pg.Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await waitFor(async () => {
      const r = await db.query(
        `insert into billing.account_plans (user_id, plan) select user_id, 'pro' from billing.accounts
         where email = 'dist-public@example.test' on conflict (user_id) do update set plan = 'pro'`,
      );
      return r.rowCount === 1 || undefined;
    }, 10_000);
    await db.end();
    const e = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({
          name: 'Dist <Party>',
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          revealMode: 'live',
        }),
      )
    ).body;
    const guest = new Browser(base);
    const d = (await guest.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    const up = await guest.upload(e.code, { deviceId: d.id }, await makeJpeg(640, 480));
    await waitFor(async () => {
      const r = await host.json('GET', `/api/events/${e.code}/photos`);
      return r.body.photos[0]?.processed;
    }, 30_000);
    const visitor = new Browser(base);
    expect((await visitor.json('GET', `/api/public/events/${e.slug}`)).status).toBe(404);
    expect((await visitor.fetch(`/share/event/${e.slug}`)).status).toBe(404);
    expect((await host.json('POST', `/api/photos/${up.body.photoId}/approve`)).status).toBe(200);
    expect((await host.json('PUT', `/api/events/${e.id}/sharing`, { isPublic: true })).status).toBe(200);
    const g = await waitFor(async () => {
      const r = await visitor.json('GET', `/api/public/events/${e.slug}`);
      return r.status === 200 ? r.body : null;
    }, 10_000);
    expect(g).toMatchObject({ name: 'Dist <Party>', revealed: true, photoCount: 1, participantCount: 1 });
    const photos = await visitor.json('GET', `/api/public/events/${e.slug}/photos`);
    expect(photos.body.photos.map((p: any) => p.id)).toEqual([up.body.photoId]);
    const page = await visitor.fetch(`/share/event/${e.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<meta property="og:title" content="Dist &lt;Party&gt;">');
    expect(html).toContain(`/share/photo/${up.body.photoId}/image.jpg`);
    const img = await visitor.fetch(`/share/photo/${up.body.photoId}/image.jpg`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect((await visitor.fetch('/share/open.js')).status).toBe(200);
  });

  it('lets an admin suspend and reinstate an account: admin asks identity and billing over NATS', async () => {
    const member = new Browser(base);
    await loginThroughIdp(member, 'dist-member@example.test', 'distributed pass');
    const admin = new Browser(base);
    // signed up by the test before
    await loginThroughIdp(admin, 'dist-admin@example.test', 'distributed pass', 'signin');
    const id = (await member.json('GET', '/api/auth/user')).body.id;
    const act = (what: string, body?: unknown) => admin.json('POST', `/api/admin/users/${id}/${what}`, body);
    expect((await member.json('POST', `/api/admin/users/${id}/unsuspend`)).status).toBe(403);
    const suspended = await act('suspend', { reason: 'Admin action' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({
      id,
      email: 'dist-member@example.test',
      plan: 'free',
      isSuspended: true,
    });
    expect((await member.json('GET', '/api/auth/user')).status).toBe(403);
    expect((await act('unsuspend')).body).toMatchObject({ id, isSuspended: false });
    expect((await member.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('keeps sessions in Redis: a new gateway process still knows the user', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'dist-session@example.test', 'distributed pass');
    const gateway = running.children.get('gateway')!;
    gateway.kill('SIGTERM');
    await gateway.exited;
    await running.restart('gateway');
    const me = await host.json('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('dist-session@example.test');
  });
});
