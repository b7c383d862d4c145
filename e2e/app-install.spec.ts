import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { audit } from './browser-support';
import { PHONE } from './support';

// The app can be installed (web app manifest, icons) and offers to, and offers its updates:
// docs/adr/021-installable-and-offline.md. Headless Chromium never fires `beforeinstallprompt`
// itself, so the tests dispatch one, with a stand-in prompt(), as the browser would.

/** The built worker the server sends as /sw.js. */
const SW_FILE = join(import.meta.dirname, '../frontends/guest/dist/sw.js');
const phone = { viewport: PHONE, isMobile: true, hasTouch: true };

/** The browser offers the install: a `beforeinstallprompt` whose prompt() counts its calls. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((o) => {
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => ((w.prompted += 1), Promise.resolve()),
      userChoice: Promise.resolve({ outcome: o }),
    });
    window.dispatchEvent(e);
  }, outcome);
}

/** Until the app's worker controls the page (it takes over on the first visit). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

test('the web app manifest and the icons are served, and the page links them', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const m = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(m).toMatchObject({
    name: 'Afterglow',
    short_name: 'Afterglow',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#f472b6',
  });
  expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const icons = [
    ...m.icons,
    {
      src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!,
      sizes: '180x180',
      type: 'image/png',
      purpose: 'any',
    },
  ];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
    '180x180 any',
  ]);
  for (const icon of icons) {
    const img = await page.request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await img.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }
  // the browser itself finds the manifest valid: Chromium's own parse, with no errors
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(new URL(parsed.url).pathname).toBe('/manifest.webmanifest');
  expect(parsed.errors).toEqual([]);
});

test('install banner: Install App opens the browser prompt; Not Now hides it for a while', async ({
  browser,
}) => {
  const ctx = await browser.newContext(phone);
  const page = await ctx.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join with Code' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Install Afterglow' });
  await expect(banner).toHaveCount(0); // not installable yet

  await offerInstall(page);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('status')).toContainText('Install Afterglow on your phone');
  await audit(page, 'install banner', 'section[aria-label="Install Afterglow"]');
  // keyboard: the buttons are reached with Tab and pressed with Enter
  await banner.getByRole('button', { name: 'Install App' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  await expect(banner).toHaveCount(0); // installed

  // a guest page, another visit: 'Not Now' hides it, and it stays hidden on the next offer
  await page.goto('/join');
  await offerInstall(page);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Not Now' }).click();
  await expect(banner).toHaveCount(0);
  const until = await page.evaluate(() => Number(localStorage.getItem('afterglow:install-dismissed-until')));
  expect(until - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
  await page.reload();
  await offerInstall(page);
  await expect(page.getByRole('button', { name: 'Join Event' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(0);
  await ctx.close();
});

test('the install banner is not on the host pages', async ({ browser }) => {
  const ctx = await browser.newContext(phone);
  const page = await ctx.newPage();
  await page.goto('/pricing');
  await offerInstall(page);
  await page.waitForTimeout(500);
  await expect(page.getByRole('region', { name: 'Install Afterglow' })).toHaveCount(0);
  await ctx.close();
});

test('update banner: a new worker waits; Later hides it, Update Now reloads into the new worker', async ({
  browser,
}) => {
  const ctx = await browser.newContext(phone);
  const page = await ctx.newPage();
  await page.goto('/join');
  await controlled(page);
  const banner = page.getByRole('region', { name: 'App update' });
  await expect(banner).toHaveCount(0); // the first worker just takes over

  // a new version is deployed: the built /sw.js changes (here: one more route, naming its version)
  const current = readFileSync(SW_FILE, 'utf8');
  writeFileSync(
    SW_FILE,
    "self.addEventListener('fetch',e=>{if(new URL(e.request.url).pathname==='/__sw-version')" +
      "e.respondWith(new Response('2'))});\n" +
      current,
  );
  try {
    // the browser looks for a new worker on navigations, and when the app comes back into view
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg?.update()));
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('status')).toHaveText('A new version of Afterglow is available.');
    await audit(page, 'update banner', 'section[aria-label="App update"]');
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
    // the old worker still answers
    expect(await page.evaluate(() => fetch('/__sw-version').then((r) => r.text()))).not.toBe('2');

    // the next visit offers it again; 'Update Now' hands over and the page reloads into the new worker
    await page.reload();
    await expect(banner).toBeVisible();
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Update Now' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
    expect(await page.evaluate(() => fetch('/__sw-version').then((r) => r.text()))).toBe('2');
    await expect(banner).toHaveCount(0);
  } finally {
    writeFileSync(SW_FILE, current);
  }
  await ctx.close();
});
