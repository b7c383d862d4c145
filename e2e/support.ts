import type { Page, TestInfo } from '@playwright/test';

/** Signs up (or in) on the embedded identity provider's page, which the app sent us to. */
export async function signUpAtIdp(
  page: Page,
  email: string,
  password: string,
  action: 'Create account' | 'Sign in' = 'Create account',
) {
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: action }).click();
  // back through /api/callback, which sets the session, to the page we came for
  await page.waitForURL((u) => !u.pathname.startsWith('/idp') && !u.pathname.startsWith('/api/'));
}

/** A unique address per run, so re-runs never collide with an account made before. */
export const uniqueEmail = (who: string) =>
  `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

/** A screenshot kept with the run's artifacts (test-results/), never committed. */
export async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Local date and time strings as <input type=date|time> want them. */
export function localParts(d: Date) {
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

export const PHONE = { width: 360, height: 740 };

/** An ISO time `ms` from now. */
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A valid event body as the UI sends it (starts in a minute, a 12-shot roll), with overrides. */
export function eventBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Anna & Ben’s Wedding',
    startsAt: isoIn(60_000),
    endsAt: isoIn(4 * 3600_000),
    maxShotsPerDevice: 12,
    revealMode: 'end',
    timezone: 'Europe/Berlin',
    filmMode: false,
    filmPreset: 'classic',
    noRetakes: false,
    shotCount: 24,
    colorMood: 'vintage',
    ...over,
  };
}

/** The operator's admin for the e2e server (playwright.config.ts sets AFTERGLOW_ADMIN_EMAILS to it). */
export const E2E_ADMIN = 'admin@e2e.test';

/**
 * Signs in as `email` through the real login on the way to `path`: makes the account the first time,
 * signs in when an earlier spec of the run already made it.
 */
export async function signInOrUp(page: Page, email: string, password: string, path: string) {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(path)}`);
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const exists = page.getByText('An account with this email already exists.');
  const left = page.waitForURL((u) => !u.pathname.startsWith('/idp') && !u.pathname.startsWith('/api/'));
  const which = await Promise.race([
    left.then(() => 'in' as const),
    exists.waitFor().then(() => 'exists' as const),
  ]);
  if (which === 'exists') {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await left;
  }
  await page.waitForURL(`**${path}`);
}
