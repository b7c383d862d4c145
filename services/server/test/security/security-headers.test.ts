import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { testWebhookSecret } from '@afterglow/billing';
import { sampleSelfie as selfie } from '@afterglow/faces';
import {
  API_ROUTES,
  MAIL_UNSUBSCRIBE_PATH,
  STRIPE_WEBHOOK_PATH,
  mailRequested,
  type ApiRoute,
} from '@afterglow/contracts';
import { events } from '../../../events/src/adapters/schema';
import {
  liftEventLimit,
  Browser,
  clipUploadHeaders,
  eventBody,
  confirmEmail,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/** A browser stand-in that also keeps every Set-Cookie line it was sent, attributes and all. */
class CookieWatcher extends Browser {
  setCookies: string[] = [];
  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await super.fetch(path, init);
    this.setCookies.push(...res.headers.getSetCookie());
    return res;
  }
  cookieLine(prefix: string): string {
    const line = [...this.setCookies].reverse().find((l) => l.startsWith(prefix));
    if (!line) throw new Error(`no Set-Cookie for ${prefix}`);
    return line;
  }
}

function csp(res: Response): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of (res.headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = d.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(res: Response, what: string, https: boolean) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const policy = csp(res);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${what}: a script source`).toBeDefined();
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(scripts, what).not.toContain('*');
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src') ?? policy.get('default-src'), what).toEqual(
    expect.arrayContaining([expect.stringMatching(/^'(none|self)'$/)]),
  );
  const hsts = res.headers.get('strict-transport-security');
  if (https) expect(hsts, what).toMatch(/^max-age=\d{7,}/);
  else expect(hsts, what).toBeNull();
}

/**
 * An event written straight into the app's database: its host would sign in at the public https
 * address, which this test cannot reach.
 */
async function startEventOn(app: TestApp): Promise<string> {
  const code = 'HTTPS2';
  await app.ctx.database.db.insert(events).values({
    code,
    slug: `https-${randomUUID().slice(0, 8)}`,
    name: 'Secure party',
    hostId: randomUUID(),
    startsAt: new Date(Date.now() + 60_000),
    endsAt: new Date(Date.now() + 3600_000),
    primaryColor: '#f472b6',
    accentColor: '#fbbf24',
    backgroundGradient: 'from-white to-white',
    maxPhotos: 50,
  });
  return code;
}

/** A minimal built web app, so the page is served whether or not the frontends were built. */
function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'afterglow-web-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'shell', 'dist', 'main.js'), 'document.title = "Afterglow";');
  return dir;
}

describe('security headers and cross-site requests', () => {
  let web: string;
  let app: TestApp;
  let secure: TestApp;
  let host: CookieWatcher;
  let guest: CookieWatcher;
  let event: any;
  let deviceId: string;
  let photos: { moderated: string; deleted: string; thumbUrl: string; originalUrl: string };
  /** an admin (AFTERGLOW_ADMIN_EMAILS), a member for them to suspend and an event for them to delete */
  let admin: Browser;
  let memberId: string;
  let doomedEventId: string;
  /** an event its host deletes (the admin deletes the other one) */
  let hostDoomedId: string;
  /** a clip's resumable upload the guest started (ADR 033) */
  let clipUploadId: string;
  /**
   * guestbook entries of the guest's (issue 23): one the host moderates, one the guest deletes, one an
   * admin deletes
   */
  let entries: { moderated: string; deleted: string; adminDeleted: string };

  beforeAll(async () => {
    web = webDir();
    app = await startApp({ AFTERGLOW_WEB_DIR: web });
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    secure = await startApp({ AFTERGLOW_WEB_DIR: web, PUBLIC_URL: 'https://afterglow.example' });
    host = new CookieWatcher(app.base);
    await loginThroughIdp(host, 'headers@example.test', 'headers are armour');
    await confirmEmail(host, 'headers@example.test', app);
    // clips on every plan here, so the event takes them (which plans have clips: clips.test.ts)
    await app.ctx.database.db.execute(sql`update billing.plans set max_clip_seconds = 10, find_me = true`);
    event = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({ maxShotsPerDevice: 36, allowClips: true, findMe: true }),
      )
    ).body;
    guest = new CookieWatcher(app.base);
    deviceId = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() })).body
      .id;
    const jpeg = await makeJpeg(64, 48);
    const a = (await guest.upload(event.code, { deviceId }, jpeg)).body.photoId;
    const b = (await guest.upload(event.code, { deviceId }, jpeg)).body.photoId;
    const mine = await waitFor(async () => {
      const p = (await host.json('GET', `/api/events/${event.code}/photos`)).body.photos;
      return p.every((x: any) => x.processed) ? p : null;
    });
    const first = mine.find((p: any) => p.id === a);
    photos = { moderated: a, deleted: b, thumbUrl: first.thumbUrl, originalUrl: first.originalUrl };
    const started = await guest.fetch(`/api/events/${event.code}/uploads`, {
      method: 'POST',
      headers: { ...clipUploadHeaders(deviceId, 2), origin: app.base },
    });
    clipUploadId = started.headers.get('location')!.split('/').pop()!;
    const note = async (text: string) =>
      (await guest.json('POST', `/api/events/${event.code}/guestbook`, { deviceId, text })).body.id as string;
    entries = {
      moderated: await note('To moderate'),
      deleted: await note('To take back'),
      adminDeleted: await note('For an admin to delete'),
    };
    admin = new Browser(app.base);
    await loginThroughIdp(admin, 'admin@example.test', 'admins guard the gate');
    const member = new Browser(app.base);
    await loginThroughIdp(member, 'member@example.test', 'members come and go');
    memberId = (await member.json('GET', '/api/auth/user')).body.id;
    doomedEventId = (await host.json('POST', '/api/events', eventBody({ name: 'Doomed' }))).body.id;
    hostDoomedId = (await host.json('POST', '/api/events', eventBody({ name: 'Host doomed' }))).body.id;
  });
  afterAll(async () => {
    await app?.close();
    await secure?.close();
    if (web) rmSync(web, { recursive: true, force: true });
  });

  it('sends the headers on the page, on API answers and on images (no HSTS over http)', async () => {
    const anon = new Browser(app.base);
    const page = await anon.fetch('/join/ABC234', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(page, 'page', false);
    expectSecurityHeaders(await anon.fetch('/main.js'), 'script', false);
    expectSecurityHeaders(await anon.fetch('/api/auth/user'), 'API 401', false);
    expectSecurityHeaders(await anon.fetch(`/api/events/by-code/${event.code}`), 'API 200', false);
    expectSecurityHeaders(await anon.fetch('/api/nowhere'), 'API 404', false);
    const image = await guest.fetch(photos.thumbUrl);
    expect(image.status).toBe(200);
    expectSecurityHeaders(image, 'image', false);
    expect(csp(image).get('sandbox')).toBeDefined();
    const original = await host.fetch(photos.originalUrl);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expectSecurityHeaders(original, 'original', false);
    expectSecurityHeaders(
      await anon.fetch(`${photos.thumbUrl.split('?')[0]}?exp=1&sig=x`),
      'bad image link',
      false,
    );
  });

  it('adds HSTS everywhere when the public URL is https, and marks cookies Secure', async () => {
    const anon = new CookieWatcher(secure.base);
    // as a TLS-terminating proxy in front of it sends them (loopback is a trusted proxy)
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'afterglow.example' };
    for (const path of [
      '/',
      '/gallery/ABC234',
      '/api/auth/user',
      '/api/events/by-code/ABC234',
      '/uploads/x.jpg?exp=1&sig=x',
    ]) {
      const res = await anon.fetch(path, { headers: { accept: 'text/html', ...proxied } });
      expectSecurityHeaders(res, `https ${path}`, true);
    }
    // a proxy that terminates TLS without saying so: the https public URL still rules
    // (fetch always sends the address it dials as Host: a raw request names the public host)
    const silent = await new Promise<IncomingMessage>((ok, fail) =>
      httpRequest(`${secure.base}/`, { headers: { host: 'afterglow.example', accept: 'text/html' } }, ok)
        .on('error', fail)
        .end(),
    );
    silent.resume();
    expect(silent.headers['strict-transport-security'], 'https, proxy silent').toMatch(/^max-age=\d{7,}/);
    // (signing in there needs the identity provider at the public https address, out of this
    // test's reach; the session cookie is made with the same isSecureRequest rule as the device's)
    const e = await startEventOn(secure);
    const joined = await anon.fetch(`/api/events/${e}/devices`, {
      method: 'POST',
      body: JSON.stringify({ anonId: randomUUID() }),
      headers: { 'content-type': 'application/json', origin: 'https://afterglow.example', ...proxied },
    });
    expect(joined.status).toBe(201);
    for (const line of [anon.cookieLine('agd_')]) {
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  it('sets the session and device cookies httpOnly and SameSite=Lax', () => {
    for (const line of [host.cookieLine('ag_session='), guest.cookieLine(`agd_${deviceId}=`)]) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).not.toMatch(/;\s*Secure/i); // plain http here
    }
  });

  describe('every cookie-authenticated write', () => {
    /** Host and guest cookies together, so each write is allowed once it is same-origin. */
    let both: Browser;
    beforeAll(() => {
      both = new Browser(app.base);
      for (const [k, v] of [...host.cookies, ...guest.cookies]) both.cookies.set(k, v);
    });

    // the Stripe webhook is cross-site by design and has its own test below
    const writes = API_ROUTES.filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.path !== STRIPE_WEBHOOK_PATH,
    );
    function requestOf(route: ApiRoute): { path: string; init: RequestInit; ok: number } {
      const path = route.path
        .replace(':userId', memberId)
        .replace(':photoId', photos.moderated)
        .replace(':eventId', doomedEventId)
        .replace(':code', event.code)
        .replace(
          ':id',
          route.path.startsWith('/api/photos')
            ? route.method === 'DELETE'
              ? photos.deleted
              : photos.moderated
            : event.id,
        );
      const json = (body: unknown, ok: number) => ({
        path,
        init: { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
        ok,
      });
      switch (`${route.method} ${route.path}`) {
        case 'POST /api/events':
          return json(eventBody(), 201);
        case 'POST /api/events/:id/live-mode':
          return json({ enabled: true }, 200);
        case 'PATCH /api/events/:id':
          return json({ language: 'en' }, 200);
        case 'PUT /api/events/:id/sharing':
          return json({ isPublic: false, shareDescription: 'Ours' }, 200);
        case 'POST /api/events/:id/end':
          return { path, init: {}, ok: 200 };
        case 'POST /api/events/:id/extend':
          return json({ endsAt: new Date(Date.now() + 6 * 3600_000).toISOString() }, 200);
        case 'DELETE /api/events/:id':
          return { path: path.replace(event.id, hostDoomedId), init: {}, ok: 204 };
        case 'POST /api/events/:code/screens/next':
          // live mode is on by now (the live-mode write comes first): a screen gets its next photo
          return json({ screenId: 'csrf-screen-0123456789', showing: [] }, 200);
        case 'POST /api/events/:code/devices':
          return json({ anonId: randomUUID() }, 201);
        case 'PATCH /api/photos/:id':
          return json({ status: 'approved' }, 200);
        case 'POST /api/photos/:id/flag':
          return json({ reason: 'blurry' }, 200);
        case 'POST /api/photos/:id/report':
          return json({ deviceId, reason: 'privacy' }, 200);
        case 'POST /api/photos/:id/approve':
        case 'POST /api/photos/:id/reject':
          return { path, init: {}, ok: 200 };
        case 'DELETE /api/photos/:id':
          return { path: `${path}?deviceId=${deviceId}`, init: {}, ok: 204 };
        case 'POST /api/events/:code/photos':
          return { path, init: {}, ok: 201 }; // multipart, built per request below
        case 'POST /api/events/:code/uploads':
          return { path, init: { headers: clipUploadHeaders(deviceId, 2) }, ok: 201 };
        case 'PATCH /api/events/:code/uploads/:uploadId':
          return {
            path: path.replace(':uploadId', clipUploadId),
            init: {
              headers: {
                'tus-resumable': '1.0.0',
                'upload-offset': '0',
                'content-type': 'application/offset+octet-stream',
              },
              body: new Uint8Array([1]),
            },
            ok: 204,
          };
        case 'POST /api/events/:code/reminders':
          return json({ deviceId, email: 'csrf@example.test' }, 201);
        case 'DELETE /api/events/:code/reminders':
          return { path: `${path}?deviceId=${deviceId}`, init: {}, ok: 200 };
        case 'POST /api/events/:code/guestbook':
          return json({ deviceId, text: 'Congratulations!' }, 201);
        case 'POST /api/events/:code/find-me':
        case 'DELETE /api/events/:code/find-me':
          return { path, init: {}, ok: 200 }; // multipart with a selfie, built per request below
        case 'POST /api/guestbook/:id/approve':
        case 'POST /api/guestbook/:id/reject':
          return { path: route.path.replace(':id', entries.moderated), init: {}, ok: 200 };
        case 'POST /api/guestbook/:id/report':
          // approved just before, in live mode (the live-mode write comes first): guests see it
          return {
            ...json({ deviceId, reason: 'privacy' }, 200),
            path: route.path.replace(':id', entries.moderated),
          };
        case 'DELETE /api/guestbook/:id':
          return {
            path: `${route.path.replace(':id', entries.deleted)}?deviceId=${deviceId}`,
            init: {},
            ok: 204,
          };
        case 'POST /api/admin/users/:userId/suspend':
          return json({ reason: 'Admin action' }, 200);
        case 'POST /api/admin/users/:userId/unsuspend':
          return { path, init: {}, ok: 200 };
        case 'DELETE /api/admin/events/:eventId':
          return json({ reason: 'Admin deletion' }, 204);
        case 'POST /api/admin/photos/:photoId/moderate':
          return json({ action: 'flag', reason: 'Needs review' }, 200);
        case 'POST /api/admin/guestbook/:id/moderate':
          return {
            ...json({ action: 'delete' }, 200),
            path: route.path.replace(':id', entries.adminDeleted),
          };
        case 'POST /api/create-payment-intent':
        case 'POST /api/user/upgrade':
          return json({ plan: 'pro' }, 201);
        case 'POST /api/payments/test-confirm':
          return json({ paymentIntentId: 'pi_test_none' }, 404); // reaches billing: no such payment
        // the account's settings: reached, and refused for the wrong current password (nothing changes)
        case 'POST /api/account/password':
          return json({ currentPassword: 'not-it', newPassword: 'another-password' }, 400);
        case 'POST /api/account/email':
          return json({ email: 'elsewhere@example.test', password: 'not-it' }, 400);
        case 'POST /api/account/confirmation':
          // confirmed at sign-up: the answer says so
          return { path, init: {}, ok: 200 };
        case 'PUT /api/user/notifications':
          return json({ reveal: true }, 200);
        default:
          throw new Error(`no request for ${route.method} ${route.path}: add it here`);
      }
    }
    async function send(route: ApiRoute, headers: Record<string, string>) {
      const { path, init, ok } = requestOf(route);
      let body = init.body;
      if (route.path.endsWith('/photos') && route.method === 'POST') {
        const fd = new FormData();
        fd.append('deviceId', deviceId);
        fd.append(
          'photo',
          new Blob([new Uint8Array(await makeJpeg(32, 24))], { type: 'image/jpeg' }),
          'p.jpg',
        );
        body = fd;
      }
      if (route.path.endsWith('/find-me')) {
        const fd = new FormData();
        fd.append('deviceId', deviceId);
        fd.append('consent', 'true');
        fd.append('selfie', new Blob([new Uint8Array(await selfie())], { type: 'image/jpeg' }), 'selfie.jpg');
        body = fd;
      }
      const as = route.path.startsWith('/api/admin/') ? admin : both;
      const res = await as.fetch(path, {
        method: route.method,
        body,
        headers: { ...(init.headers as Record<string, string>), ...headers },
      });
      return { res, ok };
    }

    it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s: refused cross-site (403 problem+json), done from our origin',
      async (_n, route) => {
        const foreign: Record<string, string>[] = [
          { origin: 'https://evil.example' },
          { origin: 'null' },
          // this machine, another port: another program, not us
          { origin: app.base.replace(/:\d+$/, ':1') },
          { referer: 'https://evil.example/page' },
          { referer: 'not a url' },
        ];
        for (const headers of foreign) {
          const { res } = await send(route, headers);
          expect(res.status, JSON.stringify(headers)).toBe(403);
          expect(res.headers.get('content-type')).toContain('application/problem+json');
          expect((await res.json()).code).toBe('cross_origin');
        }
        const { res, ok } = await send(route, { origin: app.base, referer: `${app.base}/host/dashboard/x` });
        expect(res.status, await res.clone().text()).toBe(ok);
      },
    );

    it("lets Stripe's webhook through from any origin, where its signature alone decides", async () => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'charge.refunded',
        data: { object: {} },
      });
      const post = (signature: string) =>
        new Browser(app.base).fetch(STRIPE_WEBHOOK_PATH, {
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            origin: 'https://stripe.example',
            'stripe-signature': signature,
          },
        });
      const forged = await post(
        Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }),
      );
      expect(forged.status).toBe(400);
      expect(forged.headers.get('content-type')).toContain('application/problem+json');
      expect((await forged.json()).code).toBe('bad_signature');
      const secret = testWebhookSecret(app.ctx.secret);
      const signed = await post(Stripe.webhooks.generateTestHeaderString({ payload, secret }));
      expect(signed.status).toBe(200);
    });

    it("lets a mail provider's one-click unsubscribe through from any origin, where its link alone decides", async () => {
      const address = `unsubscribe-${randomUUID()}@example.test`;
      const ask = (key: string) =>
        app.ctx.bus.publish(
          mailRequested.subject,
          mailRequested.schema.parse({
            key,
            template: 'reveal.guest',
            to: { email: address },
            params: { eventName: 'Party', url: `${app.base}/gallery/ABC123` },
          }),
        );
      const listed = async () =>
        ((await admin.json('GET', '/api/admin/mail?limit=200')).body.messages as any[]).filter(
          (m) => m.to === address,
        );
      await ask(`first-${address}`);
      let link: string | undefined;
      for (let i = 0; i < 100 && !link; i++) {
        link = (await listed())[0]?.links.find((l: string) => l.includes('/mail/unsubscribe?t='));
        if (!link) await new Promise((r) => setTimeout(r, 50));
      }
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('t')!;
      const post = (t: string) =>
        new Browser(app.base).fetch(`${MAIL_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(t)}`, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        });
      expect((await post(`${token}x`)).status).toBe(400);
      expect((await post(token)).status).toBe(200);
      // that address gets no more of that kind
      await ask(`second-${address}`);
      await new Promise((r) => setTimeout(r, 500));
      expect(await listed()).toHaveLength(1);
    });

    it('lets a write with only a same-site Referer (no Origin) through', async () => {
      const route = writes.find((r) => r.path === '/api/events/:id/live-mode')!;
      const { res } = await send(route, { referer: `${app.base}/live-moderation/${event.id}` });
      expect(res.status).toBe(200);
    });
  });

  describe('WebSocket', () => {
    const wsUrl = () => app.base.replace(/^http/, 'ws') + '/ws';

    it('refuses an upgrade from another origin, accepts ours', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(wsUrl(), { headers: { origin: 'https://evil.example' } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => reject(new Error('a foreign origin was let in')));
        ws.on('error', () => {});
      });
      expect(status).toBe(403);
      const ours = new WebSocket(wsUrl(), { headers: { origin: app.base } });
      await new Promise<void>((ok, fail) => {
        ours.once('open', () => ok());
        ours.once('error', fail);
      });
      ours.close();
    });

    const closed = (ws: WebSocket) =>
      new Promise<number>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) resolve(-1);
        ws.once('close', (code) => resolve(code));
      });

    it('closes a socket that sends a message over 4 KB', async () => {
      const s = await openSocket(app.base);
      const done = closed(s.ws);
      s.ws.send(JSON.stringify({ type: 'join', eventId: event.id, pad: 'x'.repeat(5000) }));
      expect(await done).toBe(1009);
    });

    it('keeps a socket that sends a message just under 4 KB', async () => {
      const s = await openSocket(app.base);
      s.ws.send(JSON.stringify({ type: 'join', eventId: event.id, pad: 'x'.repeat(3900) }));
      expect((await s.next((m) => m.type === 'joined' || m.type === 'error')).type).toBeDefined();
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
      s.ws.close();
    });

    it('closes a socket that sends more than 30 messages in 10 seconds', async () => {
      const s = await openSocket(app.base);
      const done = closed(s.ws);
      for (let i = 0; i < 30; i++) s.ws.send(JSON.stringify({ type: 'join', eventId: event.id }));
      await s.next(() => s.messages.length >= 30);
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
      s.ws.send(JSON.stringify({ type: 'join', eventId: event.id }));
      expect(await done).toBe(1008);
    });
  });
});
