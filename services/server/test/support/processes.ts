import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error: a plain ES module shared with `npm run start:distributed`
import { SERVICES, startDistributed } from '../../../../scripts/distributed.mjs';
import { freePorts } from './free-port';
import { provisionInfra, type Infra } from './infra';

export type Processes = Awaited<ReturnType<typeof startDistributed>>;

/**
 * The distributed profile (scripts/distributed.mjs: each service its own process from the built
 * bundle) on free loopback ports. `env` may depend on the gateway's port (e.g. PUBLIC_URL).
 */
export async function startProcesses(o: {
  env: Record<string, string> | ((port: number) => Record<string, string>);
  output?: (name: string, line: string) => void;
  supervise?: boolean;
}): Promise<Processes> {
  const [port = 0, ...ports] = await freePorts((SERVICES as string[]).length + 1);
  const servicePorts: Record<string, number> = {};
  (SERVICES as string[]).forEach((s, i) => (servicePorts[s] = ports[i]!));
  return startDistributed({
    env: typeof o.env === 'function' ? o.env(port) : o.env,
    port,
    servicePorts,
    ...(o.output ? { output: o.output } : {}),
    ...(o.supervise ? { supervise: true } : {}),
  });
}

/**
 * For a suite: a private slice of PostgreSQL, NATS, Redis and S3, the processes on it (a data dir of
 * their own, warnings only, every line kept in `logs`) before the tests, all of it removed after.
 * The fields are set once the suite's first beforeAll has run.
 */
export function processesForSuite(o: {
  env?: (port: number) => Record<string, string>;
  supervise?: boolean;
}): { infra: Infra; running: Processes; logs: string[] } {
  const suite = { logs: [] as string[] } as { infra: Infra; running: Processes; logs: string[] };
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'afterglow-processes-'));
    suite.infra = await provisionInfra();
    suite.running = await startProcesses({
      env: (port) => ({
        ...suite.infra.env,
        AFTERGLOW_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...o.env?.(port),
      }),
      output: (name, line) => suite.logs.push(`${name} | ${line}`),
      ...(o.supervise ? { supervise: true } : {}),
    });
  }, 180_000);
  afterAll(async () => {
    if (process.env.DEBUG_DISTRIBUTED) console.log(suite.logs.join('\n'));
    await suite.running?.stop();
    await suite.infra?.teardown();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}

export { SERVICES };
