import { expect, test } from '@playwright/test';

test.describe('the shell', () => {
  test('renders the landing page with the spec header for visitors', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/create-event');
    await expect(page.getByRole('link', { name: 'Login to Create Event' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join with Code' })).toHaveAttribute('href', '/join');
    await expect(page.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('shows 404 Page Not Found for any other path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('does not download the host or admin remote on guest routes', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/join');
    await expect(page.getByRole('button', { name: 'Join Event' })).toBeVisible();
    await page.goto('/join/ABCDEF');
    await page.waitForLoadState('networkidle');
    expect(requested.some((p) => p.startsWith('/remotes/guest/'))).toBe(true);
    expect(
      requested.filter((p) => p.startsWith('/remotes/host/') || p.startsWith('/remotes/admin/')),
    ).toEqual([]);
  });

  test("fetches the remote's manifest once on a cold load of a guest page", async ({ page }) => {
    const manifests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/mf-manifest.json')) manifests.push(new URL(r.url()).pathname);
    });
    await page.goto('/join');
    await expect(page.getByRole('button', { name: 'Join Event' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(manifests).toEqual(['/remotes/guest/mf-manifest.json']);
  });

  test('a remote that fails to load shows a friendly error with a retry, never a blank page', async ({
    page,
  }) => {
    await page.route('**/remotes/guest/**', (route) => route.abort('failed'));
    await page.goto('/join');
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
    await page.unroute('**/remotes/guest/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Join Event' })).toBeVisible();
  });
});
