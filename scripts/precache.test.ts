import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webRouter } from '../services/gateway/src/http/web';
import { OFFLINE_EXPOSES, precacheEntries, revisionOf } from './precache.mjs';

/** A built web app as the gateway serves it: the shell's dist and the guest's, with its manifest. */
function fakeBuild(root: string) {
  const put = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  put('shell/dist/index.html', '<!doctype html><div id="root"></div>');
  put('shell/dist/main.0123abcd.js', 'main');
  put('shell/dist/main.0123abcd.js.map', '{}');
  put('shell/dist/504.aaaa1111.css', 'body{}');
  put('shell/dist/mf-manifest.json', '{}');
  put('shell/dist/mf-stats.json', '{}');
  put('shell/dist/manifest.webmanifest', '{"name":"Afterglow"}');
  put('shell/dist/icons/icon-192.png', 'png');
  put('shell/dist/i18n/shell.de.0a0a0a0a.json', '{}');
  const expose = (path: string, js: string[], async: string[] = [], css: string[] = []) => ({
    path,
    assets: { js: { sync: js, async }, css: { sync: css, async: [] } },
  });
  const exposes = [
    expose('./JoinByCode', ['__federation_expose_JoinByCode.11111111.js']),
    expose('./Join', ['__federation_expose_Join.22222222.js', '550.33333333.js']),
    expose('./Camera', ['__federation_expose_Camera.44444444.js'], ['658.55555555.js']),
    expose('./Gallery', ['__federation_expose_Gallery.66666666.js']),
    expose('./PublicGallery', ['__federation_expose_PublicGallery.77777777.js']),
    expose('./styles', ['__federation_expose_styles.88888888.js'], [], ['styles.99999999.css']),
  ];
  const manifest = {
    metaData: { publicPath: '/remotes/guest/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [{ name: 'react', assets: { js: { sync: ['610.abcdef01.js'], async: [] } } }],
    exposes,
  };
  put('guest/dist/mf-manifest.json', JSON.stringify(manifest));
  put('guest/dist/remoteEntry.js', 'entry');
  put('guest/dist/610.abcdef01.js', 'a copy of react the shell provides');
  put('guest/dist/i18n/guest.de.1b1b1b1b.json', '{"g0":"Los geht’s"}');
  put('guest/dist/i18n/guest.fr.1b1b1b1b.json', '{"g0":"C’est parti"}');
  for (const e of exposes)
    for (const f of [...e.assets.js.sync, ...e.assets.js.async, ...e.assets.css.sync])
      put(`guest/dist/${f}`, `file ${f}`);
  return put;
}

describe('precache list', () => {
  let root: string;
  let put: ReturnType<typeof fakeBuild>;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'afterglow-precache-'));
    put = fakeBuild(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lists the shell, the guest entry and manifest, the offline pages’ files and the languages, nothing else', () => {
    const urls = precacheEntries(root).map((e) => e.url);
    expect(urls).toEqual([
      '/504.aaaa1111.css',
      '/i18n/shell.de.0a0a0a0a.json',
      '/icons/icon-192.png',
      '/index.html',
      '/main.0123abcd.js',
      '/manifest.webmanifest',
      '/remotes/guest/550.33333333.js',
      '/remotes/guest/658.55555555.js',
      '/remotes/guest/__federation_expose_Camera.44444444.js',
      '/remotes/guest/__federation_expose_Gallery.66666666.js',
      '/remotes/guest/__federation_expose_Join.22222222.js',
      '/remotes/guest/__federation_expose_JoinByCode.11111111.js',
      '/remotes/guest/__federation_expose_styles.88888888.js',
      '/remotes/guest/i18n/guest.de.1b1b1b1b.json',
      '/remotes/guest/i18n/guest.fr.1b1b1b1b.json',
      '/remotes/guest/mf-manifest.json',
      '/remotes/guest/remoteEntry.js',
      '/remotes/guest/styles.99999999.css',
    ]);
    expect(OFFLINE_EXPOSES).toContain('./Camera');
  });

  it('gives each file a revision of its content: one changed file changes only its own', () => {
    const before = new Map(precacheEntries(root).map((e) => [e.url, e.revision]));
    put('guest/dist/remoteEntry.js', 'entry, rebuilt');
    const after = new Map(precacheEntries(root).map((e) => [e.url, e.revision]));
    const changed = [...after].filter(([u, r]) => before.get(u) !== r).map(([u]) => u);
    expect(changed).toEqual(['/remotes/guest/remoteEntry.js']);
    expect([...after.values()].every((r) => /^[0-9a-f]{16}$/.test(r))).toBe(true);
  });

  it('fails the build when a listed file is missing or a page is no longer exposed', () => {
    rmSync(join(root, 'guest/dist/658.55555555.js'));
    expect(() => precacheEntries(root)).toThrow(/658\.55555555\.js is listed/);
    put(
      'guest/dist/mf-manifest.json',
      JSON.stringify({
        metaData: { publicPath: '/remotes/guest/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [],
      }),
    );
    expect(() => precacheEntries(root)).toThrow(/exposes no \.\/JoinByCode/);
  });

  it('every listed URL is served by the gateway, with these very bytes', async () => {
    const app = express().use(webRouter(root));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const e of precacheEntries(root)) {
        const res = await fetch(base + e.url, { headers: { accept: '*/*' } });
        expect(res.status, e.url).toBe(200);
        expect(revisionOf(Buffer.from(await res.arrayBuffer())), e.url).toBe(e.revision);
        // hashed names are cached for good, the catalogues too
        if (/\.[0-9a-f]{8}\.(js|css|json)$/.test(e.url))
          expect(res.headers.get('cache-control'), e.url).toContain('immutable');
      }
    } finally {
      server.close();
    }
  });
});
