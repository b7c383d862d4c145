import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { GroupCommit, commitGroup, type BatchItem } from './batch';
import { RemotePglite } from './pglite-remote';
import type { Db } from './types';

export type { Db };

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Applies a service's migrations (idempotent, safe with concurrent starters). Bookkeeping lives in
   * the service's own schema (`schema`, default the service name).
   */
  migrate(service: string, opts?: { schema?: string; folder?: string }): Promise<void>;
  /**
   * Runs the statement in the next group commit (`batch.ts`): with the statements that arrive together,
   * in one transaction, behind a savepoint of its own. Answers its rows once that has committed; a
   * statement that answers `rollback = true` in its first row is rolled back (its rows still answered).
   * `key` orders the statements of a group by what they lock (`GroupCommit.submit`).
   */
  grouped(statement: SQL, key?: string): Promise<Record<string, unknown>[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const dialect = new PgDialect();
const itemOf = (statement: SQL): BatchItem => {
  const q = dialect.sqlToQuery(statement);
  return { sql: q.sql, params: q.params };
};

/**
 * `DATABASE_URL` unset or `pglite:` -> PGlite under `<dataDir>/pg`; `pglite:memory` -> in-memory PGlite;
 * `pglite:/some/dir` -> PGlite there; `postgres://…` -> node-postgres pool.
 * One PGlite per directory per process: services of one process share it (it is one connection). It
 * runs in a thread of its own (`pglite-worker.ts`), so the database's work never holds up the event loop.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** AFTERGLOW_MIGRATIONS_DIR (see migrationsFolderFor) */
  migrationsDir?: string;
}): Promise<Database> {
  const url = opts.url?.trim() || 'pglite:';
  const folderFor = (service: string) => migrationsFolderFor(service, opts.migrationsDir);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://'))
    return openPostgres(url, opts.poolSize ?? 10, folderFor);
  if (!url.startsWith('pglite:'))
    throw new Error(`DATABASE_URL must be postgres://… or pglite:…, got ${url}`);
  const rest = url.slice('pglite:'.length).replace(/^\/\//, '');
  const dir = rest === 'memory' ? null : resolve(rest || join(opts.dataDir, 'pg'));
  return openPglite(dir, folderFor);
}

const pgliteShared = new Map<
  string,
  {
    refs: number;
    client: RemotePglite;
    group: GroupCommit;
    ready: Promise<void>;
    migrating: Promise<unknown>;
  }
>();

async function openPglite(dir: string | null, folderFor: (service: string) => string): Promise<Database> {
  const key = dir ?? `memory:${Math.random()}`;
  let entry = pgliteShared.get(key);
  if (!entry) {
    if (dir) mkdirSync(dirname(dir), { recursive: true });
    const client = new RemotePglite(dir);
    const group = new GroupCommit((items) => client.group(items));
    entry = { refs: 0, client, group, ready: client.waitReady, migrating: Promise.resolve() };
    pgliteShared.set(key, entry);
  }
  entry.refs++;
  try {
    await entry.ready;
  } catch (err) {
    pgliteShared.delete(key);
    await entry.client.close();
    throw err;
  }
  const shared = entry;
  const db = drizzlePglite(shared.client.asPglite()) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async migrate(service, opts = {}) {
      // One PGlite is one connection, but two migrate calls would still interleave their
      // read-then-apply steps: run them one after another.
      const run = shared.migrating.then(() =>
        migratePglite(db as never, {
          migrationsFolder: opts.folder ?? folderFor(service),
          migrationsSchema: opts.schema ?? service,
          migrationsTable: '__migrations',
        }),
      );
      shared.migrating = run.catch(() => {});
      await run;
    },
    grouped: (statement, key) => shared.group.submit(itemOf(statement), key),
    async ping() {
      await shared.client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      shared.refs--;
      if (shared.refs === 0) {
        pgliteShared.delete(key);
        await shared.client.close();
      }
    },
  };
}

async function openPostgres(
  url: string,
  max: number,
  folderFor: (service: string) => string,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A dropped connection (server restart) must not crash the process; the pool reconnects. The pool
  // only listens on idle clients: one checked out (a transaction between two statements) that loses
  // its server would emit an unhandled 'error'. Its next statement fails instead ("not queryable"),
  // the caller answers 503, and releasing it with that error drops it from the pool.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool) as unknown as Db;
  const group = new GroupCommit(async (items) => {
    const client = await pool.connect();
    let failed: unknown;
    try {
      return await commitGroup(async (work) => {
        await client.query('begin');
        const outcomes = await work((text, params) => client.query(text, params));
        await client.query(outcomes ? 'commit' : 'rollback');
        return outcomes;
      }, items);
    } catch (err) {
      failed = err;
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release(failed instanceof Error ? failed : undefined);
    }
  });
  return {
    kind: 'postgres',
    db,
    grouped: (statement, key) => group.submit(itemOf(statement), key),
    async migrate(service, opts = {}) {
      const client = await pool.connect();
      try {
        // Several replicas may start at once: one migrates, the others wait, then find nothing to do.
        await client.query('select pg_advisory_lock(hashtext($1))', [`afterglow:migrate:${service}`]);
        try {
          await migratePg(drizzlePg(client), {
            migrationsFolder: opts.folder ?? folderFor(service),
            migrationsSchema: opts.schema ?? service,
            migrationsTable: '__migrations',
          });
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [`afterglow:migrate:${service}`]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      // A client left on a connection that died mid-statement (a database restart) may never be
      // released: shutting down must not wait for it forever.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pool.end(),
        new Promise<void>((r) => {
          timer = setTimeout(r, POOL_END_TIMEOUT_MS);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

const POOL_END_TIMEOUT_MS = 5000;

/**
 * Where a service's generated migrations live: `<base>/<service>` (AFTERGLOW_MIGRATIONS_DIR: the built
 * server copies them beside itself), else `services/<service>/drizzle` in the source tree.
 */
export function migrationsFolderFor(service: string, base?: string): string {
  if (base) return join(base, service);
  return fileURLToPath(new URL(`../../../services/${service}/drizzle`, import.meta.url));
}

/** True for a unique-constraint violation (either driver). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export { sql };
export * from './outbox';
export { GroupCommit, commitGroup, type BatchItem, type BatchOutcome } from './batch';
export * from './lists';
