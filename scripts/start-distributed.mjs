// `npm run start:distributed`: every service in its own process on this machine, against the
// PostgreSQL, NATS, Redis and S3 named in the environment. The gateway listens on PORT (3000),
// the services on PORT+11 … PORT+16. A service that dies is restarted on its own, as a supervisor
// (Kubernetes, systemd) would: after 1 s, doubling to 30 s while it keeps dying.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, startDistributed } from './distributed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const need = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'];
const missing = need.filter((v) => !process.env[v]);
if (missing.length) {
  console.error(`start:distributed needs ${missing.join(', ')} (see README: "The distributed profile").`);
  process.exit(1);
}
if (!process.env.S3_BUCKET)
  console.warn(
    'S3_BUCKET is not set: all services share the filesystem store under AFTERGLOW_DATA_DIR (one machine only).',
  );

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });

const port = Number(process.env.PORT ?? 3000);
const servicePorts = Object.fromEntries(SERVICES.map((s, i) => [s, port + 11 + i]));
const width = Math.max(...[...SERVICES, 'gateway'].map((s) => s.length));
const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined));
delete env.PORT;
const running = await startDistributed({
  env: { HOST: process.env.HOST ?? '127.0.0.1', ...env },
  host: process.env.HOST ?? '127.0.0.1',
  port,
  servicePorts,
  output: (name, line) => console.log(`${name.padEnd(width)} | ${line}`),
  supervise: true,
});
console.log(`Afterglow (distributed) is running at ${process.env.PUBLIC_URL ?? `http://localhost:${port}`}`);
let signals = 0;
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    if (++signals > 1) process.exit(1);
    running.stop().then(() => process.exit(0));
  });
