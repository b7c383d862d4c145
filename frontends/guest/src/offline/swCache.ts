/**
 * The service worker's caches (docs/adr/021-installable-and-offline.md): the precache, filled at
 * install from the list made at build, and one small cache of guest API answers for offline use.
 * The browser's CacheStorage and fetch are passed in, so this is tested with stand-ins.
 */
import { APP_SHELL, offlineDevicePhotos, type Route } from './swRoutes';

export interface PrecacheEntry {
  url: string;
  revision: string;
}

export interface Env {
  caches: CacheStorage;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

const PRECACHE_PREFIX = 'afterglow-precache-';
/** Guest API answers kept for offline use; dropped with the precache's old versions when it changes. */
export const API_CACHE = 'afterglow-guest-api-v1';
/** How long a navigation waits for the network before the cached app shell is shown. */
export const NAVIGATION_TIMEOUT_MS = 3000;

/** One precache per list: its name carries a hash of every revision in it. */
export function precacheName(entries: readonly PrecacheEntry[]): string {
  let h = 0x811c9dc5; // FNV-1a, enough to tell two lists apart
  for (const e of entries)
    for (const ch of `${e.url}@${e.revision};`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return PRECACHE_PREFIX + (h >>> 0).toString(16).padStart(8, '0');
}

/** The key a file is kept under: its revision is part of it, so an old copy is never taken for a new. */
export const keyOf = (e: PrecacheEntry, origin: string) =>
  `${origin}${e.url}?__rev=${encodeURIComponent(e.revision)}`;

/**
 * Install: every listed file into this list's cache, taken from an older precache where the same
 * revision is already kept, else from the network. One failure fails the install (the browser keeps
 * the worker it has and tries again later), so a half-filled precache never takes over.
 */
export async function installPrecache(entries: readonly PrecacheEntry[], origin: string, env: Env) {
  const cache = await env.caches.open(precacheName(entries));
  await Promise.all(
    entries.map(async (e) => {
      const key = keyOf(e, origin);
      if (await cache.match(key)) return;
      const kept = await env.caches.match(key);
      if (kept) return cache.put(key, kept);
      const res = await env.fetch(origin + e.url, { cache: 'no-cache', credentials: 'same-origin' });
      if (!res.ok) throw new Error(`precache: ${e.url} answered ${res.status}`);
      await cache.put(key, res);
    }),
  );
}

/** Activate: every cache of ours but the current precache and the API cache goes (older lists). */
export async function deleteOldCaches(entries: readonly PrecacheEntry[], env: Env): Promise<string[]> {
  const keep = new Set([precacheName(entries), API_CACHE]);
  const old = (await env.caches.keys()).filter((n) => n.startsWith('afterglow-') && !keep.has(n));
  await Promise.all(old.map((n) => env.caches.delete(n)));
  return old;
}

async function fromPrecache(entries: readonly PrecacheEntry[], url: string, origin: string, env: Env) {
  const e = entries.find((x) => x.url === url);
  if (!e) return undefined;
  const cache = await env.caches.open(precacheName(entries));
  return cache.match(keyOf(e, origin));
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('network timeout')), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (err: unknown) => (clearTimeout(t), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

/**
 * The answer to one request the routes say the worker handles. Online, the network's answer is what
 * the page gets (an HTTP error included); the kept copy is used only when the network fails.
 */
export async function respond(
  route: Exclude<Route, { kind: 'network' }>,
  request: Request,
  entries: readonly PrecacheEntry[],
  origin: string,
  env: Env,
): Promise<Response> {
  if (route.kind === 'precached') {
    const cached = await fromPrecache(entries, route.url, origin, env);
    if (cached && !route.networkFirst) return cached;
    try {
      return await env.fetch(request);
    } catch (err) {
      if (cached) return cached;
      throw err;
    }
  }
  if (route.kind === 'navigation') {
    try {
      return await withTimeout(env.fetch(request), NAVIGATION_TIMEOUT_MS);
    } catch (err) {
      const shell = await fromPrecache(entries, APP_SHELL, origin, env);
      if (shell) return shell;
      throw err;
    }
  }
  // guest-api
  const cache = await env.caches.open(API_CACHE);
  let res: Response;
  try {
    res = await env.fetch(request);
  } catch (err) {
    const kept = await cache.match(request.url);
    if (kept) return kept;
    throw err;
  }
  if (res.ok && (res.headers.get('content-type') ?? '').includes('json')) {
    const body = (await res.clone().json()) as unknown;
    const keep = route.devicePhotos ? offlineDevicePhotos(body) : body;
    await cache.put(
      request.url,
      new Response(JSON.stringify(keep), {
        headers: { 'content-type': 'application/json', 'x-afterglow-offline': '1' },
      }),
    );
  } else if (res.status === 404 || res.status === 403 || res.status === 410) {
    await cache.delete(request.url); // gone or no longer ours: nothing to show offline either
  }
  return res;
}
