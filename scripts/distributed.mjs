// Starts Afterglow as separate processes, one per service, from the built bundle: the distributed
// profile on one machine. Used by `npm run start:distributed` and by the integration tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'services/server/dist/afterglow.mjs');

/** Back-end services in start order; the gateway comes last and forwards to them. */
export const SERVICES = ['billing', 'events', 'photos', 'media', 'admin', 'realtime'];

/**
 * @param {{ env: Record<string,string>, port: number, servicePorts: Record<string, number>,
 *           host?: string, output?: (name: string, line: string) => void }} o
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
    ['events', 'photos', 'realtime', 'billing', 'admin'].map((s) => [
      `AFTERGLOW_${s.toUpperCase()}_URL`,
      `http://${host}:${o.servicePorts[s]}`,
    ]),
  );
  const children = new Map();
  let stopping = false;
  const spawnOne = (name, port, extra = {}) => {
    const child = spawn(process.execPath, [bundle, `--target=${name}`], {
      env: { ...common, ...extra, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    return child;
  };
  for (const s of SERVICES) spawnOne(s, o.servicePorts[s]);
  spawnOne('gateway', o.port, urls);

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
    for (const name of ['gateway', ...[...SERVICES].reverse()]) {
      const c = children.get(name);
      if (c && c.exitCode === null) c.kill(signal);
    }
    await Promise.all([...children.values()].map((c) => c.exited));
  };
  try {
    await Promise.all([
      ...SERVICES.map((s) => ready(`http://${host}:${o.servicePorts[s]}`, s)),
      ready(gatewayUrl, 'gateway'),
    ]);
  } catch (err) {
    await stop('SIGKILL');
    throw err;
  }
  return {
    gatewayUrl,
    children,
    stop,
    get stopping() {
      return stopping;
    },
    /** Starts a service again (after a crash, or after kill() in a fault test). */
    restart: async (name) => {
      spawnOne(name, name === 'gateway' ? o.port : o.servicePorts[name], name === 'gateway' ? urls : {});
      await ready(name === 'gateway' ? gatewayUrl : `http://${host}:${o.servicePorts[name]}`, name);
    },
  };
}
