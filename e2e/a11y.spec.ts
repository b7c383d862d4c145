import { expect, test } from '@playwright/test';
import { audit } from './browser-support';
import { PHONE, signUpAtIdp, uniqueEmail } from './support';

test.describe('accessibility (axe-core)', () => {
  let code = '';
  const host = uniqueEmail('a11y-host');

  test.beforeAll(async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto('/api/login');
    await signUpAtIdp(page, host, 'a good long password');
    const res = await page.request.post('/api/events', {
      data: {
        name: 'Accessible Party',
        startsAt: new Date(Date.now() + 3600_000).toISOString(),
        endsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
        maxShotsPerDevice: 12,
        revealMode: 'end',
      },
    });
    expect(res.status()).toBe(201);
    code = (await res.json()).code;
    await ctx.close();
  });

  test('landing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'landing');
  });

  test('join and camera, on a phone', async ({ browser }) => {
    const ctx = await browser.newContext({
      viewport: PHONE,
      permissions: ['camera'],
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    await page.goto('/join');
    await expect(page.getByRole('button', { name: 'Join Event' })).toBeVisible();
    await audit(page, '/join');
    await page.goto(`/join/${code}`);
    await expect(page.getByText('Accessible Party')).toBeVisible();
    await audit(page, '/join/{code}');
    await page.getByRole('button', { name: 'Start Taking Photos' }).click();
    await page.waitForURL(`**/camera/${code}`);
    // (the camera opened with the join's tap)
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeVisible();
    await audit(page, '/camera/{code}');
    await ctx.close();
  });

  test('create event', async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto('/create-event');
    await expect(page.getByText('Login Required')).toBeVisible();
    await audit(page, '/create-event (logged out)');
    await page.goto('/api/login?returnTo=/create-event');
    await signUpAtIdp(page, host, 'a good long password', 'Sign in');
    await page.waitForURL('**/create-event');
    await expect(page.getByLabel('Event name')).toBeVisible();
    await audit(page, '/create-event');
    await ctx.close();
  });
});
