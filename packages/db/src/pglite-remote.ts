import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import type { BatchItem, BatchOutcome } from './batch';

/**
 * The process's side of PGlite's thread (`pglite-worker.ts`): what drizzle's PGlite driver and the
 * rest of the process use of a PGlite (queries, transactions, close), each call a message to the thread.
 * The calls of one turn of the event loop go in one message, and the thread answers those it finished
 * in one turn of its own in one: waking another thread is the cost of a message, not its size.
 * Results come back as PGlite answers them; errors as Errors with what Postgres said (`code`, …), so
 * `isUniqueViolation` and drizzle's wrapping work as before.
 */

export type PgliteRequest = { id?: number } & (
  | {
      op: 'query';
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: 'object' | 'array';
      /** type OIDs whose values are answered as Postgres wrote them (drizzle's parsers, all identity) */
      identity?: number[];
    }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'group'; items: BatchItem[] }
  | { op: 'close' }
);
export type PgliteAnswer = { id?: number; value: unknown } | { id?: number; error: Record<string, unknown> };

type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: Record<number, unknown> };

/** An error as the thread described it, again an Error (a thread that stopped: the database is away). */
const revive = (e: Record<string, unknown>) => Object.assign(new Error(String(e.message)), e);

export class RemotePglite {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private stopped: Error | null = null;
  /** requests of this turn of the event loop, posted together at its end (one wake-up of the thread) */
  private outgoing: PgliteRequest[] = [];
  readonly waitReady: Promise<void>;

  constructor(dir: string | null) {
    const built = new URL('./pglite-worker.mjs', import.meta.url);
    this.worker = new Worker(
      existsSync(fileURLToPath(built)) ? built : new URL('./pglite-worker-source.mjs', import.meta.url),
      { workerData: { dir } },
    );
    this.worker.unref(); // the database keeps no process alive on its own
    this.waitReady = new Promise((resolve, reject) => {
      const first = (m: { ready?: boolean; error?: Record<string, unknown> }) => {
        if (m.ready === undefined) return;
        this.worker.off('message', first);
        if (m.ready) resolve();
        else reject(revive(m.error ?? { message: 'PGlite did not start' }));
      };
      this.worker.on('message', first);
      this.worker.once('exit', (code) => reject(new Error(`PGlite's thread stopped (${code})`)));
    });
    this.worker.on('message', (answers: PgliteAnswer[]) => {
      if (!Array.isArray(answers)) return;
      for (const m of answers) {
        const p = this.pending.get(m.id!);
        if (!p) continue;
        this.pending.delete(m.id!);
        if ('error' in m) p.reject(revive(m.error));
        else p.resolve(m.value);
      }
      if (this.pending.size === 0) this.worker.unref();
    });
    const fail = (message: string) => {
      // as a database server that went away: callers answer 503 and try again later
      this.stopped = Object.assign(new Error(message), { code: '57P01' });
      for (const p of this.pending.values()) p.reject(this.stopped);
      this.pending.clear();
    };
    this.worker.on('error', (err) => fail(`PGlite's thread failed: ${err.message}`));
    this.worker.on('exit', (code) => fail(`PGlite's thread stopped (${code})`));
  }

  private call<T>(request: PgliteRequest): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.ref(); // an answer is awaited
      if (this.outgoing.push({ ...request, id }) === 1)
        setImmediate(() => {
          const batch = this.outgoing;
          this.outgoing = [];
          this.worker.postMessage(batch);
        });
    });
  }

  query<T>(sql: string, params?: unknown[], opts?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({
      op: 'query',
      sql,
      ...(params && { params }),
      ...(tx && { tx }),
      ...(opts?.rowMode && { rowMode: opts.rowMode }),
      ...(opts?.parsers && { identity: Object.keys(opts.parsers).map(Number) }),
    });
  }

  exec(sql: string, _opts?: unknown, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, ...(tx && { tx }) });
  }

  /** A transaction in the thread: its statements run there in order, then it commits (or rolls back). */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], opts?: QueryOptions) =>
        this.query<R>(sql, params, opts, id),
      exec: (sql: string) => this.exec(sql, undefined, id),
      rollback: async () => {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** A group of statements in one transaction (`commitGroup`). */
  async group(items: BatchItem[]): Promise<BatchOutcome[]> {
    const out = await this.call<({ rows: Record<string, unknown>[] } | { error: Record<string, unknown> })[]>(
      {
        op: 'group',
        items,
      },
    );
    return out.map((o) => ('error' in o ? { error: revive(o.error) } : o));
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }

  /** What drizzle's PGlite driver is given. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
