/**
 * The service worker at /sw.js (built on its own by scripts/build-web.mjs). It uploads the offline
 * photo queue when Background Sync says the connection is back, even with the page closed; the page
 * flushes the same queue itself where Background Sync does not exist. It serves no requests.
 */
import { SYNC_TAG, flush } from './queue';

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
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEvt) => void): void;
  addEventListener(type: 'sync', l: (e: SyncEvt) => void): void;
  addEventListener(type: 'message', l: (e: MessageEvt) => void): void;
  skipWaiting(): Promise<void>;
}
const sw = self as unknown as WorkerScope;

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
