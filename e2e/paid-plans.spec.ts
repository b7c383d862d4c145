import { expect, test } from '@playwright/test';
import { audit, buyPlanInTestMode } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * What a paid plan opens, for a host who bought it on /checkout in the running app (test mode, as
 * `npm start` runs without Stripe keys; ADR 024).
 */
test.describe('a host on Event Pro', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);
  const email = uniqueEmail('pro-host');

  test.beforeAll(async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto('/api/login');
    await signUpAtIdp(page, email, 'a good long password');
    await buyPlanInTestMode(page, 'pro');
    await ctx.close();
  });

  test('prints a QR kit: a poster and table cards in the event theme, on A4 or Letter', async ({
    browser,
    baseURL,
  }, info) => {
    const origin = baseURL!;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${origin}/api/login`);
    await signUpAtIdp(page, email, 'a good long password', 'Sign in');
    const r = await page.request.post(`${origin}/api/events`, {
      data: eventBody({ name: 'Pro Gala', colorMood: 'lavender', maxShotsPerDevice: 24 }),
    });
    expect(r.status()).toBe(201);
    const event = await r.json();

    await page.goto(`${origin}/host/dashboard/${event.id}`);
    await page.getByRole('link', { name: 'Print QR Kit' }).click();
    await page.waitForURL(`**/host/qr-kit/${event.id}`);
    await expect(page.getByRole('heading', { name: 'Printable QR kit' })).toBeVisible();
    // the poster: name, QR code, code, link, the roll's size; four table cards
    const poster = page.locator('article').first();
    await expect(poster.getByRole('heading', { name: 'Pro Gala' })).toBeVisible();
    await expect(poster.getByRole('img', { name: 'QR code to join Pro Gala' })).toBeVisible();
    await expect(poster.getByText(event.code, { exact: true })).toBeVisible();
    await expect(poster.getByText(new URL(event.joinUrl).host, { exact: false })).toBeVisible();
    await expect(poster.getByText('Shoot your roll of 24 photos.', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: /Table card/ })).toHaveCount(4);
    // in the event's colours
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(await poster.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(rgb(event.primaryColor));
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--ag-primary').trim(),
    );
    expect(primary).toBe(event.primaryColor);
    await audit(page, 'QR kit');

    // the paper size sets the printed page; printing hides the toolbar
    const pageRule = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('style'))
          .map((s) => s.textContent ?? '')
          .find((t) => t.includes('@page')),
      );
    expect(await pageRule()).toContain('size: A4 portrait');
    await page.getByText('Letter', { exact: true }).click();
    expect(await pageRule()).toContain('size: Letter portrait');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await shot(page, info, 'qr-kit-print');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    // two sheets: the poster and the cards, each on its own page
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(2);
    await ctx.close();
  });
});
