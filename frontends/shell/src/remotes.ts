import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from './routes';

/** Remotes are found at run time from their manifests, served by the gateway beside the shell. */
const entry = (name: RemoteName) => `${window.location.origin}/remotes/${name}/mf-manifest.json`;
const registered = new Set<RemoteName>();

/**
 * Manifests fetched early by preloadPage, handed to the federation runtime when it asks for them, so
 * the page does not wait for a second round trip (a revalidation) before its remote starts. Each is
 * used once: a retry after a failure fetches afresh.
 */
const early = new Map<string, Promise<Response>>();
registerPlugins([
  {
    name: 'afterglow-early-manifest',
    fetch(url: string) {
      const res = early.get(url);
      if (!res) return undefined;
      early.delete(url);
      return res.then((r) => r.clone());
    },
  },
]);

/**
 * Loads one page of a remote, with the remote's styles; `fresh` forgets an earlier failed attempt so
 * a retry really retries. Each page is exposed alone, so a route fetches only its own code.
 */
export async function loadPage(name: RemoteName, page: string, fresh = false): Promise<ComponentType> {
  if (!registered.has(name) || fresh) {
    registerRemotes([{ name, entry: entry(name) }], { force: registered.has(name) });
    registered.add(name);
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

interface Manifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/**
 * Warms the browser's cache with the files of one page (its remote's entry, the page's chunks and the
 * styles) so they download beside the shell's own. Only hints: the federation runtime still loads
 * them, after the shell has set up its shared modules, and takes the manifest fetched here instead of
 * fetching it again; a failure here changes nothing (the runtime then fetches the manifest itself).
 */
export async function preloadPage(name: RemoteName, page: string): Promise<void> {
  const url = entry(name);
  const pending = fetch(url);
  early.set(url, pending);
  const res = await pending.catch((err: unknown) => {
    early.delete(url);
    throw err;
  });
  if (!res.ok) {
    early.delete(url);
    return;
  }
  const { metaData, exposes } = (await res.clone().json()) as Manifest;
  const wanted = exposes.filter((e) => e.path === `./${page}` || e.path === './styles');
  const files = [
    ...[
      `${metaData.remoteEntry.path}${metaData.remoteEntry.name}`,
      ...wanted.flatMap((e) => e.assets.js.sync),
    ].map((f) => [f, 'script'] as const),
    ...wanted.flatMap((e) => e.assets.css.sync).map((f) => [f, 'style'] as const),
  ];
  for (const [file, as] of files) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = `${metaData.publicPath}${file}`;
    document.head.append(link);
  }
}
