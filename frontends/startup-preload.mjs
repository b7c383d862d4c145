// The shell's page names every file its start needs (docs/adr/037-guest-page-weight.md): its entry
// only asks for React, the router, the query cache, the shared UI and its own bootstrap once it has
// arrived and run, so on a slow phone the network sat idle for a round trip and the entry's run
// before the largest files even began. `<link rel="preload">` for each lets them download beside
// the entry. The files are read from the build itself: the chunks the shell's own shared modules are
// provided from, and those of its `bootstrap` chunk (the async boundary of src/index.ts).

const NAME = 'StartupPreloadPlugin';

/**
 * @param {import('@rspack/core').Compilation} compilation
 * @param {string} bootstrap the name of the entry's dynamic import chunk
 * @returns {string[]} the files, scripts and styles, in build order
 */
export function startupFiles(compilation, bootstrap) {
  const { chunkGraph } = compilation;
  const groups = [];
  for (const module of compilation.modules) {
    if (!module.identifier().startsWith('provide shared module')) continue;
    for (const block of module.blocks ?? []) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) groups.push(group);
    }
  }
  const boot = compilation.namedChunkGroups.get(bootstrap);
  if (!boot) throw new Error(`${NAME}: no chunk group named ${bootstrap}`);
  groups.push(boot);
  const files = new Set();
  for (const group of groups)
    for (const chunk of group.chunks) for (const f of chunk.files) if (/\.(js|css)$/.test(f)) files.add(f);
  return [...files];
}

/** Adds the preloads to the page HtmlRspackPlugin makes, before its entry script. */
export class StartupPreloadPlugin {
  /** @param {{ bootstrap: string }} options */
  constructor(options) {
    this.bootstrap = options.bootstrap;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { HtmlRspackPlugin, Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // The same files, the entry's first, as `startup.json` beside the page: the gateway names them
      // in the page's `Link` header, ahead of the remote page's own (services/gateway/src/http/web.ts),
      // so they are asked for as the answer's headers arrive rather than once the page is parsed.
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const entry = [...(compilation.entrypoints.get('main')?.getFiles() ?? [])].filter((f) =>
            /\.js$/.test(f),
          );
          const files = [...new Set([...entry, ...startupFiles(compilation, this.bootstrap)])].map(
            (file) => ({
              href: publicPath + file,
              as: file.endsWith('.css') ? 'style' : 'script',
            }),
          );
          compilation.emitAsset('startup.json', new sources.RawSource(JSON.stringify({ files })));
        },
      );
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(NAME, async (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const links = startupFiles(compilation, this.bootstrap).map((file) => ({
          tagName: 'link',
          voidTag: true,
          attributes: {
            rel: 'preload',
            as: file.endsWith('.css') ? 'style' : 'script',
            href: publicPath + file,
          },
        }));
        data.headTags.push(...links);
        return data;
      });
    });
  }
}
