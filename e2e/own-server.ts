import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { EMBEDDED } from '../playwright.config';
import { freePort } from '../services/server/test/support/free-port';

/** The environment a person's shell has: none of the variables CI sets for the integration tests. */
function personEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(EMBEDDED)) delete env[k];
  return env;
}

export interface Started {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  /** Ctrl-C; the data dir goes too unless `keepData` */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

/**
 * `npm start` in the repository, as a person runs it (a port and a data dir of its own, nothing
 * else); answers once /readyz says ready. Given `dataDir`, it starts on that data again.
 */
export async function npmStart(
  extra: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'afterglow-e2e-')),
): Promise<Started> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    env: { ...personEnv(), PORT: String(port), AFTERGLOW_DATA_DIR: dataDir, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const scheme = extra.AFTERGLOW_HTTPS === 'self-signed' ? 'https' : 'http';
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const until = Date.now() + 120_000;
  for (;;) {
    const ok = await api
      .get(`${scheme}://127.0.0.1:${port}/readyz`, { timeout: 2000 })
      .then((r) => r.status() === 200)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`npm start did not get ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  await api.dispose();
  return {
    child,
    port,
    dataDir,
    output: () => out,
    async stop(opts = {}) {
      // npm runs the server as its child: end the whole group, as Ctrl-C in a terminal does
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
