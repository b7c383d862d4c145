import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/**
 * A model in a worker thread of the process (ADR 036, and the AI safety filter's since ADR 038): the
 * event loop hands it one request at a time and goes on serving uploads, galleries and sockets while it
 * works. The thread starts at the first request (again after one that died) and keeps no process alive
 * while idle. The built server runs the thread from `<name>.mjs` beside the bundle; tests and tsx from
 * the source file's `*-source.mjs` loader.
 */

type Answer<T> = { id: number; value: T } | { id: number; error: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

export class ModelThread<Req extends object, Res> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /**
   * @param built the built thread beside the bundle (`new URL('./x-worker.mjs', import.meta.url)`)
   * @param source the thread from its TypeScript source, for tests and tsx
   * @param failure the error a failed or stopped thread (not a request) rejects its requests with
   */
  constructor(
    private readonly built: URL,
    private readonly source: URL,
    private readonly failure: (message: string) => Error,
  ) {}

  /** Whether the thread has been started (and so loads its model). */
  get started(): boolean {
    return this.worker !== null;
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(existsSync(fileURLToPath(this.built)) ? this.built : this.source);
    w.unref(); // an idle thread keeps no process alive
    w.on('message', (a: Answer<Res>) => {
      const p = this.pending.get(a.id);
      if (!p) return;
      this.pending.delete(a.id);
      if (this.pending.size === 0) w.unref();
      if ('error' in a) p.reject(Object.assign(new Error(a.error), { fromRequest: true }));
      else p.resolve(a.value);
    });
    w.on('error', (err) => {
      if (this.worker === w) this.worker = null;
      this.failAll(this.failure(`the thread failed: ${err.message}`));
    });
    w.on('exit', (code) => {
      if (this.worker === w) this.worker = null;
      this.failAll(this.failure(`the thread stopped (${code})`));
    });
    this.worker = w;
    return w;
  }

  /**
   * The thread's answer to one request; rejects with the thread's error message when the request
   * failed there (`fromRequest`), or with `failure` when the thread itself did.
   */
  call(request: Req, transfer: Transferable[] = []): Promise<Res> {
    const w = this.thread();
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.ref(); // an answer is awaited
      w.postMessage({ id, request }, transfer);
    });
  }
}

/** Whether a `ModelThread.call` rejection came from the request (the model said no), not the thread. */
export const failedInThread = (err: unknown): err is Error =>
  err instanceof Error && (err as { fromRequest?: boolean }).fromRequest === true;

/**
 * Sets the scheduling priority (nice) of the calling thread alone: on Linux a thread is a task of its
 * own, and its id is the last part of /proc/thread-self. Elsewhere the thread keeps the process's.
 */
export function setThisThreadNice(nice: number): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // not Linux: the thread keeps the process's priority
  }
}

/**
 * The thread's side: answers each request with `handle`, one at a time, in order. `background` lowers
 * this thread's scheduling priority (nice 19, this thread only): on a busy machine its work waits for
 * cores the uploads and developing do not need. `transfer` names what of an answer is moved to the
 * event loop's thread rather than copied (a picture's pixels).
 */
export function serveInThread<Req, Res>(
  handle: (request: Req) => Promise<Res>,
  opts: { background?: boolean; transfer?: (answer: Res) => Transferable[] } = {},
): void {
  const port = parentPort;
  if (!port) return;
  if (opts.background) setThisThreadNice(19);
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (m: { id: number; request: Req }) => {
    queue = queue.then(async () => {
      let answer: Answer<Res>;
      let moved: Transferable[] = [];
      try {
        const value = await handle(m.request);
        answer = { id: m.id, value };
        moved = opts.transfer?.(value) ?? [];
      } catch (err) {
        answer = { id: m.id, error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(answer, moved);
    });
  });
}
