import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type RemoteName = 'guest' | 'host' | 'admin';
export type Pages = Record<string, ComponentType>;

/** Remotes are found at run time from their manifests, served by the gateway beside the shell. */
const entry = (name: RemoteName) => `${window.location.origin}/remotes/${name}/mf-manifest.json`;
const registered = new Set<RemoteName>();

/** Loads a remote's pages; `fresh` forgets an earlier failed attempt so a retry really retries. */
export async function loadPages(name: RemoteName, fresh = false): Promise<Pages> {
  if (!registered.has(name) || fresh) {
    registerRemotes([{ name, entry: entry(name) }], { force: registered.has(name) });
    registered.add(name);
  }
  const mod = await loadRemote<Pages>(`${name}/pages`);
  if (!mod) throw new Error(`The ${name} part of Afterglow did not load`);
  return mod;
}
