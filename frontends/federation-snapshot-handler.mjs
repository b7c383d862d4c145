// The federation runtime's snapshot handler (`@module-federation/runtime-core`'s
// plugins/snapshot/SnapshotHandler.js) as the shell uses the runtime: its remotes are registered by
// their `remoteEntry.js` (frontends/shell/src/remotes.ts reads each `mf-manifest.json` itself), the
// snapshot plugin is left out (`disableSnapshot`), and no remote is preloaded through the runtime
// (frontends/federation-preload.mjs), so nothing ever asks for a remote's snapshot or manifest. The
// runtime still makes the handler for every host and reads its hooks, its manifest cache and the
// remote's global information when a remote is registered again: those are kept, as the package has
// them. Reading a snapshot (and generating one from a manifest, with the manifest's loading and
// checks) is not: 1.4 KB gzip on every page (docs/adr/037-guest-page-weight.md). The Rspack
// configuration puts this file in the package's place (frontends/rspack.shared.mjs); a name the
// runtime imports and this file lacks fails the build.
import { error } from '@afterglow/federation-runtime-core/utils/logger.js';
import {
  Global,
  getGlobalSnapshot,
  getGlobalSnapshotInfoByModuleInfo,
  getInfoWithoutType,
} from '@afterglow/federation-runtime-core/global.js';
import { AsyncHook } from '@afterglow/federation-runtime-core/utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from '@afterglow/federation-runtime-core/utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from '@afterglow/federation-runtime-core/utils/hooks/pluginSystem.js';

/** As the package has it: the host's record of a remote, from the global snapshot. */
export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({
    name: origin.name,
    version: origin.options.version,
  });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion)
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
        name: moduleInfo.name,
        version: globalRemoteInfo.matchedVersion,
      }),
    };
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

const unused = () =>
  error(
    'Afterglow builds the federation runtime without remote snapshots (frontends/federation-snapshot-handler.mjs)',
  );

export class SnapshotHandler {
  constructor(HostInstance) {
    this.loadingHostSnapshot = null;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
    this.manifestLoading = Global.__FEDERATION__.__MANIFEST_LOADING__;
    this.HostInstance = HostInstance;
    this.loaderHook = HostInstance.loaderHook;
  }

  async loadRemoteSnapshotInfo() {
    return unused();
  }

  getGlobalRemoteInfo(moduleInfo) {
    return getGlobalRemoteInfo(moduleInfo, this.HostInstance);
  }

  async getManifestJson() {
    return unused();
  }
}
