// One Rspack + Module Federation 2 configuration for the shell and every remote.
// The shell loads the remotes at runtime from /remotes/<name>/mf-manifest.json (served by the gateway);
// each remote also builds and runs alone (`npm run dev -w @afterglow/frontend-<name>`).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const version = (pkg) => require(`${pkg}/package.json`).version;

/** Singletons every part shares: one React, one router, one query cache, one toast region. */
export const shared = {
  react: { singleton: true, requiredVersion: `^${version('react')}` },
  'react-dom': { singleton: true, requiredVersion: `^${version('react-dom')}` },
  'react-dom/client': { singleton: true, requiredVersion: `^${version('react-dom')}` },
  'react-router': { singleton: true, requiredVersion: `^${version('react-router')}` },
  '@tanstack/react-query': { singleton: true, requiredVersion: `^${version('@tanstack/react-query')}` },
  '@afterglow/ui': { singleton: true, requiredVersion: false, version: '0.1.0' },
};

export const DEV_PORTS = { shell: 3100, guest: 3101, host: 3102, admin: 3103 };

/**
 * @param {{ name: 'shell'|'guest'|'host'|'admin', dir: string, exposes?: Record<string,string>, mode?: string }} o
 */
export function frontendConfig({
  name,
  dir,
  exposes,
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
}) {
  const isShell = name === 'shell';
  const dev = mode === 'development';
  return {
    name,
    mode,
    context: dir,
    target: ['web', 'es2020'],
    entry: { main: './src/index.ts' },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: join(dir, 'dist'),
      // Standalone development serves a remote at its own origin; in the product it lives under /remotes/<name>/.
      publicPath: isShell || dev ? '/' : `/remotes/${name}/`,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      uniqueName: `afterglow_${name}`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, use: [{ loader: 'postcss-loader' }], type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isShell ? {} : { filename: 'remoteEntry.js', exposes }),
        shared,
        manifest: true,
        dts: false,
        dev: false,
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // Every app has a page of its own for standalone development; the shell's is the product's.
      new rspack.HtmlRspackPlugin({
        template: join(dir, '..', 'index.html'),
        templateParameters: { title: 'Afterglow' },
        filename: 'index.html',
        minify: !dev,
      }),
    ],
    optimization: { minimize: !dev },
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
