// The federation runtime's asset preloading (`@module-federation/runtime-core`'s utils/preload.js) as
// the shell uses the runtime: the shell preloads a page's files itself, from the remote's manifest
// (frontends/shell/src/remotes.ts, and the gateway's `Link` header), and never calls the runtime's
// `preloadRemote`, the one caller besides the snapshot plugin, which is left out (`disableSnapshot`).
// The runtime's remote handler, a class, keeps its `preloadRemote` whether called or not, and with it
// this file: without it, 1 KB gzip less on every page (docs/adr/037-guest-page-weight.md). The Rspack
// configuration puts this file in the package's place (frontends/rspack.shared.mjs); a name the
// runtime imports and this file lacks fails the build.
import { error } from '@afterglow/federation-runtime-core/utils/logger.js';

const unused = () =>
  error('Afterglow builds the federation runtime without its preloading (frontends/federation-preload.mjs)');

export const defaultPreloadArgs = unused;
export const formatPreloadArgs = unused;
export const normalizePreloadExposes = unused;
export const preloadAssets = unused;
