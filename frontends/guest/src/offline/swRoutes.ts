import { CODE_SOURCE } from '@afterglow/contracts';

/**
 * Which requests the service worker answers, and how (docs/adr/021-installable-and-offline.md). Plain
 * functions of the request, so the rules are tested without a browser (swRoutes.test.ts).
 */

/** Paths the gateway answers itself; a navigation to one is never given the app's page. */
const NOT_SPA = /^\/(api|uploads|idp|ws|remotes|livez|readyz|sw\.js)(\/|$)/;
/** Content-hashed build files (`name.1a2b3c4d.js`): the same URL is always the same bytes. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
/** The app's page, given to every navigation when the network does not answer. */
export const APP_SHELL = '/index.html';
/** The guest reads the camera needs offline: the event behind a code, and the device's shots. */
const EVENT_BY_CODE = new RegExp(`^/api/events/by-code/${CODE_SOURCE}$`);
const DEVICE_PHOTOS = /^\/api\/devices\/[A-Za-z0-9-]{1,64}\/photos$/;

export type Route =
  /** a file of the precache: from the cache (`networkFirst`: unhashed files try the network first) */
  | { kind: 'precached'; url: string; networkFirst: boolean }
  /** a page of the app: the network, then the cached app shell */
  | { kind: 'navigation' }
  /** one of the guest reads above: the network, then the last answer kept (`devicePhotos`: counts only) */
  | { kind: 'guest-api'; devicePhotos: boolean }
  /** everything else goes to the network untouched, and nothing of it is kept */
  | { kind: 'network' };

export interface RequestLike {
  method: string;
  url: string;
  mode?: string;
}

export function routeOf(req: RequestLike, origin: string, precached: ReadonlySet<string>): Route {
  if (req.method !== 'GET') return { kind: 'network' };
  const u = new URL(req.url);
  if (u.origin !== origin) return { kind: 'network' };
  const path = u.pathname;
  if (req.mode === 'navigate') return NOT_SPA.test(path) ? { kind: 'network' } : { kind: 'navigation' };
  if (!u.search && EVENT_BY_CODE.test(path)) return { kind: 'guest-api', devicePhotos: false };
  if (!u.search && DEVICE_PHOTOS.test(path)) return { kind: 'guest-api', devicePhotos: true };
  if (NOT_SPA.test(path) && !path.startsWith('/remotes/')) return { kind: 'network' };
  if (precached.has(path)) return { kind: 'precached', url: path, networkFirst: !HASHED.test(path) };
  return { kind: 'network' };
}

/**
 * What is kept of a device's photos for offline use: the shot counts, not the photos, whose signed
 * URLs are short-lived credentials (and whose images are not kept anyway).
 */
export function offlineDevicePhotos(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  return { ...(body as Record<string, unknown>), photos: [] };
}
