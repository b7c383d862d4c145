// One Rspack + Module Federation 2 configuration for the shell and every remote.
// The shell loads the remotes at runtime from /remotes/<name>/mf-manifest.json (served by the gateway);
// each remote also builds and runs alone (`npm run dev -w @afterglow/frontend-<name>`).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrecompressPlugin } from './precompress.mjs';
import { StartupPreloadPlugin } from './startup-preload.mjs';

const require = createRequire(import.meta.url);
const version = (pkg) => require(`${pkg}/package.json`).version;
const here = dirname(fileURLToPath(import.meta.url));
/** React Router's production build (the package's exports only name its development build). */
const reactRouterBuild = join(
  dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** TanStack Query's build, which frontends/react-query.ts re-exports in part. */
const reactQueryBuild = join(
  dirname(require.resolve('@tanstack/react-query/package.json')),
  'build/modern/index.js',
);

/**
 * The federation runtime from its ES module builds, in every app: the plugin adds the bundler runtime
 * and the shell's runtime-core provider by their CommonJS paths, and the runtime requires its helpers
 * (`sdk`, `error-codes`) as CommonJS, where nothing is tree-shaken (every remoteEntry.js carried all of
 * the sdk, its Node.js script loader included). With every piece from one build there is one copy of
 * each, tree-shaken: 5 KB less gzip on every page for the helpers, 4.6 KB more for the shell's runtime
 * (docs/adr/007-lean-shared-modules.md, 037-guest-page-weight.md).
 */
const mfDir = (p) => join(dirname(require.resolve(`@module-federation/${p}`)), '..');
const esmBuild = (p) => {
  const dir = mfDir(p);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { cjs: join(dir, pkg.main), esm: join(dir, pkg.module) };
};
const runtimeTools = mfDir('runtime-tools');
const mfEsm = {
  ...Object.fromEntries(
    ['sdk', 'runtime', 'runtime-core', 'runtime-tools'].map((p) => [
      `@module-federation/${p}$`,
      esmBuild(p).esm,
    ]),
  ),
  // its error codes without the codes' descriptions (frontends/federation-error-codes.mjs)
  '@module-federation/error-codes$': join(here, 'federation-error-codes.mjs'),
  '@afterglow/federation-error-code-names$': join(mfDir('error-codes'), 'dist/error-codes.mjs'),
  // the runtime's own files, which its snapshot handler without snapshots reads (below)
  '@afterglow/federation-runtime-core': join(mfDir('runtime-core'), 'dist'),
  ...Object.fromEntries(
    ['runtime', 'runtime-core', 'webpack-bundler-runtime'].map((p) => [
      `@module-federation/runtime-tools/${p}$`,
      join(runtimeTools, `dist/${p}.js`),
    ]),
  ),
  ...Object.fromEntries(
    ['webpack-bundler-runtime', 'inject-external-runtime-core-plugin'].flatMap((p) => {
      const { cjs, esm } = esmBuild(p);
      return [
        [`@module-federation/${p}$`, esm],
        [cjs, esm],
      ];
    }),
  ),
};

/** Singletons every part shares: one React, one router, one query cache, one toast region. */
export const shared = {
  react: { singleton: true, requiredVersion: `^${version('react')}` },
  // the JSX runtime too: every page's modules are JSX, and a copy in each chunk group added up
  'react/jsx-runtime': { singleton: true, requiredVersion: `^${version('react')}` },
  'react-dom': { singleton: true, requiredVersion: `^${version('react-dom')}` },
  'react-dom/client': { singleton: true, requiredVersion: `^${version('react-dom')}` },
  // `react-router` is the part of it the apps use (frontends/react-router.ts), shared as the package.
  'react-router': {
    singleton: true,
    version: version('react-router'),
    requiredVersion: `^${version('react-router')}`,
  },
  // `@tanstack/react-query` is the part of it the apps use (frontends/react-query.ts), shared as the package.
  '@tanstack/react-query': {
    singleton: true,
    version: version('@tanstack/react-query'),
    requiredVersion: `^${version('@tanstack/react-query')}`,
  },
  '@afterglow/ui': { singleton: true, requiredVersion: false, version: '0.1.0' },
};

/** The shared modules as a remote's production build takes them: from the shell only. */
const providedByShell = Object.fromEntries(
  Object.entries(shared).map(([name, config]) => [name, { ...config, import: false }]),
);

/**
 * A remote's pages, declared once in its `src/pages.json` (page name -> route, and `chrome: false` for a
 * full-screen page); each page is `src/pages/<Name>.tsx` exporting `<Name>`. The shell's routes and the
 * remote's standalone page read the same file (docs/adr/014-pages-declared-once.md).
 * @param {string} dir the remote's folder
 * @returns {Record<string, { path: string, chrome?: boolean }>}
 */
const remotePages = (dir) => JSON.parse(readFileSync(join(dir, 'src/pages.json'), 'utf8'));

/**
 * What a remote exposes: each page alone, and the remote's styles beside them, so a route fetches only
 * its own page (docs/adr/007-lean-shared-modules.md).
 * @param {string} dir the remote's folder
 */
export function remoteExposes(dir) {
  return {
    './styles': './src/styles.css',
    ...Object.fromEntries(
      Object.keys(remotePages(dir)).map((page) => [`./${page}`, `./src/pages/${page}.tsx`]),
    ),
  };
}

export const DEV_PORTS = { shell: 3100, guest: 3101, host: 3102, admin: 3103 };

/**
 * @param {{ name: 'shell'|'guest'|'host'|'admin', dir: string, mode?: string }} o
 */
export function frontendConfig({
  name,
  dir,
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
}) {
  const isShell = name === 'shell';
  const dev = mode === 'development';
  // A remote's own page (src/index.ts) is for its standalone development only: in production it
  // would add a second graph of its pages, whose chunks the manifest would list for every page.
  const standalone = isShell || dev;
  // Standalone development serves a remote at its own origin; in the product it lives under /remotes/<name>/.
  const publicPath = standalone ? '/' : `/remotes/${name}/`;
  return {
    name,
    mode,
    context: dir,
    target: ['web', 'es2020'],
    entry: standalone ? { main: './src/index.ts' } : {},
    devtool: dev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: join(dir, 'dist'),
      publicPath,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      uniqueName: `afterglow_${name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      alias: {
        'react-router$': join(here, dev ? 'react-router.dev.ts' : 'react-router.ts'),
        '@afterglow/react-router-build$': reactRouterBuild,
        '@tanstack/react-query$': join(here, 'react-query.ts'),
        '@afterglow/react-query-build$': reactQueryBuild,
        ...mfEsm,
      },
    },
    module: {
      // A name missing from frontends/react-router.ts (or anywhere) is an error, not `undefined`.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: [
            {
              loader: 'builtin:swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
                },
              },
            },
            // first: the English of messages compiled where it is written (docs/adr/032-languages.md)
            {
              loader: join(here, 'i18n-source-loader.mjs'),
              options: { publicPath },
            },
          ],
          type: 'javascript/auto',
        },
        { test: /\.css$/, use: [{ loader: 'postcss-loader' }], type: 'css/auto' },
        // React Router's build, pruned of what keeps its unused parts alive (frontends/react-router-loader.mjs)
        { include: dirname(reactRouterBuild), use: [{ loader: join(here, 'react-router-loader.mjs') }] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isShell ? {} : { filename: 'remoteEntry.js', exposes: remoteExposes(dir) }),
        // In the product a remote always runs in the shell, which provides every shared module: a
        // remote's production build brings no copy of its own (`import: false`). Its copies were never
        // loaded, but they were built, and what they used of the apps' own modules (the UI package's
        // themes, say) stayed in the modules the remote's pages share with them.
        shared: isShell || dev ? shared : providedByShell,
        manifest: true,
        dts: false,
        dev: false,
        experiments: {
          // One copy of the federation runtime per page: the shell provides it, the remotes use it
          // (standalone development keeps a copy in each remote, which then runs alone).
          ...(isShell ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true }),
          // The shell reads each remote's mf-manifest.json itself and registers its remoteEntry.js
          // (frontends/shell/src/remotes.ts): the runtime's snapshot and preload plugins are not needed.
          // A remote consumes no other remote: the runtime's remote loading is left out of its entry.
          optimization: { target: 'web', disableSnapshot: true, ...(isShell ? {} : { disableRemote: true }) },
        },
      }),
      // The federation plugin points `@module-federation/runtime` at its CommonJS build once every
      // plugin is applied; its ES module build is put back after it.
      {
        apply(compiler) {
          compiler.hooks.afterPlugins.tap('afterglow-federation-esm', () => {
            const alias = compiler.options.resolve.alias;
            const runtime = mfEsm['@module-federation/runtime$'];
            compiler.options.resolve.alias = {
              ...alias,
              ...('@module-federation/runtime' in alias ? { '@module-federation/runtime': runtime } : {}),
              '@module-federation/runtime$': runtime,
            };
          });
        },
      },
      // The runtime's snapshot handler and asset preloading without what no page asks them for
      // (frontends/federation-snapshot-handler.mjs, federation-preload.mjs).
      new rspack.NormalModuleReplacementPlugin(/[\\/](?:SnapshotHandler|preload)\.js$/, (resource) => {
        if (!/[\\/]runtime-core[\\/]dist(?:[\\/]|$)/.test(resource.context)) return;
        resource.request = join(
          here,
          resource.request.endsWith('preload.js')
            ? 'federation-preload.mjs'
            : 'federation-snapshot-handler.mjs',
        );
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // The shell's page preloads the files its start needs (frontends/startup-preload.mjs).
      ...(isShell && !dev ? [new StartupPreloadPlugin({ bootstrap: 'bootstrap' })] : []),
      // Each file also as .br and .gz, which the gateway sends as they are (frontends/precompress.mjs).
      ...(dev ? [] : [new PrecompressPlugin()]),
      // The shell's static files: the web app manifest and the app's icons (docs/adr/021-installable-and-offline.md).
      // A remote's pages beside its manifest: with them the gateway preloads a page's files along with
      // the shell's page (services/gateway/src/http/web.ts, docs/adr/037-guest-page-weight.md).
      new rspack.CopyRspackPlugin({
        patterns: [isShell ? { from: join(dir, 'public') } : { from: join(dir, 'src/pages.json') }],
      }),
      // Every app has a page of its own for standalone development; the shell's is the product's.
      ...(standalone
        ? [
            new rspack.HtmlRspackPlugin({
              template: join(dir, '..', 'index.html'),
              templateParameters: { title: 'Afterglow' },
              filename: 'index.html',
              minify: !dev,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: !dev,
      // The shell's shared libraries (React, React DOM, React Router, React Query) in one file: every
      // page loads all of them, and on a phone's HTTP/1.1 each file more waits its own round trip
      // behind the browser's six connections.
      ...(isShell && !dev
        ? {
            splitChunks: {
              cacheGroups: {
                sharedLibraries: {
                  name: 'shared-libraries',
                  test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]|[\\/]frontends[\\/]react-(?:router|query)\.ts$/,
                  chunks: 'all',
                  enforce: true,
                  priority: 20,
                },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: DEV_PORTS[name],
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/uploads', '/idp', '/ws', '/remotes'],
          target: 'http://127.0.0.1:3000',
          ws: true,
        },
      ],
    },
  };
}
