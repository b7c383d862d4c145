import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { compileCatalogue } from './frontends/i18n-loader.mjs';

export default defineConfig({
  plugins: [
    {
      // A web catalogue as Rspack's loader compiles it (frontends/i18n-loader.mjs); the server's
      // catalogues are plain JSON.
      name: 'afterglow-catalogues',
      enforce: 'pre',
      load(id) {
        const [file, query = ''] = id.split('?');
        if (!/[\\/](frontends|packages[\\/]ui)[\\/].*[\\/]locales[\\/][^\\/]+\.json$/.test(file!))
          return null;
        // JSON still: Vite's own JSON plugin makes it the module.
        return JSON.stringify(compileCatalogue(readFileSync(file!, 'utf8'), query.includes('english')));
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
