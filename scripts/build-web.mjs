// Builds the shell and the three remotes with Rspack (production), skipping an app whose output is
// newer than every source it depends on (so `npm start` builds only what is needed).
import { rspack } from '@rspack/core';
import { build as esbuild } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precacheEntries } from './precache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'guest', 'host', 'admin'];
const force = process.argv.includes('--force');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sharedInputs = Math.max(
  newest(join(root, 'packages/ui/src')),
  newest(join(root, 'packages/contracts/src')),
  // every file beside the apps is the build's (rspack.shared.mjs, index.html, its loaders and stand-ins)
  ...readdirSync(join(root, 'frontends'), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => statSync(join(root, 'frontends', e.name)).mtimeMs),
  statSync(join(root, 'package-lock.json')).mtimeMs,
);

// The shell's routes come from every remote's pages manifest.
const pagesOf = (app) => statSync(join(root, 'frontends', app, 'src/pages.json')).mtimeMs;
const inputsOf = (app) =>
  app === 'shell'
    ? Math.max(newest(join(root, 'frontends/shell')), ...APPS.filter((a) => a !== 'shell').map(pagesOf))
    : newest(join(root, 'frontends', app));

const stale = APPS.filter((app) => {
  const manifest = join(root, 'frontends', app, 'dist/mf-manifest.json');
  if (force || !existsSync(manifest)) return true;
  return Math.max(sharedInputs, inputsOf(app)) > statSync(manifest).mtimeMs;
});
// The service worker is served at /sw.js (root scope); it is the guest's offline queue, so it is
// built from the guest's sources into the guest's dist, after the guest itself (whose build cleans dist).
// It carries the precache list of the shell's and the guest's files, so it is built after both.
const swOut = join(root, 'frontends/guest/dist/sw.js');
const swStale = stale.includes('guest') || stale.includes('shell') || !existsSync(swOut);
async function buildServiceWorker() {
  const entries = precacheEntries(join(root, 'frontends'));
  await esbuild({
    entryPoints: [join(root, 'frontends/guest/src/offline/sw.ts')],
    define: { __PRECACHE__: JSON.stringify(entries) },
    outfile: swOut,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (stale.length === 0) {
  if (swStale) await buildServiceWorker();
  console.log('web apps are up to date');
  process.exit(0);
}

const configs = [];
for (const app of stale) {
  const mod = await import(pathToFileURL(join(root, 'frontends', app, 'rspack.config.mjs')).href);
  configs.push(mod.default);
}
const started = Date.now();
// One app at a time keeps memory and the two cores for the rest of the machine.
for (const config of configs) {
  await new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, colors: true }));
        return reject(new Error(`build of ${config.name} failed`));
      }
      if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: true }));
      resolve();
    });
  });
}
if (swStale) await buildServiceWorker();
console.log(`built ${stale.join(', ')}${swStale ? ' and sw.js' : ''} in ${Date.now() - started} ms`);
