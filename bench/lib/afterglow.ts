import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { freePort } from '../../services/server/test/support/free-port';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sleep } from './stats';

export const ROOT = join(import.meta.dirname, '../..');
export const BUNDLE = join(ROOT, 'services/server/dist/afterglow.mjs');

/** CPU time (user + system, all threads) a process has used, from /proc (clock ticks of 10 ms). */
export async function cpuSecondsOf(pid: number | undefined, mainThreadOnly = false): Promise<number> {
  const path = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const stat = await readFile(path, 'utf8').catch(() => '');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Original photos stored for these events in a filesystem store under `dataDir` (`objects/`). */
export async function countOriginals(dataDir: string, eventIds: string[]): Promise<number> {
  let n = 0;
  for (const id of eventIds) {
    const dir = join(dataDir, 'objects/events', id, 'originals');
    n += (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.jpg')).length;
  }
  return n;
}

export async function waitReady(base: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${base} not ready after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The embedded profile exactly as `npm start` runs it: one process, PGlite files, fs storage, in-memory bus. */
export class EmbeddedAfterglow {
  private child: ChildProcess | null = null;
  base = '';
  private port = 0;
  constructor(
    readonly dataDir: string,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  /**
   * The same single process on a fresh PostgreSQL database instead of PGlite: everything else stays
   * embedded (fs storage, in-memory bus), so the difference is the database alone.
   */
  static async onPostgres(dataDir: string, adminUrl: string) {
    const { default: pg } = await import('pg');
    const name = `afterglow_bench_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const target = new EmbeddedAfterglow(dataDir, { DATABASE_URL: url.href });
    target.dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    return target;
  }

  /** Removes the PostgreSQL database made for this run, if any. */
  dropDatabase: () => Promise<void> = async () => {};

  env(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      PUBLIC_URL: this.base,
      AFTERGLOW_DATA_DIR: this.dataDir,
      // The load comes from one address: the per-IP abuse limits would measure themselves.
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.MEDIA_CONCURRENCY ? { MEDIA_CONCURRENCY: process.env.MEDIA_CONCURRENCY } : {}),
      ...this.extraEnv,
    };
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    // BENCH_NODE_OPTIONS, e.g. `--cpu-prof --cpu-prof-dir=bench/profiles`, profiles the server.
    const nodeArgs = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, BUNDLE, '--target=all'], {
      env: this.env(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[afterglow] ${d}`));
    this.child = child;
    await waitReady(this.base);
  }

  /** CPU time (user + system, every thread) the server process has used so far, from /proc. */
  cpuSeconds(mainThreadOnly = false): Promise<number> {
    return cpuSecondsOf(this.child?.pid, mainThreadOnly);
  }

  /** Stops without waiting for the developing backlog: each measurement starts from an idle server. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(t);
    this.child = null;
  }

  /** The operator command, run while the server is stopped (PGlite files belong to one process). */
  async setPlan(email: string, plan: string): Promise<void> {
    await this.stop();
    await promisify(execFile)(process.execPath, [BUNDLE, 'plan', email, plan], { env: this.env() });
    await this.start();
  }

  /** Rows in photos.photos for these events, read behind the server's back; leaves the server stopped. */
  async countRows(eventIds: string[]): Promise<number> {
    await this.stop();
    const url = this.extraEnv.DATABASE_URL;
    if (url?.startsWith('postgres')) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const r = await client.query<{ n: number }>(
          'select count(*)::int as n from photos.photos where event_id = any($1::uuid[])',
          [eventIds],
        );
        return r.rows[0]!.n;
      } finally {
        await client.end();
      }
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite(join(this.dataDir, 'pg'));
    try {
      const r = await pg.query<{ n: number }>(
        `select count(*)::int as n from photos.photos where event_id = any($1::uuid[])`,
        [eventIds],
      );
      return r.rows[0]!.n;
    } finally {
      await pg.close();
    }
  }

  /** Distinct original objects stored for these events. */
  countObjects(eventIds: string[]): Promise<number> {
    return countOriginals(this.dataDir, eventIds);
  }
}

export type Target = EmbeddedAfterglow;
