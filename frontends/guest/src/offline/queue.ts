/**
 * The offline photo queue (spec section 3): every photo (and clip) the guest keeps is first written
 * to a local browser database (offline/queueStore.ts), then uploaded (lib/upload.ts); it leaves the
 * queue once the server has it (or refuses it for good). Used by the camera page and by the service
 * worker (/sw.js), so it needs nothing but the browser: no React, no shared UI package.
 */
import { sendCapture } from '../lib/upload';
import { announce, dequeue, queued, run, type Outcome, type QueuedPhoto } from './queueStore';

export * from './queueStore';

const LOCK = 'afterglow-photo-queue';

/**
 * Uploads one queued capture and settles its place in the queue by the answer. A clip's upload address
 * is written to its entry as soon as it exists, so whoever tries next (this page after a reload, the
 * service worker) resumes it rather than starting over.
 */
export async function send(
  entry: QueuedPhoto,
  onProgress?: (sent: number, total: number) => void,
): Promise<Outcome> {
  const sent = await sendCapture(entry, entry.uploadUrl, {
    onCreated: async (uploadUrl) => {
      entry.uploadUrl = uploadUrl;
      if (entry.id === undefined) return;
      const id = entry.id;
      // still queued (not stored meanwhile by another try): keep the address with it
      await run('readwrite', (s) => {
        const req = s.get(id);
        req.onsuccess = () => {
          if (req.result) s.put({ ...(req.result as QueuedPhoto), uploadUrl });
        };
        return req;
      }).catch((err: unknown) => console.warn('Offline queue unavailable', err));
    },
    ...(onProgress ? { onProgress } : {}),
  });
  if (sent.kind !== 'retry' && entry.id !== undefined) await dequeue(entry.id);
  const { deviceId, uploadId } = entry;
  if (sent.kind === 'stored')
    announce({ type: 'stored', deviceId, uploadId, shotsRemaining: sent.shotsRemaining });
  if (sent.kind === 'refused')
    announce({
      type: 'refused',
      deviceId,
      uploadId,
      message: sent.message,
      ...(sent.code ? { code: sent.code } : {}),
    });
  return { ...sent, entry };
}

interface LockManagerLike {
  request<T>(name: string, opts: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Uploads every queued photo, oldest first, and stops at the first one that has to wait (offline or
 * the server in trouble: the rest would wait too). One flush at a time across the page and the
 * service worker where the browser has Web Locks; elsewhere the uploadId keeps a double send harmless.
 * Answers the outcomes, or null when another flush was already running.
 */
export async function flush(): Promise<Outcome[] | null> {
  const work = async () => {
    const out: Outcome[] = [];
    for (const entry of await queued()) {
      const o = await send(entry);
      out.push(o);
      if (o.kind === 'retry') break;
    }
    return out;
  };
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return work();
  return locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : Promise.resolve(null)));
}
