import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { compileCatalogue, compileSourceMessages, webDomainOf } from './frontends/i18n-loader.mjs';

const CATALOGUE = '\0afterglow-catalogue:';

export default defineConfig({
  plugins: [
    {
      // A web catalogue as Rspack's loader compiles it (frontends/i18n-loader.mjs), under an id of its
      // own so that no JSON handling of Vite's applies to it; the server's catalogues are plain JSON.
      name: 'afterglow-catalogues',
      enforce: 'pre',
      resolveId(source, importer) {
        const [path = '', query] = source.split('?');
        if (!importer || !/[\\/]locales[\\/][^\\/]+\.json$/.test(path)) return null;
        // relative, or from the root as Vite writes a dynamic import's files (`/packages/ui/…`)
        const file = path.startsWith('.')
          ? resolve(dirname(importer.split('?')[0]!), path)
          : existsSync(path)
            ? path
            : join(process.cwd(), path);
        if (!/[\\/](frontends|packages[\\/]ui)[\\/]/.test(file)) return null;
        // (never ending in `.json`: Vite's JSON transform goes by the id's end)
        return `${CATALOGUE}${file}?${query ?? 'all'}`;
      },
      load(id) {
        if (!id.startsWith(CATALOGUE)) return null;
        const file = id.slice(CATALOGUE.length).split('?')[0]!;
        const compiled = compileCatalogue(readFileSync(file, 'utf8'), webDomainOf(file));
        return `export default ${JSON.stringify(compiled)};`;
      },
    },
    {
      // The web apps' English messages compiled where they are written, as Rspack's source loader does.
      name: 'afterglow-source-messages',
      enforce: 'pre',
      transform(code, id) {
        const file = id.split('?')[0]!;
        if (!/\.tsx?$/.test(file) || !/[\\/](frontends|packages[\\/]ui)[\\/]/.test(file)) return null;
        if (/[\\/]node_modules[\\/]/.test(file)) return null;
        return { code: compileSourceMessages(file, code), map: null };
      },
    },
  ],
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'frontends/*/src/**/*.test.ts',
      'deploy/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // the server bundle that process-level tests start
    globalSetup: ['services/server/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // 2-core machines: keep parallelism modest so timing-sensitive integration tests stay stable.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
