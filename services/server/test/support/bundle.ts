import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server (Vitest's global setup and Playwright's web server build it), as `npm start` runs
 * it after building. No test helpers imported here: the browser tests use it too.
 */
export const BUNDLE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../..',
  'services/server/dist/afterglow.mjs',
);

export interface BundleProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, as Ctrl-C or a supervisor stops it; resolves once it has exited */
  stop(): Promise<void>;
}

/** The built server in embedded mode on `port` and `dataDir`, nothing else set; resolves once ready. */
export async function startBundle(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BUNDLE], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      AFTERGLOW_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const p: BundleProcess = {
    child,
    base,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  for (const until = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not get ready:\n${out}`);
    }
  }
  return p;
}

/** An operator command (`afterglow plan …`) on a data dir no server runs on; answers its output. */
export function operator(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [BUNDLE, ...args], {
    env: { PATH: process.env.PATH ?? '', AFTERGLOW_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}
