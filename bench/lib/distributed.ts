import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain ES module shared with `npm run start:distributed`
import { SERVICES } from '../../scripts/distributed.mjs';
import { freePorts } from '../../services/server/test/support/free-port';
import { BUNDLE, countOriginals, cpuSecondsOf, waitReady } from './afterglow';
import { Session, upload } from './client';
import {
  closedLoop,
  createEvent,
  HOST_EMAILS,
  HOST_PASSWORD,
  joinMany,
  PRO_HOST_EMAIL,
  steadyRate,
  waitUntil,
  watch,
} from './phases';
import { round, summary } from './stats';
import { pidListeningOn } from './wall';

/**
 * The distributed profile in the bench (issue 26): every service its own process from the built bundle
 * (`--target=<service>`, as scripts/distributed.mjs starts them), on a fresh PostgreSQL database made
 * and dropped by the bench, NATS JetStream (a stream and subject prefix of its own) and Redis, with the
 * filesystem store shared under the data dir. A service may run as several replicas: the gateway takes
 * one URL per service (`AFTERGLOW_<SERVICE>_URL`), so replicas of a service it forwards to sit behind a
 * round-robin TCP balancer of the bench (one process, connections dealt in turn, as a Kubernetes Service
 * spreads them); replicas of the media worker need none (they share one durable consumer).
 */

const SERVICE_NAMES = SERVICES as string[];
/** Services the gateway forwards HTTP (or WebSockets) to, by URL. */
const ROUTED = new Set(['events', 'photos', 'admin', 'billing', 'notify', 'realtime']);

/** A TCP balancer: each connection to `port` goes to the next backend port in turn, bytes piped both ways. */
const BALANCER = `
const net = require('node:net');
const [port, ...backs] = process.argv.slice(1).map(Number);
let next = 0;
net.createServer({ noDelay: true }, (c) => {
  const b = net.connect({ port: backs[next++ % backs.length], host: '127.0.0.1', noDelay: true });
  c.pipe(b).pipe(c);
  const end = () => { c.destroy(); b.destroy(); };
  for (const s of [c, b]) { s.on('error', end); s.on('close', end); }
}).listen(port, '127.0.0.1', () => process.stdout.write('ready\\n'));
process.on('SIGTERM', () => process.exit(0));
`;

export interface DistributedOptions {
  /** replicas per service (default photos: 2, every other service 1) */
  replicas?: Record<string, number>;
  natsUrl?: string;
  redisUrl?: string;
  /** more environment for every process */
  env?: Record<string, string>;
}

interface Proc {
  /** the service, or `<service>-balancer` */
  role: string;
  child: ChildProcess;
  tail: string[];
}

/** CPU seconds of each process so far, by `<role> <pid>`. */
export type CpuSnapshot = Record<string, number>;

/**
 * CPU seconds by role between two snapshots: each process's own difference (one that started meanwhile
 * counts whole; one that ended meanwhile, such as a PostgreSQL backend whose connection a pool closed,
 * is lost), summed over the role's processes; per `calls` in milliseconds when given.
 */
export function cpuByRole(before: CpuSnapshot, after: CpuSnapshot, calls?: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, v] of Object.entries(after)) {
    const role = key.slice(0, key.lastIndexOf(' '));
    out[role] = (out[role] ?? 0) + v - (before[key] ?? 0);
  }
  for (const k of Object.keys(out))
    out[k] = calls === undefined ? round(out[k]!, 2)! : round((out[k]! * 1000) / Math.max(1, calls), 2)!;
  return out;
}

export class DistributedAfterglow {
  base = '';
  readonly dataDir: string;
  private procs: Proc[] = [];
  private env: Record<string, string> = {};
  private gatewayPort = 0;
  private dbName = '';
  private dbUrl = '';
  private stream = '';

  private constructor(
    work: string,
    private readonly pgAdminUrl: string,
    private readonly opts: DistributedOptions,
  ) {
    this.dataDir = join(work, 'data');
  }

  /** Makes the database and names the stream; `start()` starts the processes. */
  static async create(work: string, pgAdminUrl: string, opts: DistributedOptions = {}) {
    const t = new DistributedAfterglow(work, pgAdminUrl, opts);
    await mkdir(t.dataDir, { recursive: true });
    const id = randomBytes(5).toString('hex');
    t.dbName = `afterglow_bench_${id}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${t.dbName}`);
    } finally {
      await admin.end();
    }
    const url = new URL(pgAdminUrl);
    url.pathname = `/${t.dbName}`;
    t.dbUrl = url.href;
    t.stream = `AGBENCH_${id.toUpperCase()}`;
    t.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      DATABASE_URL: t.dbUrl,
      NATS_URL: opts.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_STREAM: t.stream,
      NATS_SUBJECT_PREFIX: `agbench${id}`,
      REDIS_URL: opts.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      AFTERGLOW_DATA_DIR: t.dataDir,
      AFTERGLOW_SECRET: `bench-secret-${id}-0123456789abcdefghijklmnop`,
      // the load comes from one address: the per-IP abuse limits would measure themselves
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.MEDIA_CONCURRENCY ? { MEDIA_CONCURRENCY: process.env.MEDIA_CONCURRENCY } : {}),
      ...opts.env,
    };
    return t;
  }

  /** The PostgreSQL database the services use. */
  get databaseUrl(): string {
    return this.dbUrl;
  }

  replicas(service: string): number {
    return Math.max(1, this.opts.replicas?.[service] ?? (service === 'photos' ? 2 : 1));
  }

  private spawnProc(role: string, args: string[], env: Record<string, string>): Proc {
    const nodeArgs = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
    const balancer = role.endsWith('-balancer');
    const child = spawn(process.execPath, balancer ? args : [...nodeArgs, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { role, child, tail: [] };
    const keep = (d: Buffer) => {
      for (const line of String(d).split('\n').filter(Boolean)) {
        p.tail.push(line);
        if (p.tail.length > 20) p.tail.shift();
        if (!balancer) process.stderr.write(`[${role}] ${line}\n`);
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.procs.push(p);
    return p;
  }

  /** Starts every process (the services, their replicas, the balancers, then the gateway) and waits until each is ready. */
  async start(): Promise<void> {
    const plan: { service: string; port: number }[] = [];
    const count = SERVICE_NAMES.reduce((s, name) => s + this.replicas(name), 0);
    const balanced = SERVICE_NAMES.filter((s) => ROUTED.has(s) && this.replicas(s) > 1);
    const ports = await freePorts(count + balanced.length + 1);
    if (!this.gatewayPort) this.gatewayPort = ports.pop()!;
    this.base = `http://127.0.0.1:${this.gatewayPort}`;
    const urls: Record<string, string> = {};
    for (const s of SERVICE_NAMES) {
      const mine = Array.from({ length: this.replicas(s) }, () => ports.pop()!);
      for (const port of mine) plan.push({ service: s, port });
      if (!ROUTED.has(s)) continue;
      if (mine.length > 1) {
        const port = ports.pop()!;
        const b = this.spawnProc(`${s}-balancer`, ['-e', BALANCER, String(port), ...mine.map(String)], {
          PATH: this.env.PATH!,
        });
        await new Promise<void>((ok, fail) => {
          b.child.stdout!.once('data', () => ok());
          b.child.once('exit', (code) =>
            fail(new Error(`${s} balancer exited (${code}): ${b.tail.join('\n')}`)),
          );
        });
        urls[`AFTERGLOW_${s.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
      } else urls[`AFTERGLOW_${s.toUpperCase()}_URL`] = `http://127.0.0.1:${mine[0]}`;
    }
    const common = { ...this.env, PUBLIC_URL: this.base };
    for (const { service, port } of plan)
      this.spawnProc(service, [BUNDLE, `--target=${service}`], { ...common, PORT: String(port) });
    this.spawnProc('gateway', [BUNDLE, '--target=gateway'], {
      ...common,
      ...urls,
      PORT: String(this.gatewayPort),
    });
    try {
      await Promise.all([
        ...plan.map(({ service, port }) => this.ready(service, `http://127.0.0.1:${port}`)),
        this.ready('gateway', this.base),
      ]);
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  private async ready(role: string, url: string): Promise<void> {
    const exited = new Promise<never>((_, fail) => {
      for (const p of this.procs.filter((q) => q.role === role))
        p.child.once('exit', (code) =>
          fail(new Error(`${role} exited while starting (${code}); it printed:\n${p.tail.join('\n')}`)),
        );
    });
    exited.catch(() => {});
    await Promise.race([waitReady(url, 180_000), exited]);
  }

  /** Stops every process (the gateway first). The database and stream stay until `dropDatabase()`. */
  async stop(): Promise<void> {
    const order = [...this.procs].sort((a, b) => Number(b.role === 'gateway') - Number(a.role === 'gateway'));
    for (const p of order) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      const gone = new Promise((r) => p.child.once('exit', r));
      p.child.kill('SIGTERM');
      const t = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(t);
    }
    this.procs = [];
  }

  /** Drops the database and deletes the stream (after `stop()`). */
  async dropDatabase(): Promise<void> {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: this.pgAdminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${this.dbName} with (force)`);
    } finally {
      await admin.end();
    }
    const { connect } = await import('@nats-io/transport-node');
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const nc = await connect({ servers: this.env.NATS_URL! });
    try {
      const jsm = await jetstreamManager(nc);
      for await (const s of jsm.streams.list())
        if (s.config.name.startsWith(this.stream)) await jsm.streams.delete(s.config.name).catch(() => {});
    } finally {
      await nc.close();
    }
  }

  /** The processes of this deployment: role and pid. */
  pids(): { role: string; pid: number }[] {
    return this.procs.filter((p) => p.child.pid).map((p) => ({ role: p.role, pid: p.child.pid! }));
  }

  /** CPU time every process of Afterglow (and its balancers) used so far; with `mainThreadOnly`, their main threads. */
  async cpuSeconds(mainThreadOnly = false): Promise<number> {
    const each = await Promise.all(this.pids().map((p) => cpuSecondsOf(p.pid, mainThreadOnly)));
    return each.reduce((s, v) => s + v, 0);
  }

  /**
   * CPU seconds so far of every process by role and pid (`<role> <pid>`): each service's replicas, the
   * balancers, and the infrastructure on this machine: `postgres` (the backends serving this
   * database), `nats` and `redis` (their whole server processes, which others on the machine may
   * share). `cpuByRole(before, after)` makes the difference per role.
   */
  async cpuSnapshot(): Promise<CpuSnapshot> {
    const out: CpuSnapshot = {};
    const add = async (role: string, pid: number) => (out[`${role} ${pid}`] = await cpuSecondsOf(pid));
    for (const p of this.pids()) await add(p.role, p.pid);
    for (const pid of await this.backendPids()) await add('postgres', pid);
    for (const [role, url, port] of [
      ['nats', this.env.NATS_URL!, 4222],
      ['redis', this.env.REDIS_URL!, 6379],
    ] as const) {
      const u = new URL(url);
      if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') continue;
      const pid = await pidListeningOn(Number(u.port || port));
      if (pid) await add(role, pid);
    }
    return out;
  }

  /** PostgreSQL's server processes for this database (when PostgreSQL runs on this machine). */
  private async backendPids(): Promise<number[]> {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      const r = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const pids = r.rows.map((row) => row.pid);
      // only those this process can read: PostgreSQL on this machine
      const mine = await Promise.all(
        pids.map((pid) =>
          readFile(`/proc/${pid}/stat`).then(
            () => pid,
            () => null,
          ),
        ),
      );
      return mine.filter((p): p is number => p !== null);
    } finally {
      await c.end();
    }
  }

  /** The operator command, run while the services run (PostgreSQL, unlike PGlite files, is shared). */
  async setPlan(email: string, plan: string): Promise<void> {
    // billing learns a new account from the gateway's `user.upserted.v2`, a moment after the sign-up
    for (let attempt = 1; ; attempt++) {
      try {
        await promisify(execFile)(process.execPath, [BUNDLE, 'plan', email, plan], { env: this.env });
        break;
      } catch (err) {
        if (attempt >= 40) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    // events keeps billing's answer for an account up to 30 s; the notice billing sends when a payment
    // changes a plan makes every asker drop it (the operator command, outside the services, sends none)
    await this.notice('billing.entitlements.changed', { accountId: await this.userIdOf(email) });
  }

  private async userIdOf(email: string): Promise<string | null> {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      const r = await c.query<{ id: string }>(
        'select id from identity.users where lower(email) = lower($1)',
        [email],
      );
      return r.rows[0]?.id ?? null;
    } finally {
      await c.end();
    }
  }

  /** A core NATS message to every service of this deployment, on its subject prefix. */
  private async notice(subject: string, data: unknown): Promise<void> {
    const { connect } = await import('@nats-io/transport-node');
    const nc = await connect({ servers: this.env.NATS_URL! });
    try {
      nc.publish(`${this.env.NATS_SUBJECT_PREFIX}.${subject}`, JSON.stringify(data));
      await nc.flush();
    } finally {
      await nc.close();
    }
  }

  /** Rows in photos.photos for these events (the services may keep running). */
  async countRows(eventIds: string[]): Promise<number> {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      const r = await c.query<{ n: number }>(
        'select count(*)::int as n from photos.photos where event_id = any($1::uuid[])',
        [eventIds],
      );
      return r.rows[0]!.n;
    } finally {
      await c.end();
    }
  }

  /** Distinct original objects stored for these events (the shared filesystem store). */
  countObjects(eventIds: string[]): Promise<number> {
    return countOriginals(this.dataDir, eventIds);
  }
}

/**
 * A distributed Afterglow on a fresh database of the PostgreSQL at `pgAdminUrl` (made here, dropped by
 * `dropDatabase()`), started, with the bench's hosts signed up (the Max hosts of `HOST_EMAILS` and the
 * Event Pro host) and on their plans.
 */
export async function startDistributedTarget(
  work: string,
  pgAdminUrl: string,
  opts: DistributedOptions = {},
): Promise<DistributedAfterglow> {
  const target = await DistributedAfterglow.create(work, pgAdminUrl, opts);
  await target.start();
  try {
    for (const [email, plan] of [...HOST_EMAILS.map((e) => [e, 'max']), [PRO_HOST_EMAIL, 'pro']] as const) {
      await new Session(target.base).login(email, HOST_PASSWORD, 'create');
      await target.setPlan(email, plan);
    }
  } catch (err) {
    await target.stop();
    await target.dropDatabase();
    throw err;
  }
  return target;
}

export interface DistributedSize {
  /** guests uploading flat out in the closed loop, over two events (the embedded phase: 200) */
  capGuests: number;
  capSeconds: number;
  /** uploads developed, timed to the host's `photo_uploaded` */
  develop: number;
}

/**
 * The embedded phases' measures on the distributed target: ingest capacity (closed loop, `capGuests`
 * guests over two Max events for `capSeconds`; stored = acknowledged, counted in PostgreSQL and the
 * store) with the CPU per upload of each role, and developing (`develop` uploads as fast as a guest
 * per 34 photos sends them, to an Event Pro event with the classic film look, each timed from its
 * acknowledgement to the host's `photo_uploaded`; drain and renditions/s over the steady middle) with
 * the CPU per photo of each role. It uses the target's first two Max hosts and its Pro host, whose plans
 * hold one event each: once per target.
 */
export async function measureDistributed(
  target: DistributedAfterglow,
  images: Buffer[],
  size: DistributedSize,
) {
  const hosts: Session[] = [];
  for (const email of HOST_EMAILS.slice(0, 2)) {
    const s = new Session(target.base);
    await s.login(email, HOST_PASSWORD, 'signin');
    hosts.push(s);
  }
  const pro = new Session(target.base);
  await pro.login(PRO_HOST_EMAIL, HOST_PASSWORD, 'signin');

  // ingest capacity
  const evs = [await createEvent(hosts[0]!, 'Capacity A'), await createEvent(hosts[1]!, 'Capacity B')];
  const guests = await joinMany(
    target.base,
    evs.map((e) => e.code),
    size.capGuests,
    'Guest',
  );
  const cpu0 = await target.cpuSnapshot();
  const main0 = await target.cpuSeconds(true);
  const run = await closedLoop(target.base, guests, images, size.capSeconds);
  const cpu1 = await target.cpuSnapshot();
  const main1 = await target.cpuSeconds(true);
  const ids = evs.map((e) => e.id);
  // the acknowledgement comes after the row's commit and the object's write: nothing to wait for
  const rows = await target.countRows(ids);
  const objects = await target.countObjects(ids);
  const { photoIds: _ids, ...fig } = run;
  const byRole = cpuByRole(cpu0, cpu1, run.acknowledged);
  const afterglowRoles = Object.keys(byRole).filter((k) => !['postgres', 'nats', 'redis'].includes(k));
  const ingest = {
    ...fig,
    rows,
    objects,
    stored: Math.min(rows, objects),
    allAcknowledgedStored: rows === run.acknowledged && objects === run.acknowledged,
    storedPerSecond: round(Math.min(rows, objects) / run.seconds),
    photosReplicas: target.replicas('photos'),
    cpuMsPerUpload: byRole,
    afterglowCpuMsPerUpload: round(
      afterglowRoles.reduce((s, k) => s + (byRole[k] ?? 0), 0),
      2,
    ),
    mainThreadsCpuMsPerUpload: round(((main1 - main0) * 1000) / Math.max(1, run.acknowledged), 2),
  };

  const developing = await developOn(target, pro, images, size.develop);
  return { ingest, developing };
}

/** `count` uploads to a new Event Pro event with the classic film look, developed and timed. */
async function developOn(target: DistributedAfterglow, host: Session, images: Buffer[], count: number) {
  // the capacity run's photos (on Max: each also judged by the AI filter) develop first
  const settle = async () => {
    let last = -1;
    for (;;) {
      const c = cpuByRole({}, await target.cpuSnapshot());
      const media = c.media ?? 0;
      if (last >= 0 && media - last < 0.2) return;
      last = media;
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  await settle();
  const ev = await createEvent(host, 'Developing', { filmMode: true, filmPreset: 'classic' });
  const developedAt = new Map<string, number>();
  const hostWs = await watch(target.base, ev.id, host.cookie(), (m, at) => {
    if (m.type === 'photo_uploaded' && !m.developing && !developedAt.has(m.photoId))
      developedAt.set(m.photoId, at);
  });
  // each guest within a roll of 36 (a fast guest took a 37th shot: 403, no shots remaining)
  const perGuest = 34;
  const guests = await joinMany(target.base, [ev.code], Math.ceil(count / perGuest), 'Guest');
  const acks = new Map<string, number>();
  let issued = 0;
  let failed = 0;
  const failedByStatus: Record<string, number> = {};
  const cpu0 = await target.cpuSnapshot();
  const t0 = performance.now();
  await Promise.all(
    guests.map(async (g, gi) => {
      for (let k = 0; issued < count && k < perGuest; k++) {
        issued++;
        const r = await upload(target.base, '', g, images[(gi + k) % images.length]!);
        if (r.photoId) acks.set(r.photoId, r.ackAt);
        else {
          failed++;
          failedByStatus[r.status] = (failedByStatus[r.status] ?? 0) + 1;
        }
      }
    }),
  );
  const uploadedIn = performance.now() - t0;
  const all = await waitUntil(() => [...acks.keys()].every((id) => developedAt.has(id)), 30 * 60_000, 100);
  const cpu1 = await target.cpuSnapshot();
  hostWs.close();
  const done = [...acks].filter(([id]) => developedAt.has(id));
  const completions = done.map(([id]) => developedAt.get(id)! - t0);
  return {
    photos: acks.size,
    uploadFailures: failed,
    uploadFailuresByStatus: failedByStatus,
    allDeveloped: all,
    uploadPhaseSeconds: round(uploadedIn / 1000, 2),
    ackToRenditionsMs: summary(done.map(([id, at]) => developedAt.get(id)! - at)),
    drainSeconds: completions.length ? round(Math.max(...completions) / 1000, 2) : null,
    renditionsPerSecond: steadyRate(completions),
    mediaReplicas: target.replicas('media'),
    // upload and developing together, per photo
    cpuMsPerPhoto: cpuByRole(cpu0, cpu1, acks.size),
  };
}
