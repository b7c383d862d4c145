// The service worker's precache list, made from the built files themselves (docs/adr/021-installable-
// and-offline.md): every file a guest needs to reload the join, camera and gallery pages with no
// network, each with a revision that is a hash of its content. build-web.mjs puts the list into
// /sw.js, so any change to one of these files changes the worker and the browser installs it anew.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The guest pages that work offline, and the guest's styles, as the guest remote exposes them. */
export const OFFLINE_EXPOSES = ['./JoinByCode', './Join', './Camera', './Gallery', './styles'];
/** The shell's files that are not fetched by a page (build reports, source maps). */
const SHELL_SKIP = /(\.map|^mf-manifest\.json|^mf-stats\.json)$/;

/** @param {Buffer} content */
export const revisionOf = (content) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/** @param {string} dir @returns {string[]} paths relative to dir, with '/' */
function filesIn(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * @param {string} webDir the folder holding shell/dist and guest/dist (frontends/)
 * @returns {{ url: string, revision: string }[]} sorted by URL
 */
export function precacheEntries(webDir) {
  const shellDist = join(webDir, 'shell', 'dist');
  const guestDist = join(webDir, 'guest', 'dist');
  /** @type {Map<string, string>} url -> file */
  const files = new Map();
  for (const f of filesIn(shellDist)) if (!SHELL_SKIP.test(f)) files.set(`/${f}`, join(shellDist, f));

  const manifestFile = join(guestDist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const base = manifest.metaData.publicPath; // '/remotes/guest/'
  const guest = (name) => files.set(base + name, join(guestDist, name));
  guest('mf-manifest.json');
  guest(manifest.metaData.remoteEntry.path + manifest.metaData.remoteEntry.name);
  for (const wanted of OFFLINE_EXPOSES) {
    const expose = manifest.exposes.find((e) => e.path === wanted);
    if (!expose) throw new Error(`the guest remote exposes no ${wanted}`);
    const { js, css } = expose.assets;
    for (const name of [...js.sync, ...js.async, ...css.sync, ...css.async]) guest(name);
  }
  // the guest's catalogues in every language (the shell's are among its files above)
  const catalogues = join(guestDist, 'i18n');
  if (existsSync(catalogues)) for (const f of filesIn(catalogues)) guest(`i18n/${f}`);
  return [...files]
    .map(([url, file]) => {
      if (!existsSync(file)) throw new Error(`${url} is listed but ${file} does not exist`);
      return { url, revision: revisionOf(readFileSync(file)) };
    })
    .sort((a, b) => (a.url < b.url ? -1 : 1));
}
