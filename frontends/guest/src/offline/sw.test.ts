import { describe, expect, it, vi } from 'vitest';
import {
  API_CACHE,
  NAVIGATION_TIMEOUT_MS,
  deleteOldCaches,
  installPrecache,
  keyOf,
  precacheName,
  respond,
  type Env,
  type PrecacheEntry,
} from './swCache';
import { routeOf } from './swRoutes';

const ORIGIN = 'https://party.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: ORIGIN + path, mode });
const PRECACHED = new Set(['/index.html', '/main.0123abcd.js', '/remotes/guest/remoteEntry.js']);

describe('service worker routes', () => {
  it('answers pages with the app, and never the gateway’s own paths', () => {
    expect(routeOf(get('/camera/ABC123', 'navigate'), ORIGIN, PRECACHED)).toEqual({ kind: 'navigation' });
    expect(routeOf(get('/', 'navigate'), ORIGIN, PRECACHED)).toEqual({ kind: 'navigation' });
    for (const p of ['/api/login', '/api/logout', '/idp/auth', '/uploads/x.jpg', '/remotes/host/x'])
      expect(routeOf(get(p, 'navigate'), ORIGIN, PRECACHED), p).toEqual({ kind: 'network' });
  });

  it('serves precached files: hashed ones from the cache, the others network first', () => {
    expect(routeOf(get('/main.0123abcd.js'), ORIGIN, PRECACHED)).toEqual({
      kind: 'precached',
      url: '/main.0123abcd.js',
      networkFirst: false,
    });
    expect(routeOf(get('/remotes/guest/remoteEntry.js'), ORIGIN, PRECACHED)).toMatchObject({
      networkFirst: true,
    });
    expect(routeOf(get('/other.11111111.js'), ORIGIN, PRECACHED)).toEqual({ kind: 'network' });
  });

  it('keeps only the camera’s two guest reads; nothing of the host, admin, auth or photo files', () => {
    expect(routeOf(get('/api/events/by-code/ABC123'), ORIGIN, PRECACHED)).toEqual({
      kind: 'guest-api',
      devicePhotos: false,
    });
    expect(routeOf(get('/api/devices/5b9f-42/photos'), ORIGIN, PRECACHED)).toEqual({
      kind: 'guest-api',
      devicePhotos: true,
    });
    for (const p of [
      '/api/events/1234-abcd', // by id: the host's view
      '/api/events/ABC123/photos',
      '/api/events/ABC123/stats',
      '/api/auth/user',
      '/api/admin/stats',
      '/api/user/events',
      '/api/events/by-code/ABC123?x=1',
      '/uploads/abc/thumb.webp?sig=1',
      '/sw.js',
    ])
      expect(routeOf(get(p), ORIGIN, PRECACHED), p).toEqual({ kind: 'network' });
    // writes and other sites are never touched
    expect(routeOf({ ...get('/api/devices/5b9f/photos'), method: 'POST' }, ORIGIN, PRECACHED).kind).toBe(
      'network',
    );
    expect(
      routeOf({ method: 'GET', url: 'https://cdn.example/main.0123abcd.js' }, ORIGIN, PRECACHED).kind,
    ).toBe('network');
  });
});

/** CacheStorage as the browser has it, in memory: enough of it for the worker. */
function fakeCaches() {
  const store = new Map<string, Map<string, Response>>();
  const keyOfReq = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
  const open = async (name: string) => {
    if (!store.has(name)) store.set(name, new Map());
    const c = store.get(name)!;
    return {
      match: async (r: RequestInfo | URL) => c.get(keyOfReq(r))?.clone(),
      put: async (r: RequestInfo | URL, res: Response) => void c.set(keyOfReq(r), res.clone()),
      delete: async (r: RequestInfo | URL) => c.delete(keyOfReq(r)),
      keys: async () => [...c.keys()].map((u) => new Request(u)),
    } as unknown as Cache;
  };
  const caches = {
    open,
    has: async (n: string) => store.has(n),
    keys: async () => [...store.keys()],
    delete: async (n: string) => store.delete(n),
    match: async (r: RequestInfo | URL) => {
      for (const c of store.values()) {
        const hit = c.get(keyOfReq(r));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  } as unknown as CacheStorage;
  return { caches, store };
}

function env(files: Record<string, string>, online = { on: true }) {
  const { caches, store } = fakeCaches();
  const fetched: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    fetched.push(new URL(url).pathname);
    if (!online.on) throw new TypeError('Failed to fetch');
    const path = new URL(url).pathname;
    const body = files[path];
    if (body === undefined) return new Response('not found', { status: 404 });
    return new Response(body, {
      headers: { 'content-type': path.startsWith('/api/') ? 'application/json' : 'text/plain' },
    });
  });
  return { env: { caches, fetch } as Env, store, fetched, online };
}

const v1: PrecacheEntry[] = [
  { url: '/index.html', revision: 'aaaa' },
  { url: '/main.0123abcd.js', revision: 'bbbb' },
];

describe('service worker caches', () => {
  it('install fills this list’s cache; an update fetches only what changed; activate drops the old', async () => {
    const t = env({ '/index.html': 'page v1', '/main.0123abcd.js': 'main' });
    await installPrecache(v1, ORIGIN, t.env);
    expect(t.fetched.sort()).toEqual(['/index.html', '/main.0123abcd.js']);

    const v2 = [{ url: '/index.html', revision: 'cccc' }, v1[1]!];
    expect(precacheName(v2)).not.toBe(precacheName(v1));
    t.fetched.length = 0;
    await installPrecache(v2, ORIGIN, t.env);
    expect(t.fetched).toEqual(['/index.html']); // main's revision is unchanged: copied over

    t.store.set(API_CACHE, new Map());
    t.store.set('someone-else', new Map());
    expect(await deleteOldCaches(v2, t.env)).toEqual([precacheName(v1)]);
    expect([...t.store.keys()].sort()).toEqual([API_CACHE, precacheName(v2), 'someone-else'].sort());
    const kept = t.store.get(precacheName(v2))!;
    expect([...kept.keys()].sort()).toEqual([keyOf(v2[0]!, ORIGIN), keyOf(v2[1]!, ORIGIN)].sort());
  });

  it('a file that fails to download fails the install', async () => {
    const t = env({ '/index.html': 'page' });
    await expect(installPrecache(v1, ORIGIN, t.env)).rejects.toThrow(/main\.0123abcd\.js answered 404/);
  });

  it('navigations: the network when it answers, else the cached app shell (also after a timeout)', async () => {
    const t = env({ '/index.html': 'page v1', '/main.0123abcd.js': 'main' });
    await installPrecache(v1, ORIGIN, t.env);
    const nav = new Request(`${ORIGIN}/camera/ABC123`);
    t.env.fetch = vi.fn(async () => new Response('fresh page'));
    expect(await (await respond({ kind: 'navigation' }, nav, v1, ORIGIN, t.env)).text()).toBe('fresh page');
    t.env.fetch = vi.fn(async () => Promise.reject(new TypeError('offline')));
    expect(await (await respond({ kind: 'navigation' }, nav, v1, ORIGIN, t.env)).text()).toBe('page v1');
    vi.useFakeTimers();
    try {
      t.env.fetch = vi.fn(() => new Promise<Response>(() => {})); // a venue's "lie-fi": no answer
      const slow = respond({ kind: 'navigation' }, nav, v1, ORIGIN, t.env);
      await vi.advanceTimersByTimeAsync(NAVIGATION_TIMEOUT_MS + 10);
      expect(await (await slow).text()).toBe('page v1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('guest reads: online always the network’s answer; offline the last one, without photo URLs', async () => {
    const path = '/api/devices/dev-1/photos';
    const t = env({
      [path]: JSON.stringify({
        photos: [{ id: 'p1', url: '/uploads/p1?sig=secret' }],
        shotsTaken: 1,
        shotsRemaining: 11,
        maxShots: 12,
      }),
    });
    const req = new Request(ORIGIN + path);
    const route = { kind: 'guest-api', devicePhotos: true } as const;
    const online = await (await respond(route, req, [], ORIGIN, t.env)).json();
    expect(online.photos).toHaveLength(1);
    const kept = await t.store.get(API_CACHE)!.get(req.url)!.clone().json();
    expect(kept).toEqual({ photos: [], shotsTaken: 1, shotsRemaining: 11, maxShots: 12 });
    expect(JSON.stringify(kept)).not.toContain('sig=');

    // online again with a newer answer: that one, not the kept one
    t.env.fetch = vi.fn(async () =>
      Response.json({ photos: [], shotsTaken: 2, shotsRemaining: 10, maxShots: 12 }),
    );
    expect(await (await respond(route, req, [], ORIGIN, t.env)).json()).toMatchObject({ shotsRemaining: 10 });
    // an HTTP error online is the page's answer too, and a gone device is forgotten
    t.env.fetch = vi.fn(
      async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    expect((await respond(route, req, [], ORIGIN, t.env)).status).toBe(404);
    t.env.fetch = vi.fn(async () => Promise.reject(new TypeError('offline')));
    await expect(respond(route, req, [], ORIGIN, t.env)).rejects.toThrow('offline');
  });

  it('offline, the last answer kept is served', async () => {
    const path = '/api/events/by-code/ABC123';
    const t = env({ [path]: JSON.stringify({ code: 'ABC123', name: 'Party' }) });
    const req = new Request(ORIGIN + path);
    const route = { kind: 'guest-api', devicePhotos: false } as const;
    await respond(route, req, [], ORIGIN, t.env);
    t.online.on = false;
    expect(await (await respond(route, req, [], ORIGIN, t.env)).json()).toEqual({
      code: 'ABC123',
      name: 'Party',
    });
  });
});
