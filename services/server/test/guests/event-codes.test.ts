import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '@afterglow/contracts';
import { Browser, eventBody, loginThroughIdp, openSocket, startApp, type TestApp } from '../support/harness';

/** A well-formed code that is not `code` (the alphabet has 30^6 of them). */
const otherCode = (code: string, i = 0) =>
  code.slice(0, 5) + CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[5]!) + 1 + i) % CODE_ALPHABET.length];

/** A caller from its own address (the gateway trusts X-Forwarded-For from loopback proxies). */
function from(b: Browser, ip: string) {
  return {
    get: (path: string) => b.fetch(path, { headers: { 'x-forwarded-for': ip } }),
    join: (code: string) =>
      b.fetch(`/api/events/${code}/devices`, {
        method: 'POST',
        body: JSON.stringify({ anonId: randomUUID() }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      }),
  };
}

async function answer(res: Response) {
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: await res.text(),
    headers: Array.from(res.headers as unknown as Iterable<[string, string]>, ([k]) => k)
      .filter((h) => h !== 'date' && h !== 'etag')
      .sort(),
  };
}

describe('event codes as people type them', () => {
  let app: TestApp;
  let host: Browser;
  let event: { id: string; code: string; name: string };
  let ipN = 0;
  const freshIp = () => `203.0.113.${++ipN}`;

  beforeAll(async () => {
    app = await startApp({ LOOKUP_MISS_LIMIT: '1000' });
    host = new Browser(app.base);
    await loginThroughIdp(host, 'codes@example.test', 'codes are typed');
    event = (await host.json('POST', '/api/events', eventBody({ name: 'Code Party' }))).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('accepts lower case and surrounding spaces on every lookup, as the join screen does', async () => {
    const anon = from(new Browser(app.base), freshIp());
    const lower = event.code.toLowerCase();
    for (const typed of [
      lower,
      ` ${event.code} `,
      ` ${lower}\t`,
      `${event.code.slice(0, 3)} ${event.code.slice(3)}`,
    ]) {
      const enc = encodeURIComponent(typed);
      for (const path of [`/api/events/by-code/${enc}`, `/api/events/${enc}`]) {
        const r = await anon.get(path);
        expect(r.status, `${path}`).toBe(200);
        expect((await r.json()).code).toBe(event.code);
      }
      const joined = await anon.join(enc);
      expect(joined.status).toBe(201);
      expect((await joined.json()).eventId).toBe(event.id);
    }
  });

  it('answers a wrong length or look-alike characters exactly like any code that does not exist', async () => {
    const anon = from(new Browser(app.base), freshIp());
    const c = event.code;
    const missing = await answer(await anon.get(`/api/events/by-code/${otherCode(c)}`));
    expect(missing.status).toBe(404);
    expect(missing.type).toContain('application/problem+json');
    expect(JSON.parse(missing.body)).toEqual({
      type: 'https://afterglow.app/problems/event_not_found',
      title: 'Not Found',
      status: 404,
      detail: 'Event not found',
      error: 'Event not found',
      code: 'event_not_found',
    });
    const odd = [
      c.slice(0, 5), // too short
      `${c}A`, // too long
      'A'.repeat(40),
      `${c.slice(0, 5)}O`, // the alphabet has no O, 0, I, 1 or L
      `${c.slice(0, 5)}0`,
      `${c.slice(0, 5)}1`,
      `${c.slice(0, 5)}l`,
      `${c.slice(0, 5)}\u0410`, // Cyrillic A
      c.replace(/./g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)), // full-width forms
      `${c.slice(0, 5)}\u200b${c[5]}`, // a zero-width space inside
      `${c}\u0000`,
    ];
    for (const typed of odd) {
      const enc = encodeURIComponent(typed);
      for (const path of [`/api/events/by-code/${enc}`, `/api/events/${enc}`]) {
        const got = await answer(await anon.get(path));
        expect(got, `${JSON.stringify(typed)} at ${path}`).toEqual(missing);
      }
      const joined = await answer(await anon.join(enc));
      expect(joined.status).toBe(404);
      expect(joined.body).toBe(missing.body);
    }
    // an unknown id answers the same too
    expect(await answer(await anon.get(`/api/events/${randomUUID()}`))).toEqual(missing);
  });

  it('answers a WebSocket join only by event id: a code is an unknown event there', async () => {
    const s = await openSocket(app.base);
    try {
      s.ws.send(JSON.stringify({ type: 'join', eventId: event.code }));
      expect(await s.next((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Event not found' });
      s.ws.send(JSON.stringify({ type: 'join', eventId: event.id }));
      expect(await s.next((m) => m.type === 'joined')).toMatchObject({ eventId: event.id, role: 'guest' });
    } finally {
      s.ws.close();
    }
  });
});

/** Misses counted per address; the limit and window come from env (LOOKUP_MISS_LIMIT, _WINDOW_SECONDS). */
function guessingContract(name: string, env: () => Record<string, string>, shared: boolean) {
  describe(`guessing codes (${name})`, () => {
    let apps: TestApp[] = [];
    let event: { id: string; code: string };
    const LIMIT = 5;

    beforeAll(async () => {
      const e = env();
      apps = [await startApp({ LOOKUP_MISS_LIMIT: String(LIMIT), ...e })];
      if (shared) apps.push(await startApp({ LOOKUP_MISS_LIMIT: String(LIMIT), ...e }));
      const host = new Browser(apps[0]!.base);
      await loginThroughIdp(host, `guess-${randomUUID()}@example.test`, 'guessing is slow');
      event = (await host.json('POST', '/api/events', eventBody())).body;
    });
    afterAll(async () => {
      for (const a of apps) await a.close();
    });

    it('slows an address down after repeated misses: 429 problem+json with Retry-After', async () => {
      const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      const a = from(new Browser(apps[0]!.base), ip);
      const statuses: number[] = [];
      // misses on every kind of lookup count
      const paths = [
        (i: number) => `/api/events/by-code/${otherCode(event.code, i)}`,
        (i: number) => `/api/events/${otherCode(event.code, i)}`,
        (i: number) => `/api/events/${otherCode(event.code, i)}/photos`,
        (i: number) => `/api/photos/approved/${otherCode(event.code, i)}`,
      ];
      for (let i = 0; i < LIMIT - 1; i++) statuses.push((await a.get(paths[i % paths.length]!(i))).status);
      statuses.push((await a.join(otherCode(event.code, 99))).status);
      expect(statuses).toEqual(Array(LIMIT).fill(404));

      // from now on this address's lookups are refused, found or not, on every replica
      const b = shared ? from(new Browser(apps[1]!.base), ip) : a;
      for (const r of [
        await b.get(`/api/events/by-code/${otherCode(event.code, 7)}`),
        await b.get(`/api/events/by-code/${event.code}`),
        await b.get(`/api/events/${event.id}`),
        await b.join(event.code),
      ]) {
        expect(r.status).toBe(429);
        expect(r.headers.get('content-type')).toContain('application/problem+json');
        const retry = Number(r.headers.get('retry-after'));
        expect(retry).toBeGreaterThan(0);
        expect(retry).toBeLessThanOrEqual(600);
        expect((await r.json()).code).toBe('rate_limited');
      }
      // another address (another venue) is not affected
      const other = from(new Browser(apps[0]!.base), `192.0.2.${Math.floor(Math.random() * 200) + 1}`);
      expect((await other.get(`/api/events/by-code/${event.code}`)).status).toBe(200);
    });

    it('does not count lookups that find their event', async () => {
      const c = from(new Browser(apps[0]!.base), `100.64.0.${Math.floor(Math.random() * 200) + 1}`);
      for (let i = 0; i < LIMIT * 3; i++)
        expect((await c.get(`/api/events/by-code/${event.code}`)).status).toBe(200);
    });
  });
}

guessingContract('one gateway, counted in memory', () => ({}), false);
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('REDIS_URL not set: misses shared through Redis are not tested');
describe.skipIf(!redisUrl)('with Redis', () => {
  // two gateways of one deployment (one secret) share their counts through Redis
  const secret = `codes-${randomUUID()}-0123456789abcdef`;
  guessingContract(
    'two gateways sharing Redis',
    () => ({ REDIS_URL: redisUrl!, AFTERGLOW_SECRET: secret }),
    true,
  );
});
