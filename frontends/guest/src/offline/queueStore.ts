/**
 * The offline photo queue's local database (offline/queue.ts): what waits, written and read, without
 * the upload. The camera page reads it as it opens (how many photos wait); the code that sends them
 * (queue.ts, lib/upload.ts) comes only when something is to be sent (docs/adr/037-guest-page-weight.md).
 * Nothing but the browser: the service worker uses it too.
 */
import type { PhotoUpload, Sent } from '../lib/request';

export const QUEUE_DB = 'afterglow-offline';
export const QUEUE_DB_VERSION = 1;
export const QUEUE_STORE = 'photos';
/** Background Sync tag (spec section 7). */
export const SYNC_TAG = 'background-photo-upload';
/** Page and service worker tell each other about queue changes here. */
export const QUEUE_CHANNEL = 'afterglow-photo-queue';

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

export async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(QUEUE_STORE, mode);
    const req = f(tx.objectStore(QUEUE_STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function announce(msg: QueueMessage): void {
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
