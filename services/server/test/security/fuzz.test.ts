import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@afterglow/contracts';
import {
  clipUploadHeaders,
  liftEventLimit,
  Browser,
  eventBody,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * Every route of API_ROUTES fed arbitrary and almost-valid input, by a caller who is both the
 * signed-in host and a joined guest (so bodies get past "who are you" and reach validation). Every
 * answer must be a 2xx (a 3xx for the login redirects) or a 4xx problem+json: never a 5xx, never a
 * hang. FUZZ_RUNS raises the number of cases per property (default keeps the file well under a minute).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const REQUEST_TIMEOUT_MS = 5000;

/** The caller's device, once joined (so a guestbook message gets past its device check). */
const joined = { deviceId: '00000000-0000-4000-8000-000000000000' };

/** The JSON body each write takes, valid, as the UI sends it. */
const JSON_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/events': () => eventBody(),
  'POST /api/events/:id/live-mode': () => ({ enabled: true }),
  'PUT /api/events/:id/sharing': () => ({ isPublic: true, shareDescription: 'Our day' }),
  'PATCH /api/events/:id': () => ({ language: 'fr' }),
  'POST /api/events/:code/devices': () => ({ anonId: randomUUID(), displayName: 'Gina' }),
  'PATCH /api/photos/:id': () => ({ status: 'approved' }),
  'POST /api/photos/:id/flag': () => ({ reason: 'inappropriate' }),
  'POST /api/photos/:id/report': () => ({
    deviceId: '00000000-0000-4000-8000-000000000000',
    reason: 'other',
  }),
  'POST /api/events/:code/guestbook': () => ({ deviceId: joined.deviceId, text: 'Happy birthday!' }),
  'POST /api/events/:code/reminders': () => ({ deviceId: joined.deviceId, email: 'fuzz@example.test' }),
  'POST /api/guestbook/:id/report': () => ({
    deviceId: '00000000-0000-4000-8000-000000000000',
    reason: 'other',
  }),
  'POST /api/events/:id/extend': () => ({ endsAt: new Date(Date.now() + 6 * 3600_000).toISOString() }),
  'POST /api/events/:code/screens/next': () => ({ screenId: 'fuzz-screen-0123456789', showing: [] }),
  'POST /api/admin/users/:userId/suspend': () => ({ reason: 'Admin action' }),
  'DELETE /api/admin/events/:eventId': () => ({ reason: 'Admin deletion' }),
  'POST /api/admin/photos/:photoId/moderate': () => ({ action: 'flag', reason: 'Needs review' }),
  'POST /api/admin/guestbook/:id/moderate': () => ({ action: 'approve' }),
  'POST /api/create-payment-intent': () => ({ plan: 'pro' }),
  'POST /api/user/upgrade': () => ({ plan: 'basic' }),
  'POST /api/payments/test-confirm': () => ({ paymentIntentId: 'pi_test_unknown' }),
  // the account's own settings (ADR 035): a wrong current password, so nothing changes
  'POST /api/account/password': () => ({ currentPassword: 'not-it', newPassword: 'another-password' }),
  'POST /api/account/email': () => ({ email: 'fuzz@example.test', password: 'not-it' }),
  'PUT /api/user/notifications': () => ({ hosting: true, reveal: true }),
  // unsigned: the webhook must refuse it (400), whatever the body
  'POST /api/stripe/webhook': () => ({ id: 'evt_fuzz', type: 'payment_intent.succeeded', data: {} }),
};
/** Writes that take no body (a body sent anyway must be ignored or refused, never crash them). */
const NO_BODY = new Set([
  'POST /api/events/:id/end',
  'DELETE /api/events/:id',
  'POST /api/photos/:id/approve',
  'POST /api/photos/:id/reject',
  'DELETE /api/photos/:id',
  'POST /api/guestbook/:id/approve',
  'POST /api/guestbook/:id/reject',
  'DELETE /api/guestbook/:id',
  'POST /api/admin/users/:userId/unsuspend',
  'POST /api/account/confirmation',
  'DELETE /api/events/:code/reminders',
]);
const MULTIPART = new Set(['POST /api/events/:code/photos']);
/** Find Me (ADR 036): a selfie and its fields, multipart too */
const FIND_ME = new Set(['POST /api/events/:code/find-me', 'DELETE /api/events/:code/find-me']);
/** A clip's resumable upload (tus 1.0.0, ADR 033): its input is headers and raw bytes. */
const TUS = new Set(['POST /api/events/:code/uploads', 'PATCH /api/events/:code/uploads/:uploadId']);
/** Requests that change something (HEAD and OPTIONS only ask). */
const isWrite = (r: ApiRoute) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
/** Query parameters each read takes. */
const QUERIES: Record<string, string[]> = {
  'GET /api/login': ['returnTo'],
  'GET /api/callback': ['code', 'state', 'iss', 'error'],
  'GET /api/events/:code/photos': ['limit', 'cursor'],
  'GET /api/events/:code/photos/pending': ['limit', 'cursor'],
  'GET /api/photos/pending/:eventId': ['limit', 'cursor'],
  'GET /api/photos/approved/:eventId': ['limit', 'cursor'],
  'GET /api/public/events/:slug/photos': ['limit', 'cursor'],
  'DELETE /api/photos/:id': ['deviceId'],
  'GET /api/events/:code/guestbook': ['status', 'limit', 'cursor'],
  'DELETE /api/guestbook/:id': ['deviceId'],
  'GET /api/events/:code/reminders': ['deviceId', 'channel'],
  'DELETE /api/events/:code/reminders': ['deviceId', 'channel'],
  'GET /api/admin/users': ['search', 'filter', 'cursor', 'limit'],
  'GET /api/admin/events': ['search', 'filter', 'cursor', 'limit'],
  'GET /api/admin/photos': ['search', 'filter', 'cursor', 'limit'],
  'GET /api/admin/guestbook': ['search', 'filter', 'cursor', 'limit'],
  'GET /api/admin/activity': ['cursor', 'limit'],
  'GET /api/admin/mail': ['status', 'limit', 'offset'],
};
/** Ends the caller's session, which would stop the rest from reaching validation; it takes no input. */
const SKIP = new Set(['GET /api/logout']);
const REDIRECTS = new Set(['GET /api/login', 'GET /api/callback']);

const key = (r: ApiRoute) => `${r.method} ${r.path}`;

// ---------- hostile values ----------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const SPECIALS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  'x\udfffy',
  '\u202e\u202d\u2066\u2069', // bidi overrides and isolates
  'abc\u202egnp.exe',
  '\u200b\u200c\u200d\u2060\ufeff', // zero-width
  '👩‍👩‍👧‍👦🏳️‍🌈🇩🇪',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  'Z̷̧̛̝a̸̡͚l̵̨͎g̷̗̈́o̴̞͐',
  '\r\n\t\v\f',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
  'prototype',
  ' ',
  '',
  'ﾠ', // halfwidth hangul filler
  '\ufffd\uffff\ufffe',
  '𝕬𝖋𝖙𝖊𝖗𝖌𝖑𝖔𝖜',
];
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SPECIALS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom(...SPECIALS)), maxLength: 8 }),
  fc
    .tuple(fc.constantFrom('a', '€', '😀', '\u0301', '\u0000'), fc.integer({ min: 50, max: 70_000 }))
    .map(([c, n]) => c.repeat(n)),
);
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 12.5, Number.MAX_SAFE_INTEGER + 2, 36, 24, 12),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01',
    '9999-12-31T23:59:59Z',
  ),
  fc.uuid(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileScalar, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 20, max: 2000 }).map((depth) => {
      let v: unknown = 'deep';
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
      return v;
    }),
  },
);

/** JSON text of an object that also carries prototype-pollution keys as own properties. */
function withPollution(body: Record<string, unknown>, extra: string[]): string {
  const base = JSON.stringify(body);
  if (!extra.length) return base;
  const tail = extra.join(',');
  return base === '{}' ? `{${tail}}` : `{${tail},${base.slice(1)}`;
}
const POLLUTION = [
  '"__proto__":{"polluted":"yes","isAdmin":true}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
  '"__proto__":null',
  '"hasOwnProperty":"nope"',
  '"toString":1',
];

/** A valid body with some fields mutated, dropped, or doubled by pollution keys. */
function nearValid(valid: () => Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid());
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys), hostileValue), { maxLength: keys.length }),
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.subarray(POLLUTION, { maxLength: 2 }),
    )
    .map(([changes, dropped, pollution]) => {
      const body: Record<string, unknown> = valid();
      for (const [k, v] of changes) body[k] = v;
      for (const k of dropped) delete body[k];
      return withPollution(body, pollution);
    });
}
/** Anything JSON can say: scalars, arrays, objects with hostile keys, pollution. */
const arbitraryJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(hostileString, hostileValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.subarray(POLLUTION, { minLength: 1 }).map((p) => withPollution({}, p)),
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
);

/** encodeURIComponent, except that a lone surrogate becomes the (invalid) UTF-8 bytes of its code unit. */
function percentEncode(s: string): string {
  return s.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

// ---------- the app, a host who is also a guest ----------

describe('fuzzing every API route', () => {
  let app: TestApp;
  let caller: Browser;
  let values: Record<string, string>;

  beforeAll(async () => {
    app = await startApp({ RATE_LIMIT_SCALE: '0' });
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    const host = new Browser(app.base);
    // An admin (AFTERGLOW_ADMIN_EMAILS) hosting the events, so admin bodies reach validation too.
    await loginThroughIdp(host, 'admin@example.test', 'fuzzing is fun');
    const member = new Browser(app.base);
    await loginThroughIdp(member, 'fuzz-member@example.test', 'a member to suspend');
    const memberId = (await member.json('GET', '/api/auth/user')).body.id;
    // clips on every plan here, so the event takes them and its uploads reach their checks (before
    // the first event: the events service keeps billing's answer for a while)
    await app.ctx.database.db.execute(sql`update billing.plans set max_clip_seconds = 10`);
    // voice messages on every plan too, so recordings reach ffmpeg (which plans have them: guestbook.test.ts)
    await app.ctx.database.db.execute(sql`update billing.plans set voice_guestbook = true`);
    // and Find Me, so selfies reach the face model (which plans have it: find-me.test.ts)
    await app.ctx.database.db.execute(sql`update billing.plans set find_me = true`);
    const doomed = (await host.json('POST', '/api/events', eventBody({ name: 'Doomed' }))).body;
    const event = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({ revealMode: 'live', allowClips: true, findMe: true }),
      )
    ).body;
    const guest = new Browser(app.base);
    const device = (
      await guest.json('POST', `/api/events/${event.code}/devices`, {
        anonId: randomUUID(),
        displayName: 'G',
      })
    ).body;
    const roll = (await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 36 }))).body;
    const captionDevice = (
      await guest.json('POST', `/api/events/${roll.code}/devices`, { anonId: randomUUID() })
    ).body;
    const jpeg = await makeJpeg(64, 48);
    const photo = (await guest.upload(event.code, { deviceId: device.id }, jpeg)).body;
    const victim = (await guest.upload(event.code, { deviceId: device.id }, jpeg)).body;
    expect(photo.photoId).toBeTruthy();
    await waitFor(async () => {
      const r = await host.json('GET', `/api/events/${event.code}/photos`);
      return r.body.photos.every((p: { processed: boolean }) => p.processed);
    });
    caller = new Browser(app.base);
    for (const [k, v] of [...host.cookies, ...guest.cookies]) caller.cookies.set(k, v);
    joined.deviceId = device.id;
    const note = async () => {
      const r = await caller.json('POST', `/api/events/${event.code}/guestbook`, {
        deviceId: device.id,
        text: 'For the fuzzers',
      });
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    const [entry, entryVictim] = [await note(), await note()];
    const clip = await caller.fetch(`/api/events/${event.code}/uploads`, {
      method: 'POST',
      headers: clipUploadHeaders(device.id, 1000),
    });
    expect(clip.status).toBe(201);
    values = {
      code: event.code,
      idOrCode: event.code,
      eventId: event.id,
      deviceId: device.id,
      'events:id': event.id,
      'photos:id': photo.photoId,
      photoId: photo.photoId,
      victim: victim.photoId,
      captionDevice: captionDevice.id,
      captionCode: roll.code,
      userId: memberId,
      doomed: doomed.id,
      uploadId: clip.headers.get('location')!.split('/').pop()!,
      'guestbook:id': entry,
      entryVictim,
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  const pathOf = (route: ApiRoute, over: Record<string, string> = {}) =>
    route.path.replace(/:(\w+)/g, (_m, name: string) => {
      if (name in over) return over[name]!;
      if (key(route) === 'DELETE /api/admin/events/:eventId') return values.doomed!;
      if (key(route) === 'DELETE /api/events/:id') return values.doomed!;
      if (name === 'id') {
        if (key(route) === 'DELETE /api/photos/:id') return values.victim!;
        if (key(route) === 'DELETE /api/guestbook/:id') return values.entryVictim!;
        if (/^\/api\/(admin\/)?guestbook\//.test(route.path)) return values['guestbook:id']!;
        return route.path.startsWith('/api/photos') ? values['photos:id']! : values['events:id']!;
      }
      return values[name]!;
    });

  /** One request with a deadline; answers what the property checks. */
  async function send(route: ApiRoute, path: string, init: RequestInit = {}) {
    let res: Response;
    try {
      res = await caller.fetch(path, {
        method: route.method,
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(`${route.method} ${path} did not answer: ${String(err)}`);
    }
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, res };
  }

  function check(route: ApiRoute, r: Awaited<ReturnType<typeof send>>, what: string) {
    const where = `${key(route)} (${what}) answered ${r.status}: ${r.text.slice(0, 300)}`;
    if (r.status >= 300 && r.status < 400) {
      expect(REDIRECTS.has(key(route)), where).toBe(true);
      return;
    }
    expect(r.status, where).toBeGreaterThanOrEqual(200);
    expect(r.status, where).toBeLessThan(500);
    if (r.status >= 400) {
      expect(r.type, where).toContain('application/problem+json');
      if (route.method === 'HEAD') return; // a HEAD answer has no body
      const problem = JSON.parse(r.text);
      expect(problem.status, where).toBe(r.status);
      expect(typeof problem.code, where).toBe('string');
      expect(typeof problem.detail, where).toBe('string');
      expect(r.text, where).not.toMatch(/\n\s+at /); // no stack trace
    }
  }

  const routes = API_ROUTES.filter((r) => !SKIP.has(key(r)));

  it('knows how every write of API_ROUTES takes its input', () => {
    const writes = API_ROUTES.filter(isWrite).map(key);
    for (const w of writes)
      expect(w in JSON_BODIES || NO_BODY.has(w) || MULTIPART.has(w) || TUS.has(w) || FIND_ME.has(w), w).toBe(
        true,
      );
  });

  describe.each(routes.filter((r) => key(r) in JSON_BODIES).map((r) => [key(r), r] as const))(
    '%s',
    (_name, route) => {
      const valid = JSON_BODIES[key(route)]!;
      const post = (json: string, type = 'application/json') =>
        send(route, pathOf(route), { body: json, headers: { 'content-type': type } });

      it('survives almost-valid bodies', async () => {
        await fc.assert(
          fc.asyncProperty(nearValid(valid), async (json) =>
            check(route, await post(json), json.slice(0, 200)),
          ),
          { numRuns: RUNS * 2 },
        );
      });

      it('survives hostile text in one field at a time, the others valid', async () => {
        const keys = Object.keys(valid());
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...keys), hostileString, async (k, text) => {
            const r = await post(JSON.stringify({ ...valid(), [k]: text }));
            check(route, r, `${k}: ${JSON.stringify(text.slice(0, 100))}`);
          }),
          { numRuns: RUNS * 2 },
        );
      });

      it('survives arbitrary JSON', async () => {
        await fc.assert(
          fc.asyncProperty(arbitraryJson, async (json) => check(route, await post(json), json.slice(0, 200))),
          { numRuns: RUNS },
        );
      });

      it('refuses over-long strings in every string field with a 4xx', async () => {
        const body = valid();
        for (const k of Object.keys(body)) {
          const r = await post(JSON.stringify({ ...body, [k]: 'x'.repeat(5000) }));
          check(route, r, `${k} of 5000 characters`);
        }
      });
    },
  );

  it('answers malformed JSON and wrong content types of every write with a 4xx problem', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const cases: { body: BodyInit; headers: Record<string, string>; what: string }[] = [
      { body: '{', headers: { 'content-type': 'application/json' }, what: 'unterminated' },
      { body: '{"name": "a",}', headers: { 'content-type': 'application/json' }, what: 'trailing comma' },
      { body: "{'name': 'a'}", headers: { 'content-type': 'application/json' }, what: 'single quotes' },
      { body: 'nul', headers: { 'content-type': 'application/json' }, what: 'bare word' },
      { body: '"just a string"', headers: { 'content-type': 'application/json' }, what: 'string' },
      { body: 'null', headers: { 'content-type': 'application/json' }, what: 'null' },
      { body: '42', headers: { 'content-type': 'application/json' }, what: 'number' },
      { body: '[]', headers: { 'content-type': 'application/json' }, what: 'array' },
      { body: '', headers: { 'content-type': 'application/json' }, what: 'empty' },
      { body: '\u0000\u0000', headers: { 'content-type': 'application/json' }, what: 'NULs' },
      { body: '\ufeff{}', headers: { 'content-type': 'application/json' }, what: 'BOM' },
      { body: deep, headers: { 'content-type': 'application/json' }, what: 'deeply nested' },
      {
        body: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
        headers: { 'content-type': 'application/json' },
        what: '2 MB',
      },
      { body: '{"a":1}', headers: { 'content-type': 'application/json; charset=utf-7' }, what: 'utf-7' },
      {
        body: '{"a":1}',
        headers: { 'content-type': 'application/json; charset=klingon' },
        what: 'bad charset',
      },
      {
        body: new Uint8Array(Buffer.from('{"a":1}', 'utf16le')),
        headers: { 'content-type': 'application/json; charset=utf-16' },
        what: 'utf-16',
      },
      {
        body: 'garbage',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        what: 'bad gzip',
      },
      {
        body: new Uint8Array(gzipSync('{"enabled":true')),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        what: 'gzip of bad JSON',
      },
      {
        body: '{}',
        headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
        what: 'brotli',
      },
      {
        body: '{}',
        headers: { 'content-type': 'application/json', 'content-encoding': 'x-made-up' },
        what: 'unknown encoding',
      },
      { body: '{"enabled":true}', headers: { 'content-type': 'text/plain' }, what: 'text/plain' },
      {
        body: 'enabled=true&isPublic=true',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        what: 'form',
      },
      {
        body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        what: 'multipart',
      },
      {
        body: '--b\r\nbroken',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        what: 'broken multipart',
      },
      { body: '{}', headers: { 'content-type': 'multipart/form-data' }, what: 'multipart without boundary' },
      { body: '<x/>', headers: { 'content-type': 'application/xml' }, what: 'xml' },
      {
        body: '{}',
        headers: { 'content-type': 'application/json', 'content-length': '99999' },
        what: 'short body',
      },
    ];
    for (const route of API_ROUTES.filter(isWrite)) {
      for (const c of cases) {
        if (c.what === 'short body') continue; // fetch refuses a lying content-length; see the raw test below
        check(route, await send(route, pathOf(route), { body: c.body, headers: c.headers }), c.what);
      }
    }
  });

  it('answers a body that stops short of its content-length without hanging the server', async () => {
    const { request } = await import('node:http');
    const url = new URL(app.base);
    const status = await new Promise<number | 'closed'>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/api/events/${values.eventId}/live-mode`,
          headers: {
            'content-type': 'application/json',
            'content-length': '1000',
            cookie: caller.cookieHeader(),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve('closed'));
      req.write('{"enabled":');
      setTimeout(() => req.destroy(), 300); // the client gives up mid-body
    });
    expect(status === 'closed' || (status >= 400 && status < 500)).toBe(true);
    // and the server still answers everyone else
    expect((await caller.fetch('/livez')).status).toBe(200);
  });

  describe.each(routes.filter((r) => key(r) in QUERIES).map((r) => [key(r), r] as const))(
    '%s',
    (_n, route) => {
      const names = QUERIES[key(route)]!;
      const nearValidValue = fc.oneof(
        hostileString,
        fc.constantFrom('0', '-1', '1', '500', '501', '1e3', '1.5', 'NaN', 'Infinity', '0x10', ' 5 ', ''),
        fc.uuid(),
        // cursors shaped like ours: base64url of "<date>|<id>"
        fc
          .tuple(
            fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '1', '0', 'x'),
            ),
            fc.oneof(fc.uuid(), fc.constantFrom('-'.repeat(36), 'f'.repeat(36), '0'.repeat(36), 'x')),
          )
          .map(([d, id]) => Buffer.from(`${d}|${id}`).toString('base64url')),
        fc.constantFrom(
          '//evil.example',
          '/\\evil.example',
          'https://evil.example',
          'javascript:alert(1)',
          '/ok',
        ),
      );
      const query = fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...names), hostileString, fc.constantFrom(...names.map((n) => `${n}[]`))),
          nearValidValue,
        ),
        { maxLength: 5 },
      );

      it('survives arbitrary query strings', async () => {
        await fc.assert(
          fc.asyncProperty(query, async (pairs) => {
            const qs = new URLSearchParams(pairs).toString();
            const r = await send(route, `${pathOf(route)}?${qs}`);
            check(route, r, qs.slice(0, 200));
            if (key(route) === 'GET /api/login' && r.status === 302) {
              expect(new URL(r.res.headers.get('location')!, app.base).origin).toBe(app.base);
            }
          }),
          { numRuns: RUNS * 2 },
        );
      });
    },
  );

  describe.each(routes.filter((r) => r.path.includes(':')).map((r) => [key(r), r] as const))(
    '%s',
    (_n, route) => {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const raw = fc.oneof(
        hostileString.filter((s) => s.length > 0 && s.length < 3000).map(percentEncode),
        fc.constantFrom(
          '%',
          '%E0%A4%A',
          '%ZZ',
          '%C0%AF',
          '%00',
          '..',
          '%2e%2e',
          'a%2Fb',
          '%F0%9F%98',
          ' ',
          '%20ABCDEF%20',
        ),
        fc.uuid(),
        fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
      );
      it('survives arbitrary path parameters', async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...params), raw, async (name, value) => {
            const path = pathOf(route, { [name]: value });
            const body = JSON_BODIES[key(route)];
            const init: RequestInit = body
              ? { body: JSON.stringify(body()), headers: { 'content-type': 'application/json' } }
              : {};
            check(route, await send(route, path, init), path);
          }),
          { numRuns: RUNS },
        );
      });
    },
  );

  it('answers hostile tus headers and metadata with a 2xx or a 4xx problem', async () => {
    const route = (k: string) => API_ROUTES.find((r) => key(r) === k)!;
    const create = route('POST /api/events/:code/uploads');
    const patch = route('PATCH /api/events/:code/uploads/:uploadId');
    const header = fc.option(
      fc.oneof(
        hostileString.filter((v) => !/[\r\n\0]/.test(v) && v.length < 2000 && /^[\x20-\x7e]*$/.test(v)),
        fc.constantFrom('1.0.0', '0', '1', '-1', '1e3', '999999999999999999', '10', ' 5 ', '0x10'),
      ),
      { nil: undefined },
    );
    const metadata = fc.option(
      fc.oneof(
        fc
          .array(fc.tuple(hostileString, hostileString), { maxLength: 4 })
          .map((pairs) =>
            pairs
              .map(([k, v]) => `${k.replace(/[^\x21-\x7e]/g, 'x')} ${Buffer.from(v).toString('base64')}`)
              .join(','),
          ),
        fc.constantFrom('deviceId', 'kind Y2xpcA==', ',,,', 'a b c', 'kind !!!', ' '),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ resumable: header, length: header, offset: header, type: header }),
        metadata,
        fc.uint8Array({ maxLength: 64 }),
        async (h, meta, bytes) => {
          const headers: Record<string, string> = {};
          if (h.resumable !== undefined) headers['tus-resumable'] = h.resumable;
          if (h.length !== undefined) headers['upload-length'] = h.length;
          if (h.offset !== undefined) headers['upload-offset'] = h.offset;
          if (h.type !== undefined) headers['content-type'] = h.type;
          if (meta !== undefined) headers['upload-metadata'] = meta;
          check(
            create,
            await send(create, pathOf(create), { headers }),
            JSON.stringify(headers).slice(0, 200),
          );
          check(
            patch,
            await send(patch, pathOf(patch), { headers, body: bytes }),
            JSON.stringify(headers).slice(0, 200),
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('stores any caption a device sends, or refuses it with a 4xx problem', async () => {
    const route = API_ROUTES.find((r) => MULTIPART.has(key(r)))!;
    const jpeg = await makeJpeg(32, 24);
    await fc.assert(
      fc.asyncProperty(hostileString, async (caption) => {
        const fd = new FormData();
        fd.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
        fd.append('deviceId', values.captionDevice!);
        fd.append('caption', caption.slice(0, 4000));
        const path = pathOf(route, { code: values.captionCode! });
        check(route, await send(route, path, { body: fd }), JSON.stringify(caption.slice(0, 100)));
      }),
      { numRuns: RUNS },
    );
    const stored = (await caller.json('GET', `/api/devices/${values.captionDevice}/photos`)).body;
    expect(stored.photos.length).toBeGreaterThan(0);
    for (const p of stored.photos as { caption: string | null }[]) {
      // eslint-disable-next-line no-control-regex -- no control character may be stored
      expect(p.caption ?? '').not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
      // characters as the contract counts them: code points (an emoji is one, not two UTF-16 units)
      expect([...(p.caption ?? '')].length).toBeLessThanOrEqual(100);
    }
  });

  it('answers hostile upload fields with a 2xx or a 4xx problem', async () => {
    const route = API_ROUTES.find((r) => MULTIPART.has(key(r)))!;
    const jpeg = await makeJpeg(32, 24);
    const field = fc.option(fc.oneof(hostileString, fc.constant(values.deviceId!), fc.uuid()), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ deviceId: field, caption: field, uploadId: field }),
        fc.dictionary(
          hostileString.filter((s) => s.length > 0 && s.length < 100),
          hostileString,
          { maxKeys: 3 },
        ),
        async (fields, extra) => {
          const fd = new FormData();
          fd.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
          for (const [k, v] of Object.entries({ ...extra, ...fields }))
            if (v !== undefined) fd.append(k, v.slice(0, 3000));
          check(route, await send(route, pathOf(route), { body: fd }), JSON.stringify(fields).slice(0, 200));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers hostile voice message fields and files with a 2xx or a 4xx problem', async () => {
    const route = API_ROUTES.find((r) => key(r) === 'POST /api/events/:code/guestbook')!;
    const field = fc.option(fc.oneof(hostileString, fc.constant(values.deviceId!), fc.uuid()), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ deviceId: field, uploadId: field }),
        fc.option(fc.uint8Array({ maxLength: 2048 }), { nil: undefined }),
        fc.constantFrom('audio', 'photo', 'voice'),
        async (fields, bytes, part) => {
          const fd = new FormData();
          for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v.slice(0, 3000));
          if (bytes) fd.append(part, new Blob([bytes], { type: 'audio/webm' }), 'voice.webm');
          check(route, await send(route, pathOf(route), { body: fd }), JSON.stringify(fields).slice(0, 200));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers hostile Find Me fields and selfies with a 2xx or a 4xx problem', async () => {
    const routes = API_ROUTES.filter((r) => FIND_ME.has(key(r)));
    expect(routes).toHaveLength(2);
    const plain = await makeJpeg(48, 32);
    const field = fc.option(fc.oneof(hostileString, fc.constant(values.deviceId!), fc.constant('true')), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.record({ deviceId: field, consent: field }),
        fc.option(fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.constant(new Uint8Array(plain))), {
          nil: undefined,
        }),
        fc.constantFrom('selfie', 'photo'),
        async (route, fields, bytes, part) => {
          const fd = new FormData();
          for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v.slice(0, 3000));
          if (bytes) fd.append(part, new Blob([bytes], { type: 'image/jpeg' }), 'selfie.jpg');
          check(route, await send(route, pathOf(route), { body: fd }), JSON.stringify(fields).slice(0, 200));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('signs up a person whose name holds control characters and lone surrogates', async () => {
    const b = new Browser(app.base);
    const { res: page, url } = await b.follow('/api/login');
    const action = (await page.text()).match(/action="([^"]+\/login)"/)![1]!.replace(/&#47;/g, '/');
    const res = await b.fetch(new URL(action, url).href, {
      method: 'POST',
      body: new URLSearchParams({
        email: 'odd-name@example.test',
        password: 'a long enough password',
        action: 'create',
        firstName: 'An\u0000na\u202e',
        lastName: '\ud800<b>x</b>',
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBeLessThan(500);
    // Through the provider and our callback, each hop answered without a 5xx, until the redirect
    // leaves for the app itself (whose shell is the frontends' business, built or not).
    let next = new URL(res.headers.get('location') ?? '/', url);
    for (let hops = 0; hops < 15 && /^\/(api|idp)\//.test(next.pathname); hops++) {
      const hop = await b.fetch(next.href);
      expect(hop.status, next.pathname).toBeLessThan(400);
      next = new URL(hop.headers.get('location') ?? '/', next);
    }
    expect(next.pathname).not.toMatch(/^\/(api|idp)\//);
    const me = await b.json('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.firstName).toBe('Anna\u202e');
    expect(me.body.lastName).toBe('\ufffd<b>x</b>');
  });

  it('let no request pollute Object.prototype', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });
});
