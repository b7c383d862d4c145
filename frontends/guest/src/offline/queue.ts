/**
 * The offline photo queue (spec section 3): every photo (and clip) the guest keeps is first written
 * to a local browser database, then uploaded (lib/upload.ts); it leaves the queue once the server has it (or
 * refuses it for good). Used by the camera page and by the service worker (/sw.js), so it needs
 * nothing but the browser: no React, no shared UI package.
 */
import { sendCapture, type PhotoUpload, type Sent } from '../lib/upload';

export const QUEUE_DB = 'afterglow-offline';
export const QUEUE_DB_VERSION = 1;
export const QUEUE_STORE = 'photos';
/** Background Sync tag (spec section 7). */
export const SYNC_TAG = 'background-photo-upload';
/** Page and service worker tell each other about queue changes here. */
export const QUEUE_CHANNEL = 'afterglow-photo-queue';
const LOCK = 'afterglow-photo-queue';

export interface QueuedPhoto extends PhotoUpload {
  /** automatic key */
  id?: number;
  /** capture time, ms since the epoch */
  timestamp: number;
  status: 'pending';
  /** a clip's resumable upload, once created: the next try resumes it (lib/tus.ts) */
  uploadUrl?: string;
}

/** What became of a queued photo: stored and refused ones leave the queue, the others wait. */
export type Outcome = Sent & { entry: QueuedPhoto };

export type QueueMessage =
  | { type: 'changed' }
  | { type: 'stored'; deviceId: string; uploadId: string; shotsRemaining: number }
  | { type: 'refused'; deviceId: string; uploadId: string; message: string; code?: string };

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(QUEUE_DB, QUEUE_DB_VERSION);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(QUEUE_STORE))
        req.result.createObjectStore(QUEUE_STORE, { keyPath: 'id', autoIncrement: true });
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading, or the browser clearing storage: open afresh next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => (opening = null);
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(QUEUE_STORE, mode);
    const req = f(tx.objectStore(QUEUE_STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function announce(msg: QueueMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(QUEUE_CHANNEL);
  ch.postMessage(msg);
  ch.close();
}

/** Writes a captured photo to the queue; answers the entry with its key. */
export async function enqueue(
  photo: Omit<QueuedPhoto, 'id' | 'status' | 'timestamp'> & { timestamp?: number },
): Promise<QueuedPhoto> {
  const entry: QueuedPhoto = { ...photo, timestamp: photo.timestamp ?? Date.now(), status: 'pending' };
  const id = await run('readwrite', (s) => s.add(entry));
  announce({ type: 'changed' });
  return { ...entry, id: id as number };
}

/** Every queued photo, oldest first. */
export function queued(): Promise<QueuedPhoto[]> {
  return run<QueuedPhoto[]>('readonly', (s) => s.getAll() as IDBRequest<QueuedPhoto[]>);
}

export async function dequeue(id: number): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
  announce({ type: 'changed' });
}

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
