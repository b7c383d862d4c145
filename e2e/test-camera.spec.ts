import { expect, test, type Page } from '@playwright/test';
import { audit } from './browser-support';
import { E2E_ADMIN, shot, signInOrUp } from './support';

/**
 * Camera Test Mode (/test-camera): an admin tries the guest camera with test settings on the browser's
 * fake camera; nothing is uploaded (spec sections 2, 4, 5 and 8).
 */
const PASSWORD = 'a good long password';

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test('a visitor who is not an admin is turned away', async ({ page }) => {
  await page.goto('/test-camera');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have administrator privileges to access this page.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
});

test('an admin shoots, retakes, captions and keeps test photos without uploading any', async ({
  page,
}, info) => {
  // Thirteen full-HD captures kept on the page and three accessibility audits: 25 s alone, but past
  // the default 90 s late in a full run (twice on 2026-11-26, while still progressing), so it has more.
  test.setTimeout(180_000);
  const api: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/user')
      api.push(`${r.method()} ${url.pathname}`);
  });
  await signInOrUp(page, E2E_ADMIN, PASSWORD, '/test-camera');
  api.length = 0; // the sign-in's own calls

  await expect(page.getByRole('heading', { name: 'Camera Test Mode' })).toBeVisible();
  await expect(toastText(page, 'Camera Test Mode')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin-dashboard',
  );

  // the settings: 'Test Event', 'TEST01', a 24-shot roll of 12/24/36, presets with 'blackwhite'
  await expect(page.getByLabel('Event name')).toHaveValue('Test Event');
  await expect(page.getByLabel('Event code')).toHaveValue('TEST01');
  const maxShots = page.getByLabel('Max shots');
  await expect(maxShots).toHaveValue('24');
  expect(
    await maxShots.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(['12', '24', '36']);
  const preset = page.getByLabel('Film preset');
  await preset.selectOption('blackwhite');
  await expect(preset).toHaveValue('blackwhite');
  await expect(preset.locator('option:checked')).toHaveText('Black & White');
  await expect(page.getByRole('switch', { name: 'Film mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Film overlay' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('24 of 24 shots left')).toBeVisible();
  await expect(page.getByRole('status').getByText('Starting camera')).toHaveCount(0);
  await audit(page, '/test-camera');

  // capture → preview → Retake gives the shot back
  const shutter = page.getByRole('button', { name: 'Take photo' });
  await shutter.click();
  await expect(toastText(page, 'Photo captured!')).toBeVisible();
  await expect(toastText(page, '23 shots remaining')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeFocused();
  await expect(page.getByText('Developing...', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Retake Shot' }).click();
  await expect(page.getByText('24 of 24 shots left')).toBeVisible();
  await expect(shutter).toBeFocused();

  // capture again, caption with its counter, Confirm keeps it on the page
  await shutter.click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  const caption = page.getByLabel('Caption (optional)');
  await caption.fill('Hello from the test roll');
  await expect(page.getByText('24/100')).toBeVisible();
  await audit(page, '/test-camera preview');
  await shot(page, info, 'test-camera-preview');
  await page.getByRole('button', { name: 'Confirm Photo' }).click();
  await expect(toastText(page, 'Test Photo Saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved test photos (1)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Test photo: Hello from the test roll' })).toBeVisible();
  await expect(page.getByText('23 of 24 shots left')).toBeVisible();

  // Reset Shots restores the roll
  await page.getByRole('button', { name: 'Reset Shots' }).click();
  await expect(toastText(page, 'Shots Reset')).toBeVisible();
  await expect(page.getByText('24 of 24 shots left')).toBeVisible();

  // a 12-shot roll used up: 'No shots remaining'
  await maxShots.selectOption('12');
  await expect(page.getByText('12 of 12 shots left')).toBeVisible();
  await page.getByRole('switch', { name: 'Film mode' }).click(); // no 'Developing...' wait
  for (let i = 11; i >= 0; i--) {
    await shutter.click();
    await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Photo' }).click();
    await expect(page.getByText(`${i} of 12 shots left`)).toBeVisible();
  }
  await expect(page.getByText('No shots remaining', { exact: true }).first()).toBeVisible();
  await expect(page.getByText("You've used all your shots for this test session.").first()).toBeVisible();
  // the shutter stays focusable (aria-disabled) so a keyboard user hears why nothing happens
  await expect(shutter).toHaveAttribute('aria-disabled', 'true');
  await shutter.press('Enter');
  await expect(toastText(page, 'No shots remaining')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Saved test photos (13)' })).toBeVisible();
  await audit(page, '/test-camera roll used up');

  // retake never gives more than the roll holds
  await page.getByRole('button', { name: 'Reset Shots' }).click();
  await expect(page.getByText('12 of 12 shots left')).toBeVisible();
  await shutter.click();
  await page.getByRole('button', { name: 'Retake Shot' }).click();
  await expect(page.getByText('12 of 12 shots left')).toBeVisible();

  // nothing of the photos went to the server
  expect(api).toEqual([]);
});
