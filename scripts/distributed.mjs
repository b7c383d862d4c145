// Starts Afterglow as separate processes, one per service, from the built bundle: the distributed
// profile on one machine. Used by `npm run start:distributed` and by the integration tests.
import { spawn } from 'node:child_process';
import { clearTimeout } from 'node:timers';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'services/server/dist/afterglow.mjs');

/** Back-end services in start order; the gateway comes last and forwards to them. */
export const SERVICES = ['billing', 'events', 'photos', 'media', 'admin', 'notify', 'realtime'];

/**
 * How a supervisor restarts a service that died: after 1 s, doubling each time it dies again, up to
 * 30 s; once it has run for a minute it counts as recovered and the next restart is after 1 s again.
 */
export const RESTART = { firstMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };

/** The wait before restarting a service that has died `failures` times in a row before this one. */
export function restartDelay(failures, policy = RESTART) {
  return Math.min(policy.firstMs * 2 ** failures, policy.maxMs);
}

/**
 * @param {{ env: Record<string,string>, port: number, servicePorts: Record<string, number>,
 *           host?: string, output?: (name: string, line: string) => void,
 *           supervise?: boolean | Partial<typeof RESTART> }} o
 *   supervise: once every service was ready, one that dies is restarted alone (see RESTART), as a
 *   supervisor would; without it a service stays down until restart(name).
 */
export async function startDistributed(o) {
  const host = o.host ?? '127.0.0.1';
  const gatewayUrl = `http://${host}:${o.port}`;
  const common = {
    PATH: process.env.PATH ?? '',
    HOST: host,
    PUBLIC_URL: o.env.PUBLIC_URL ?? `http://localhost:${o.port}`,
    AFTERGLOW_SECRET: o.env.AFTERGLOW_SECRET ?? randomBytes(32).toString('base64url'),
    ...o.env,
  };
  const urls = Object.fromEntries(
    ['events', 'photos', 'admin', 'billing', 'notify', 'realtime'].map((s) => [
      `AFTERGLOW_${s.toUpperCase()}_URL`,
      `http://${host}:${o.servicePorts[s]}`,
    ]),
  );
  const children = new Map();
  let stopping = false;
  const policy = o.supervise ? { ...RESTART, ...(o.supervise === true ? {} : o.supervise) } : null;
  let supervising = false;
  const failures = new Map();
  const pending = new Set();
  const spawnOne = (name) => {
    const gateway = name === 'gateway';
    const child = spawn(process.execPath, [bundle, `--target=${name}`], {
      env: { ...common, ...(gateway ? urls : {}), PORT: String(gateway ? o.port : o.servicePorts[name]) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const startedAt = Date.now();
    // the last lines each service printed, for the error when it dies while starting
    const tail = [];
    const out = (d) =>
      String(d)
        .split('\n')
        .filter(Boolean)
        .forEach((l) => {
          tail.push(l);
          if (tail.length > 20) tail.shift();
          o.output?.(name, l);
        });
    child.tail = tail;
    // 'close' comes after 'exit', once the pipes are drained
    child.closed = new Promise((r) => child.on('close', r));
    child.stdout.on('data', out);
    child.stderr.on('data', out);
    child.exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
    children.set(name, child);
    child.exited.then(({ code, signal }) => {
      if (!policy || !supervising || stopping || children.get(name) !== child) return;
      const before = Date.now() - startedAt >= policy.resetAfterMs ? 0 : (failures.get(name) ?? 0);
      failures.set(name, before + 1);
      const delay = restartDelay(before, policy);
      o.output?.(
        name,
        `stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting in ${delay / 1000} s`,
      );
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopping) spawnOne(name);
      }, delay);
      pending.add(timer);
    });
    return child;
  };
  for (const s of SERVICES) spawnOne(s);
  spawnOne('gateway');

  const urlOf = (name) => (name === 'gateway' ? gatewayUrl : `http://${host}:${o.servicePorts[name]}`);
  const ready = async (url, name) => {
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const child = children.get(name);
      if (child && child.exitCode !== null) {
        await Promise.race([child.closed, new Promise((r) => setTimeout(r, 1000))]);
        throw new Error(
          `${name} exited while starting (code ${child.exitCode}); it printed:\n` + child.tail.join('\n'),
        );
      }
      try {
        if ((await fetch(`${url}/readyz`)).status === 200) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${name} did not become ready at ${url}`);
  };
  const stop = async (signal = 'SIGTERM') => {
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    for (const name of ['gateway', ...[...SERVICES].reverse()]) {
      const c = children.get(name);
      if (c && c.exitCode === null) c.kill(signal);
    }
    await Promise.all([...children.values()].map((c) => c.exited));
  };
  try {
    await Promise.all([...SERVICES, 'gateway'].map((s) => ready(urlOf(s), s)));
  } catch (err) {
    await stop('SIGKILL');
    throw err;
  }
  supervising = true;
  return {
    gatewayUrl,
    children,
    stop,
    /** Starts a service again by hand, after kill() in a fault test (when not supervised). */
    restart: async (name) => {
      spawnOne(name);
      await ready(urlOf(name), name);
    },
    /** Where a service answers (its /livez, /readyz). */
    urlOf,
  };
}
