import { defineConfig } from 'vitest/config';

export default defineConfig({
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
