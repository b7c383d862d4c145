import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from './routes';

type RemoteEntryType = Parameters<typeof registerRemotes>[0][number]['type'];

/** Remotes are found at run time from their manifests, served by the gateway beside the shell. */
const manifestUrl = (name: RemoteName) => `${window.location.origin}/remotes/${name}/mf-manifest.json`;

interface Manifest {
  metaData: {
    globalName: string;
    publicPath: string;
    remoteEntry: { name: string; path: string; type: RemoteEntryType };
  };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/**
 * Each remote's manifest, read once (again after a failure, so a retry really retries). The shell
 * reads it itself rather than through the federation runtime's snapshot plugin, which the apps are
 * built without (docs/adr/037-guest-page-weight.md): the remote is registered by the entry the
 * manifest names, and the page's files are preloaded from its lists.
 */
const manifests = new Map<RemoteName, Promise<Manifest>>();
function manifestOf(name: RemoteName): Promise<Manifest> {
  let m = manifests.get(name);
  if (!m) {
    m = fetch(manifestUrl(name)).then(async (res) => {
      if (!res.ok) throw new Error(`The ${name} part of Afterglow answered ${res.status}`);
      return (await res.json()) as Manifest;
    });
    m.catch(() => {
      if (manifests.get(name) === m) manifests.delete(name);
    });
    manifests.set(name, m);
  }
  return m;
}

/** The remotes registered with the runtime, and the entry each was registered with. */
const registered = new Map<RemoteName, string>();

/**
 * Loads one page of a remote, with the remote's styles; `fresh` reads the manifest again and
 * registers the remote anew, so a retry after a failure (or a redeployed remote) really retries.
 * Each page is exposed alone, so a route fetches only its own code.
 */
export async function loadPage(name: RemoteName, page: string, fresh = false): Promise<ComponentType> {
  if (fresh) manifests.delete(name);
  const { metaData } = await manifestOf(name);
  const entry = new URL(
    `${metaData.publicPath}${metaData.remoteEntry.path}${metaData.remoteEntry.name}`,
    window.location.origin,
  ).href;
  if (registered.get(name) !== entry || fresh) {
    registerRemotes(
      [{ name, entry, entryGlobalName: metaData.globalName, type: metaData.remoteEntry.type }],
      { force: registered.has(name) },
    );
    registered.set(name, entry);
  }
  const [, mod] = await Promise.all([
    loadRemote(`${name}/styles`),
    loadRemote<Record<string, ComponentType>>(`${name}/${page}`),
  ]);
  if (!mod) throw new Error(`The ${name} part of Afterglow did not load`);
  const C = mod[page];
  if (!C) throw new Error(`Page ${page} is missing from ${name}`);
  return C;
}

/** The files already asked for with a preload: once is enough. */
const preloaded = new Set<string>();

/**
 * Warms the browser's cache with the files of one page (its remote's entry, the page's chunks and the
 * styles) so they download beside the shell's own, as soon as the manifest is in. Only hints: the
 * federation runtime still loads them, after the shell has set up its shared modules; the manifest
 * read here is the one loadPage registers the remote from. A failure here changes nothing (loadPage
 * then reads the manifest again).
 */
export async function preloadPage(name: RemoteName, page: string): Promise<void> {
  const { metaData, exposes } = await manifestOf(name);
  const wanted = exposes.filter((e) => e.path === `./${page}` || e.path === './styles');
  const files = [
    ...[
      `${metaData.remoteEntry.path}${metaData.remoteEntry.name}`,
      ...wanted.flatMap((e) => e.assets.js.sync),
    ].map((f) => [f, 'script'] as const),
    ...wanted.flatMap((e) => e.assets.css.sync).map((f) => [f, 'style'] as const),
  ];
  for (const [file, as] of files) {
    const href = `${metaData.publicPath}${file}`;
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The event a remote dispatches on `window` to have the shell preload the files of a page it is about
 * to open, `detail` being that page's path (the join page does it for the camera while the device is
 * being made): `window.dispatchEvent(new CustomEvent('afterglow:preload-page', { detail: path }))`.
 * The remotes spell the name out; the shell owns which remote renders a path, and how a page loads.
 */
export const PRELOAD_PAGE_EVENT = 'afterglow:preload-page';
