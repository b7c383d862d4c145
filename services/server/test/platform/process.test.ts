import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, openSocket, waitFor } from '../support/harness';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const bundle = join(root, 'services/server/dist/afterglow.mjs');

function run(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [bundle, ...args], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** The built server, as `npm start` runs it: a real process, signals and all. */
describe('the afterglow process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-proc-'));
  beforeAll(() => {});
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /readyz, then stops its modules in reverse order on SIGTERM', async () => {
    const port = await freePort();
    const p = run(['--target=all'], { PORT: String(port), AFTERGLOW_DATA_DIR: dataDir });
    const ready = await waitFor(
      async () => {
        const r = await fetch(`http://127.0.0.1:${port}/readyz`);
        return r.status === 200 ? r.json() : null;
      },
      60_000,
      250,
    );
    expect(ready).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok', storage: 'ok' } });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/events/by-code/ABCDEF`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/afterglow_http_server_duration/);
    expect(text).toContain('route="/api/events/by-code/:code"');
    const socket = await openSocket(`http://127.0.0.1:${port}`);
    const live = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(live).toMatch(/afterglow_realtime_connections\{[^}]*\} 1\b|afterglow_realtime_connections 1\b/);
    expect(live).toMatch(/afterglow_realtime_upgrades_total\{[^}]*result="accepted"[^}]*\} 1\b/);
    socket.ws.close();
    expect(p.output()).toContain(`Afterglow is running at http://localhost:${port}`);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const lines = p.output();
    const started = [...lines.matchAll(/"module":"(\w+)".*"msg":"module started"/g)].map((m) => m[1]);
    expect(started).toEqual([
      'billing',
      'events',
      'photos',
      'media',
      'realtime',
      'admin',
      'notify',
      'gateway',
    ]);
    const stopped = [...lines.matchAll(/"module":"(\w+)".*"msg":"module stopped"/g)].map((m) => m[1]);
    expect(stopped).toEqual([...started].reverse());
    expect(lines).toContain('"msg":"stopped"');
  });

  it('runs a subset of services with --target', async () => {
    const port = await freePort();
    const refused = run(['--target=billing,events'], { PORT: String(port), AFTERGLOW_DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('needs DATABASE_URL=postgres://');
    const p = run(['--target=billing,events'], {
      PORT: String(port),
      AFTERGLOW_DATA_DIR: dataDir,
      DATABASE_URL: 'pglite:memory',
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 60_000, 250);
    // the events service answers on its own (no gateway: anonymous callers only)
    const r = await fetch(`http://127.0.0.1:${port}/api/events/by-code/ABCDEF`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`)).status).toBe(404);
    // it says where it listens and what it runs, not the public URL it does not serve
    const said = `"msg":"Afterglow billing,events is listening at http://127.0.0.1:${port}"`;
    await waitFor(async () => p.output().includes(said), 5000);
    expect(p.output()).not.toContain('Afterglow is running at');
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('runs the back office alone with --target=admin, for admins only', async () => {
    const port = await freePort();
    const p = run(['--target=admin'], {
      PORT: String(port),
      AFTERGLOW_DATA_DIR: dataDir,
      DATABASE_URL: 'pglite:memory',
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 60_000, 250);
    // no gateway in front: nobody is signed in, so the routes answer 401, as problem+json
    for (const [method, path] of [
      ['POST', `/api/admin/users/${randomUUID()}/unsuspend`],
      ['DELETE', `/api/admin/events/${randomUUID()}`],
    ] as const) {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      expect(r.status, path).toBe(401);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
    }
    // and nothing of the other services
    expect((await fetch(`http://127.0.0.1:${port}/api/events/by-code/ABCDEF`)).status).toBe(404);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/"module":"admin".*"msg":"module started"/);
  });

  it('refuses bad configuration and unknown targets with a clear message', async () => {
    const bad = run([], { PORT: 'not-a-port', AFTERGLOW_DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
    const unknown = run(['--target=events,nonsense'], { PORT: '0', AFTERGLOW_DATA_DIR: dataDir });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('Unknown target');
  });
});
