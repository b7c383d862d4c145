/**
 * The service worker at /sw.js (built on its own by scripts/build-web.mjs). It keeps the app's files
 * so a guest's pages reload with no network, answers the camera's two reads from the last copy when
 * offline (swRoutes.ts, swCache.ts; docs/adr/021-installable-and-offline.md), and uploads the offline
 * photo queue when Background Sync says the connection is back, even with the page closed; the page
 * flushes the same queue itself where Background Sync does not exist.
 */
import { SYNC_TAG, flush } from './queue';
import { deleteOldCaches, installPrecache, respond, type Env, type PrecacheEntry } from './swCache';
import { routeOf } from './swRoutes';
import { notificationFromPush, openFromNotification, readPush, urlToOpen } from './swPush';

/** The precache list, put here at build from the built files (scripts/precache.mjs). */
declare const __PRECACHE__: PrecacheEntry[];

// The DOM typings have no service worker scope: the little used here, spelled out.
interface ExtendableEvt extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SyncEvt extends ExtendableEvt {
  readonly tag: string;
  readonly lastChance?: boolean;
}
interface MessageEvt extends ExtendableEvt {
  readonly data: unknown;
}
interface FetchEvt extends ExtendableEvt {
  readonly request: Request;
  respondWith(r: Promise<Response>): void;
}
interface PushEvt extends ExtendableEvt {
  readonly data: { text(): string } | null;
}
interface NotificationEvt extends ExtendableEvt {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<unknown>;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEvt) => void): void;
  addEventListener(type: 'sync', l: (e: SyncEvt) => void): void;
  addEventListener(type: 'message', l: (e: MessageEvt) => void): void;
  addEventListener(type: 'fetch', l: (e: FetchEvt) => void): void;
  addEventListener(type: 'push', l: (e: PushEvt) => void): void;
  addEventListener(type: 'notificationclick', l: (e: NotificationEvt) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  location: Location;
}
const sw = self as unknown as WorkerScope;
// The build's precompressed copies (`.br`, `.gz`) are how the gateway sends a file, not files a page
// asks for: the browser gets them decoded under the file's own name.
const entries = __PRECACHE__.filter((e) => !/\.(br|gz)$/.test(e.url));
const precached = new Set(entries.map((e) => e.url));
const origin = sw.location.origin;
const env: Env = { caches, fetch: (input, init) => fetch(input, init) };

// A new worker waits for the page's 'Update Now' (the update banner); the first one takes over at once.
sw.addEventListener('install', (e) => e.waitUntil(installPrecache(entries, origin, env)));

sw.addEventListener('activate', (e) =>
  e.waitUntil(deleteOldCaches(entries, env).then(() => sw.clients.claim())),
);

sw.addEventListener('fetch', (e) => {
  const route = routeOf(e.request, origin, precached);
  if (route.kind === 'network') return; // the browser fetches it as if there were no worker
  e.respondWith(respond(route, e.request, entries, origin, env));
});

sw.addEventListener('sync', (e) => {
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    flush().then((outcomes) => {
      // Still waiting: fail the sync so the browser tries again later (it backs off by itself).
      if (outcomes?.some((o) => o.kind === 'retry')) throw new Error('photos still waiting to upload');
    }),
  );
});

// The update banner (spec section 4) asks a waiting worker to take over.
sw.addEventListener('message', (e) => {
  if ((e.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

// 'Tell me when the photos are revealed' (ADR 035): the push, in the guest's words, as a notification…
sw.addEventListener('push', (e) => {
  const { title, options } = notificationFromPush(readPush(e.data?.text()));
  e.waitUntil(sw.registration.showNotification(title, options));
});

// …and a tap opens the gallery (or focuses the guest's window of it); never another site.
sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  e.waitUntil(openFromNotification(sw.clients, urlToOpen(e.notification.data, origin)));
});
