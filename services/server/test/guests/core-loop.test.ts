import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '@afterglow/contracts';
import { PROFILES, infraAvailable, provisionInfra, type Infra } from '../support/infra';
import { machineAddresses } from '@afterglow/service-kit';
import {
  liftEventLimit,
  Browser,
  eventBody,
  isoIn,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * The core loop over HTTP, as the browser would drive it: a host signs up through the embedded
 * identity provider, creates an event, guests join and shoot, renditions appear, the host moderates,
 * live mode and the reveal open the gallery, and the WebSocket tells everyone in time.
 */
if (!infraAvailable)
  console.warn('TEST_DATABASE_URL, NATS_URL or REDIS_URL not set: the core loop runs in embedded mode only');

describe.each(PROFILES)('core photo loop ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let other: Browser;
  let guest: Browser;
  let anon: Browser;
  let event: any;
  let device: any;
  let jpeg: Buffer;

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp(infra?.env ?? {});
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    host = new Browser(app.base);
    other = new Browser(app.base);
    guest = new Browser(app.base);
    anon = new Browser(app.base);
    jpeg = await makeJpeg(800, 600, { orientation: 6, gps: true });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('signs a host up through the identity provider and reports the user', async () => {
    expect((await anon.json('GET', '/api/auth/user')).status).toBe(401);
    const { res, url } = await loginThroughIdp(host, 'host@example.test', 'correct horse battery');
    expect(new URL(url).pathname).toBe('/');
    expect(res.status).not.toBe(500);
    const cookie = [...host.cookies.keys()];
    expect(cookie).toContain('ag_session');
    const me = await host.json('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'host@example.test',
      firstName: 'Test',
      lastName: 'Host',
      isAdmin: false,
    });
    expect(Object.keys(me.body).sort()).toEqual([
      'email',
      'emailVerified',
      'firstName',
      'id',
      'isAdmin',
      'lastName',
      'localAccount',
    ]);
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const b = new Browser(app.base);
    const { url } = await b.follow('/api/login');
    expect(url).toContain('/idp/interaction/');
    const form = new URLSearchParams({
      email: 'host@example.test',
      password: 'correct horse battery',
      action: 'signin',
    });
    const html = await (await b.fetch(url)).text();
    const action = html.match(/action="([^"]+)"/)![1]!;
    let res = await b.fetch(new URL(action, url).href, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    let setCookie = '';
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get('location')!, res.url || url).href;
      res = await b.fetch(next);
      const sc = res.headers.getSetCookie().find((c) => c.startsWith('ag_session='));
      if (sc) setCookie = sc;
    }
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // plain http here; Secure when PUBLIC_URL is https
  });

  it('refuses a wrong password with a clear message', async () => {
    const b = new Browser(app.base);
    const r = await loginThroughIdp(b, 'host@example.test', 'wrong password!', 'signin');
    expect(r.res.status).toBe(401);
    expect(r.html).toContain('Wrong email or password');
    expect(r.html).toContain('<label for="email">Email</label>');
    expect(r.html).toContain('<label for="password">Password</label>');
    expect(r.html).toMatch(/>Sign in<\/button>/);
    expect(r.html).toMatch(/>Create account<\/button>/);
    expect(b.cookies.has('ag_session')).toBe(false);
  });

  it('refuses an anonymous event creation', async () => {
    const r = await anon.json('POST', '/api/events', eventBody());
    expect(r.status).toBe(401);
    expect(r.res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('validates the event with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Event name is required'],
      [{ name: undefined }, 'Event name is required'],
      [{ startsAt: '' }, 'Start date is required'],
      [{ startsAt: isoIn(-3600_000) }, 'Start date must be in the future'],
      [{ endsAt: '' }, 'End date is required'],
      [{ startsAt: isoIn(7200_000), endsAt: isoIn(3600_000) }, 'End date must be after start date'],
      [
        { revealMode: 'live', revealAt: isoIn(10 * 3600_000) },
        'Reveal time must be between start and end dates',
      ],
      [{ maxShotsPerDevice: 13 }, 'Shots per device must be 12, 24 or 36'],
    ];
    for (const [patch, message] of cases) {
      const r = await host.json('POST', '/api/events', eventBody(patch));
      expect(r.status, message).toBe(400);
      expect(r.body.errors.map((e: any) => e.message)).toContain(message);
    }
  });

  it('creates an event with a code, slug, QR SVG and join URL; the host comes from the session', async () => {
    const r = await host.json('POST', '/api/events', eventBody({ hostId: 'somebody-else', userId: 'x' }));
    expect(r.status).toBe(201);
    event = r.body;
    expect(event.code).toMatch(/^[A-Z0-9]{6}$/);
    for (const ch of event.code) expect(CODE_ALPHABET).toContain(ch);
    expect(event.code).not.toMatch(/[01OI]/);
    expect(event.slug).toMatch(/^anna-ben-s-wedding-[a-z0-9]{6}$/);
    expect(event.qrCode.trim()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // no PUBLIC_URL and a host on loopback: the link guests' phones can open, on the network address
    const net = machineAddresses().find((a) => a.family === 'IPv4');
    expect(event.joinUrl).toBe(`${net ? `http://${net.address}:${app.port}` : app.base}/join/${event.code}`);
    const me = (await host.json('GET', '/api/auth/user')).body;
    expect(event.hostId).toBe(me.id);
    expect(event.isPublic).toBe(false);
    expect(event.shareDescription).toBeNull();
    expect(event.revealAt).toBe(event.endsAt);
    expect(event.liveMode).toBe(false);
    expect(event.primaryColor).toBe('#f472b6');
  });

  it('looks the event up by code (any case) and id; the QR code only for the host', async () => {
    const pub = await anon.json('GET', `/api/events/by-code/${event.code.toLowerCase()}`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      id: event.id,
      name: event.name,
      maxShotsPerDevice: 12,
      liveMode: false,
      revealAt: event.revealAt,
    });
    expect(pub.body.qrCode).toBeUndefined();
    expect(pub.body.hostId).toBeUndefined();
    expect((await anon.json('GET', `/api/events/${event.code}`)).body.id).toBe(event.id);
    const mine = await host.json('GET', `/api/events/${event.id}`);
    expect(mine.body.qrCode).toContain('<svg');
    expect(mine.body.deviceCount).toBe(0);
    expect((await anon.json('GET', '/api/events/by-code/ZZZZZZ')).status).toBe(404);
    expect((await anon.json('GET', '/api/events/by-code/abc')).status).toBe(404);
  });

  it('joins a guest, binding the device to the browser with an httpOnly cookie', async () => {
    const r = await guest.json('POST', `/api/events/${event.code}/devices`, {
      anonId: randomUUID(),
      displayName: '  Ann  ',
    });
    expect(r.status).toBe(201);
    device = r.body;
    expect(device).toMatchObject({
      displayName: 'Ann',
      shotsTaken: 0,
      shotsRemaining: 12,
      eventId: event.id,
    });
    const sc = r.res.headers.getSetCookie().find((c) => c.startsWith(`agd_${device.id}=`))!;
    expect(sc).toMatch(/HttpOnly/i);
    expect((await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: 'nope' })).status).toBe(
      400,
    );
    expect((await guest.json('POST', `/api/events/QQQQQQ/devices`, { anonId: randomUUID() })).status).toBe(
      404,
    );
  });

  it('refuses a device id without its cookie, non-JPEGs, truncated JPEGs and a missing photo', async () => {
    expect((await anon.upload(event.code, { deviceId: device.id }, jpeg)).status).toBe(403);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const notJpeg = await guest.upload(event.code, { deviceId: device.id }, png, 'image/jpeg');
    expect(notJpeg.status).toBe(415);
    expect(notJpeg.body.error).toBe('Only JPEG photos can be uploaded');
    const truncated = await guest.upload(
      event.code,
      { deviceId: device.id },
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    );
    expect(truncated.status).toBe(422);
    expect((await guest.upload(event.code, { deviceId: device.id }, null)).status).toBe(400);
    expect((await guest.upload(event.code, { deviceId: 'not-a-uuid' }, jpeg)).status).toBe(400);
    const long = await guest.upload(event.code, { deviceId: device.id, caption: 'x'.repeat(101) }, jpeg);
    expect(long.status).toBe(400);
    expect(long.body.errors[0].message).toBe('Caption can be at most 100 characters');
    const huge = Buffer.alloc(16 * 1024 * 1024, 0x41);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await guest.upload(event.code, { deviceId: device.id }, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('The photo is too large');
    // nothing above used a shot
    expect((await guest.json('GET', `/api/devices/${device.id}/photos`)).body.shotsTaken).toBe(0);
  });

  let photoId: string;
  it('stores an upload once even when it is replayed', async () => {
    const uploadId = randomUUID();
    const first = await guest.upload(
      event.code,
      { deviceId: device.id, caption: ' First dance ', uploadId },
      jpeg,
    );
    expect(first.status).toBe(201);
    expect(first.body.shotsRemaining).toBe(11);
    const replay = await guest.upload(
      event.code,
      { deviceId: device.id, caption: 'First dance', uploadId },
      jpeg,
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ shotsRemaining: 11, photoId: first.body.photoId, replayed: true });
    const mine = await guest.json('GET', `/api/devices/${device.id}/photos`);
    expect(mine.body.shotsTaken).toBe(1);
    expect(mine.body.photos).toHaveLength(1);
    expect(mine.body.photos[0].caption).toBe('First dance');
    photoId = first.body.photoId;
  });

  it('makes a thumbnail and a display rendition, oriented and without metadata', async () => {
    const p = await waitFor(async () => {
      const r = await guest.json('GET', `/api/devices/${device.id}/photos`);
      const ph = r.body.photos[0];
      return ph.processed ? ph : null;
    });
    const thumb = await guest.fetch(p.thumbUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const tm = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    // 800x600 with orientation 6 is a portrait 600x800 photo
    expect(tm.height).toBe(400);
    expect(tm.width).toBe(300);
    expect(tm.exif).toBeUndefined();
    const display = await guest.fetch(p.displayUrl);
    const buf = Buffer.from(await display.arrayBuffer());
    const dm = await sharp(buf).metadata();
    expect([dm.width, dm.height]).toEqual([600, 800]);
    expect(dm.exif).toBeUndefined();
    expect(buf.includes(Buffer.from('AfterglowTest'))).toBe(false);
    expect(p.originalUrl).toBeUndefined(); // originals are the host's
  });

  it('serves images only through valid, unexpired signatures', async () => {
    const p = (await guest.json('GET', `/api/devices/${device.id}/photos`)).body.photos[0];
    const u = new URL(p.thumbUrl, app.base);
    expect((await anon.fetch(u.pathname)).status).toBe(403);
    u.searchParams.set(
      'sig',
      u.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect((await anon.fetch(u.pathname + u.search)).status).toBe(403);
    const expired = new URL(p.thumbUrl, app.base);
    expired.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10));
    expect((await anon.fetch(expired.pathname + expired.search)).status).toBe(403);
    const original = new URL(p.thumbUrl, app.base);
    const swapped = original.pathname.replace(/renditions\/[^/]+\/thumb\.webp$/, `originals/${p.id}.jpg`);
    expect((await anon.fetch(swapped + original.search)).status).toBe(403);
  });

  it('keeps photos from other guests and strangers before the reveal', async () => {
    const g = await anon.json('GET', `/api/events/${event.code}/photos`);
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({ photos: [], revealed: false, revealAt: event.revealAt });
    expect((await anon.json('GET', `/api/photos/approved/${event.id}`)).body).toEqual([]);
    expect((await anon.json('GET', `/api/photos/pending/${event.id}`)).status).toBe(401);
    expect((await anon.json('GET', `/api/devices/${device.id}/photos`)).status).toBe(403);
    const h = await host.json('GET', `/api/events/${event.code}/photos`);
    expect(h.body.photos).toHaveLength(1);
    expect(h.body.photos[0].originalUrl).toContain('/uploads/events/');
    const original = await host.fetch(h.body.photos[0].originalUrl);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('lets only the host moderate', async () => {
    await loginThroughIdp(other, 'other@example.test', 'another password');
    expect((await other.json('PATCH', `/api/photos/${photoId}`, { status: 'approved' })).status).toBe(403);
    expect((await other.json('POST', `/api/photos/${photoId}/approve`)).status).toBe(403);
    expect((await other.json('GET', `/api/events/${event.id}/stats`)).status).toBe(403);
    expect((await other.json('POST', `/api/events/${event.id}/live-mode`, { enabled: true })).status).toBe(
      403,
    );
    expect((await anon.json('POST', `/api/photos/${photoId}/approve`)).status).toBe(401);
    expect(
      (await guest.json('PATCH', `/api/photos/${photoId}`, { status: 'approved', hostId: event.hostId }))
        .status,
    ).toBe(401);
    expect((await host.json('PATCH', `/api/photos/${photoId}`, { status: 'bogus' })).status).toBe(400);
    const flagged = await host.json('POST', `/api/photos/${photoId}/flag`, { reason: 'inappropriate' });
    expect(flagged.status).toBe(200);
    expect(flagged.body.flagCount).toBe(1);
    const stats = await host.json('GET', `/api/events/${event.id}/stats`);
    expect(stats.body).toMatchObject({ activeGuests: 1, photoStats: { total: 1, approved: 0, pending: 1 } });
    const pending = await host.json('GET', `/api/events/${event.code}/photos/pending`);
    expect(pending.body.map((p: any) => p.id)).toEqual([photoId]);
  });

  it('tells the host everything and guests only about approved photos, over the WebSocket', async () => {
    const hostWs = await openSocket(app.base, host.cookieHeader());
    const guestWs = await openSocket(app.base, guest.cookieHeader());
    hostWs.ws.send(JSON.stringify({ type: 'join', eventId: event.id }));
    guestWs.ws.send(JSON.stringify({ type: 'join', eventId: event.id }));
    expect((await hostWs.next((m) => m.type === 'joined')).role).toBe('host');
    expect((await guestWs.next((m) => m.type === 'joined')).role).toBe('guest');

    // A new upload: the host hears of it once its renditions exist; the guest hears nothing.
    const second = await guest.upload(event.code, { deviceId: device.id }, await makeJpeg(320, 240));
    expect(second.status).toBe(201);
    await hostWs.next((m) => m.type === 'photo_uploaded' && m.photoId === second.body.photoId);

    // Live mode on, then an approval: both hear photo_approved; only the host hears photo_moderated.
    const live = await host.json('POST', `/api/events/${event.id}/live-mode`, { enabled: true });
    expect(live.status).toBe(200);
    expect(live.body.liveMode).toBe(true);
    expect((await host.json('POST', `/api/photos/${photoId}/approve`)).status).toBe(200);
    await hostWs.next((m) => m.type === 'photo_moderated' && m.photoId === photoId);
    await hostWs.next((m) => m.type === 'photo_approved' && m.photoId === photoId);
    await guestWs.next((m) => m.type === 'photo_approved' && m.photoId === photoId);
    expect((await host.json('POST', `/api/photos/${second.body.photoId}/reject`)).status).toBe(200);
    await hostWs.next((m) => m.type === 'photo_moderated' && m.photoId === second.body.photoId);
    await new Promise((r) => setTimeout(r, 300));
    expect(guestWs.messages.filter((m) => m.type !== 'joined' && m.type !== 'photo_approved')).toEqual([]);
    expect(guestWs.messages.some((m) => m.photoId === second.body.photoId)).toBe(false);

    const unknown = await openSocket(app.base);
    unknown.ws.send(JSON.stringify({ type: 'join', eventId: randomUUID() }));
    expect((await unknown.next((m) => m.type === 'error')).message).toBe('Event not found');
    for (const s of [hostWs, guestWs, unknown]) s.ws.close();
  });

  it('shows approved photos to everyone in live mode', async () => {
    const g = await anon.json('GET', `/api/events/${event.code}/photos`);
    expect(g.body.revealed).toBe(false);
    expect(g.body.photos.map((p: any) => p.id)).toEqual([photoId]);
    expect(g.body.photos[0].device).toEqual({
      displayName: 'Ann',
      anonId: expect.stringMatching(/^[0-9a-f]{4}$/),
    });
    const thumb = await anon.fetch(g.body.photos[0].thumbUrl);
    expect(thumb.status).toBe(200);
    const approved = await anon.json('GET', `/api/photos/approved/${event.id}`);
    expect(approved.body.map((p: any) => p.id)).toEqual([photoId]);
    const off = await host.json('POST', `/api/events/${event.id}/live-mode`, { enabled: false });
    expect(off.body.liveMode).toBe(false);
    expect((await anon.json('GET', `/api/events/${event.code}/photos`)).body.photos).toEqual([]);
  });

  it('updates sharing settings for the host only', async () => {
    const long = await host.json('PUT', `/api/events/${event.id}/sharing`, {
      isPublic: true,
      shareDescription: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
    // the free plan has no public gallery (entitlements.test.ts covers a plan that has one)
    const free = await host.json('PUT', `/api/events/${event.id}/sharing`, { isPublic: true });
    expect(free.status).toBe(403);
    expect(free.body.code).toBe('plan_no_public_gallery');
    const ok = await host.json('PUT', `/api/events/${event.id}/sharing`, {
      isPublic: false,
      shareDescription: '  Our day  ',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ isPublic: false, shareDescription: 'Our day' });
    expect((await other.json('PUT', `/api/events/${event.id}/sharing`, { isPublic: false })).status).toBe(
      403,
    );
  });

  it('stops at the shot limit, atomically under 40 parallel uploads', async () => {
    const small = await makeJpeg(160, 120);
    // 2 shots used so far; use 9 more to leave exactly one.
    for (let i = 0; i < 9; i++)
      expect((await guest.upload(event.code, { deviceId: device.id }, small)).status).toBe(201);
    expect((await guest.json('GET', `/api/devices/${device.id}/photos`)).body.shotsRemaining).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        guest.upload(event.code, { deviceId: device.id, uploadId: randomUUID() }, small),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(created[0]!.body.shotsRemaining).toBe(0);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(39);
    expect(refused[0]!.body.error).toBe('No shots remaining');
    const mine = await guest.json('GET', `/api/devices/${device.id}/photos`);
    expect(mine.body).toMatchObject({ shotsTaken: 12, shotsRemaining: 0 });
    expect(mine.body.photos).toHaveLength(12);
    // no stray originals were left behind by the refused uploads
    let originals = 0;
    for await (const _ of app.ctx.store.list(`events/${event.id}/originals/`)) originals++;
    expect(originals).toBe(12);
    expect((await guest.upload(event.code, { deviceId: device.id }, small)).body.error).toBe(
      'No shots remaining',
    );
  });

  it("stops at the plan's photo limit under parallel uploads, charging no shot for a refused photo", async () => {
    // A Free Demo event holds 50 photos; five guests try 11 each at once.
    const full = await host.json('POST', '/api/events', eventBody({ name: 'Photo limit' }));
    expect(full.status).toBe(201);
    expect(full.body.maxPhotos).toBe(50);
    const small = await makeJpeg(160, 120);
    const guests = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const b = new Browser(app.base);
        const d = await b.json('POST', `/api/events/${full.body.code}/devices`, {
          anonId: randomUUID(),
          displayName: `Limit ${i}`,
        });
        return { b, id: d.body.id as string };
      }),
    );
    const results = (
      await Promise.all(
        guests.map(({ b, id }) =>
          Promise.all(Array.from({ length: 11 }, () => b.upload(full.body.code, { deviceId: id }, small))),
        ),
      )
    ).flat();
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error).toBe(
      'This event has reached its photo limit. Your photo was not uploaded.',
    );
    let taken = 0;
    for (const { b, id } of guests)
      taken += (await b.json('GET', `/api/devices/${id}/photos`)).body.shotsTaken;
    expect(taken).toBe(50);
    let originals = 0;
    for await (const _ of app.ctx.store.list(`events/${full.body.id}/originals/`)) originals++;
    expect(originals).toBe(50);
  });

  it('opens the gallery at the reveal', async () => {
    const soon = await host.json(
      'POST',
      '/api/events',
      eventBody({
        startsAt: isoIn(-60_000),
        endsAt: isoIn(3600_000),
        revealMode: 'live',
        revealAt: isoIn(2500),
      }),
    );
    expect(soon.status).toBe(201);
    const e = soon.body;
    expect(e.liveMode).toBe(true);
    const g = new Browser(app.base);
    const d = (
      await g.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID(), displayName: null })
    ).body;
    const up = await g.upload(e.code, { deviceId: d.id }, await makeJpeg(320, 240));
    expect(up.status).toBe(201);
    await host.json('POST', `/api/events/${e.id}/live-mode`, { enabled: false });
    const before = await anon.json('GET', `/api/events/${e.code}/photos`);
    expect(before.body.revealed).toBe(false);
    expect(before.body.photos).toEqual([]);
    const after = await waitFor(async () => {
      const r = await anon.json('GET', `/api/events/${e.code}/photos`);
      return r.body.revealed && r.body.photos.length === 1 ? r.body : null;
    }, 60_000);
    expect(after.photos[0].id).toBe(up.body.photoId);
    expect(after.photos[0].status).toBe('pending');
    expect((await anon.fetch(after.photos[0].displayUrl)).status).toBe(200);
  });

  it('accepts uploads until the end time, then refuses them clearly', async () => {
    const ending = await host.json(
      'POST',
      '/api/events',
      eventBody({ startsAt: isoIn(-60_000), endsAt: isoIn(1500) }),
    );
    const e = ending.body;
    const g = new Browser(app.base);
    const d = (await g.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    expect((await g.upload(e.code, { deviceId: d.id }, await makeJpeg(160, 120))).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1700));
    const late = await g.upload(e.code, { deviceId: d.id }, await makeJpeg(160, 120));
    expect(late.status).toBe(403);
    expect(late.body.error).toBe('This event has ended, photos can no longer be taken');
    // a device of this event cannot upload into another event
    expect((await g.upload(event.code, { deviceId: d.id }, await makeJpeg(160, 120))).status).toBe(403);
  });
});
