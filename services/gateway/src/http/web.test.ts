import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRouter } from './web';

const SCRIPT = Buffer.from(`console.log(${JSON.stringify('afterglow '.repeat(400))});\n`);
const ENTRY = Buffer.from(`var guest = {};\n${'/* entry */\n'.repeat(200)}`);
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: no decoding, exactly the headers given. */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app: precompressed files', () => {
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'afterglow-web-'));
    const shell = join(dir, 'shell', 'dist');
    const guest = join(dir, 'guest', 'dist');
    mkdirSync(join(shell, 'i18n'), { recursive: true });
    mkdirSync(guest, { recursive: true });
    writeFileSync(join(dir, 'secret.js'), SCRIPT);
    writeFileSync(join(shell, 'index.html'), '<!doctype html><title>Afterglow</title>');
    // a hashed script with its copies, as frontends/precompress.mjs writes them
    writeFileSync(join(shell, 'main.0123abcd.js'), SCRIPT);
    writeFileSync(join(shell, 'main.0123abcd.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(shell, 'main.0123abcd.js.gz'), gzipSync(SCRIPT));
    // a hashed catalogue with its Brotli copy only
    const catalogue = Buffer.from(JSON.stringify({ a: 'b'.repeat(2000) }));
    writeFileSync(join(shell, 'i18n', 'shell.de.0123abcd.json'), catalogue);
    writeFileSync(join(shell, 'i18n', 'shell.de.0123abcd.json.br'), brotliCompressSync(catalogue));
    // a remote's entry (not hashed) with its copies, and a hashed chunk without any
    writeFileSync(join(guest, 'remoteEntry.js'), ENTRY);
    writeFileSync(join(guest, 'remoteEntry.js.br'), brotliCompressSync(ENTRY));
    writeFileSync(join(guest, 'remoteEntry.js.gz'), gzipSync(ENTRY));
    writeFileSync(join(guest, '42.89abcdef.js'), SCRIPT);
    // a copy whose file is gone is not sent
    writeFileSync(join(guest, 'gone.89abcdef.js.br'), brotliCompressSync(SCRIPT));
    // the remote's pages and manifest, as its build writes them
    writeFileSync(
      join(guest, 'pages.json'),
      JSON.stringify({
        JoinByCode: { path: '/join' },
        Join: { path: '/join/:code', data: ['/api/events/by-code/:code([A-Z0-9]{6})'] },
      }),
    );
    writeFileSync(
      join(guest, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { publicPath: '/remotes/guest/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            path: './Join',
            assets: { js: { sync: ['42.89abcdef.js', 'join.0a1b2c3d.js'] }, css: { sync: [] } },
          },
          { path: './JoinByCode', assets: { js: { sync: ['code.0a1b2c3d.js'] }, css: { sync: [] } } },
          {
            path: './styles',
            assets: { js: { sync: ['styles.0a1b2c3d.js'] }, css: { sync: ['styles.0a1b2c3d.css'] } },
          },
        ],
      }),
    );

    const app = express();
    // as the gateway runs it (module.ts): on-the-fly compression in front
    app.use(compression({ threshold: 1024 }));
    app.use(webRouter(dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a hashed script as Brotli to a browser that takes it, cached for good', async () => {
    const r = await get(base, '/main.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    // compressed once, by the build: the body is the copy, not compressed again on the way
    expect(brotliDecompressSync(r.body).equals(SCRIPT)).toBe(true);
  });

  it('sends gzip where Brotli is not taken, and the plain file where neither is', async () => {
    const gz = await get(base, '/main.0123abcd.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get(base, '/main.0123abcd.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(SCRIPT)).toBe(true);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("keeps an unhashed file's revalidation, and its type for JSON", async () => {
    const entry = await get(base, '/remotes/guest/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(entry.body).equals(ENTRY)).toBe(true);

    const json = await get(base, '/i18n/shell.de.0123abcd.json', { 'accept-encoding': 'gzip, br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['cache-control']).toBe(IMMUTABLE);
    // no gzip copy of it: gzip is made on the fly, as for any other file
    const onTheFly = await get(base, '/i18n/shell.de.0123abcd.json', { 'accept-encoding': 'gzip' });
    expect(onTheFly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(onTheFly.body).toString())).toHaveProperty('a');
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const r = await get(base, '/main.0123abcd.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.body.length).toBe(0);
  });

  it('leaves files without copies, orphan copies and odd paths to the static files', async () => {
    const chunk = await get(base, '/remotes/guest/42.89abcdef.js', { 'accept-encoding': 'identity' });
    expect(chunk.status).toBe(200);
    expect(chunk.headers['content-encoding']).toBeUndefined();
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);

    expect((await get(base, '/remotes/guest/gone.89abcdef.js', { 'accept-encoding': 'br' })).status).toBe(
      404,
    );
    for (const path of ['/remotes/guest/..%2f..%2fsecret.js', '/..%2fsecret.js', '/.hidden.js']) {
      const r = await get(base, path, { 'accept-encoding': 'br', accept: 'text/javascript' });
      expect(r.headers['content-encoding'], path).toBeUndefined();
      expect(r.body.toString(), path).not.toContain('afterglow afterglow');
    }
  });

  it("still answers every other browser path with the shell's page", async () => {
    const r = await get(base, '/join/ABC123', { accept: 'text/html' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.toString()).toContain('<title>Afterglow</title>');
  });

  it("has the browser fetch a remote page's files and first data with the shell's page", async () => {
    const links = (path: string) =>
      get(base, path, { accept: 'text/html' }).then((r) => String(r.headers.link ?? '').split(', '));
    expect(await links('/join/ABC123')).toEqual([
      '</remotes/guest/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</remotes/guest/remoteEntry.js>; rel=preload; as=script',
      '</remotes/guest/42.89abcdef.js>; rel=preload; as=script',
      '</remotes/guest/join.0a1b2c3d.js>; rel=preload; as=script',
      '</remotes/guest/styles.0a1b2c3d.js>; rel=preload; as=script',
      '</remotes/guest/styles.0a1b2c3d.css>; rel=preload; as=style',
      '</api/events/by-code/ABC123>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    // a code the page would write otherwise (or none at all): its files, not its data
    for (const path of ['/JOIN/abc123/', '/join/AB%2F12']) {
      const l = await links(path);
      expect(l, path).toContain('</remotes/guest/join.0a1b2c3d.js>; rel=preload; as=script');
      expect(
        l.some((x) => x.includes('/api/')),
        path,
      ).toBe(false);
    }
    expect(await links('/join')).toContain('</remotes/guest/code.0a1b2c3d.js>; rel=preload; as=script');
    // no remote's page: no preloads
    expect((await get(base, '/nowhere', { accept: 'text/html' })).headers.link).toBeUndefined();
  });

  it("names the shell's start first, on every page, once its build lists it", async () => {
    const startup = join(dir, 'shell', 'dist', 'startup.json');
    writeFileSync(
      startup,
      JSON.stringify({
        files: [
          { href: '/main.0123abcd.js', as: 'script' },
          { href: '/bootstrap.0123abcd.css', as: 'style' },
        ],
      }),
    );
    try {
      const links = (path: string) =>
        get(base, path, { accept: 'text/html' }).then((r) => String(r.headers.link ?? '').split(', '));
      const shell = [
        '</main.0123abcd.js>; rel=preload; as=script',
        '</bootstrap.0123abcd.css>; rel=preload; as=style',
      ];
      const join = await links('/join/ABC123');
      expect(join.slice(0, 2)).toEqual(shell);
      expect(join[2]).toBe('</remotes/guest/mf-manifest.json>; rel=preload; as=fetch; crossorigin');
      expect(join.at(-1)).toBe(
        '</api/events/by-code/ABC123>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      // the landing page and a path no remote has: the shell's start alone
      expect(await links('/')).toEqual(shell);
      expect(await links('/nowhere')).toEqual(shell);
    } finally {
      rmSync(startup);
    }
  });
});
