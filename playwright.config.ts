import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** where a person on this machine opens it: localhost, as `npm start` prints */
const BASE = `http://localhost:${PORT}`;

/** Chromium from the system (no browser downloads here), headless, with a fake camera. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/** Variables CI sets for the integration tests, cleared so the product starts embedded as a person's does. */
export const EMBEDDED = Object.fromEntries(
  [
    'PUBLIC_URL',
    'DATABASE_URL',
    'NATS_URL',
    'REDIS_URL',
    'S3_BUCKET',
    'OIDC_ISSUER_URL',
    'AFTERGLOW_HTTPS',
    'AFTERGLOW_ORIGINS',
  ].map((k) => [k, '']),
);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]],
  use: {
    baseURL: BASE,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    permissions: ['camera'],
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started as `npm start` starts it, on a data dir of its own made anew each run, with nothing set that
  // only the tests set: no PUBLIC_URL, listening on every address, the embedded database and bus.
  webServer: {
    command:
      'node scripts/build.mjs && node scripts/build-web.mjs && node scripts/clean-dir.mjs test-results/e2e-data && node services/server/dist/afterglow.mjs',
    url: `${BASE}/readyz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      AFTERGLOW_DATA_DIR: 'test-results/e2e-data',
      AFTERGLOW_ADMIN_EMAILS: 'admin@e2e.test',
      LOG_LEVEL: 'warn',
      // the CI machine's service URLs are for the integration tests, not for a person's `npm start`
      ...EMBEDDED,
    },
  },
});
