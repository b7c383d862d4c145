import { expect, test } from '@playwright/test';
import { audit, confirmAddress } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * Buying a plan and the Extra Photos add-on as a host does, on the app as `npm start` runs it:
 * localhost, no Stripe keys, so checkout is in its test mode and says so (ADR 024).
 */
const PASSWORD = 'a good long password';

test.describe.configure({ mode: 'serial' });

test('pricing and checkout ask a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Event Pro' })).toBeVisible();
  // one plan copy: the card says what billing grants
  await expect(page.getByText('Printable QR kit').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started with Event Pro' })).toHaveAttribute(
    'href',
    /\/api\/login\?returnTo=%2Fcheckout%3Fplan%3Dpro/,
  );
  await audit(page, '/pricing');
  await page.goto('/checkout?plan=pro');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to Continue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Pricing' })).toBeVisible();
  await audit(page, '/checkout signed out');
});

test('a free host buys Event Pro, and the next event has Pro limits and the QR kit', async ({
  browser,
}, info) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/checkout?plan=pro')}`);
  await signUpAtIdp(page, uniqueEmail('buyer'), PASSWORD);
  await page.waitForURL('**/checkout?plan=pro');
  // buying needs a confirmed address (ADR 035): the page says so; the link in the e-mail confirms it
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address first' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await confirmAddress(page);
  await page.goto('/checkout?plan=pro');
  const stats = async () => (await (await page.request.get('/api/user/stats')).json()).currentPlan;
  expect(await stats()).toBe('free');

  await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Event Pro' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByText('Test mode: no card is charged.')).toBeVisible();
  await expect(page.getByText(/secure and encrypted.*Stripe/)).toBeVisible();
  await audit(page, '/checkout test mode');
  await shot(page, info, 'checkout-test-mode');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await page.waitForURL('**/create-event?success=true');
  await expect(
    page.getByText('Payment successful! Thank you for your purchase.', { exact: false }),
  ).toBeVisible();
  await expect.poll(stats).toBe('pro');

  // the host's next event: Pro's photo limit, and the printable QR kit opens
  const r = await page.request.post('/api/events', { data: eventBody({ name: 'Paid Party' }) });
  expect(r.status()).toBe(201);
  const event = await r.json();
  expect(event.maxPhotos).toBe(2000);
  await page.goto(`/host/dashboard/${event.id}`);
  await page.getByRole('link', { name: 'Print QR Kit' }).click();
  await page.waitForURL(`**/host/qr-kit/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Printable QR kit' })).toBeVisible();

  // Extra Photos for this event: its limit goes from 2,000 to 3,000
  await page.goto(`/host/dashboard/${event.id}`);
  await expect(page.getByText('2,000 photos')).toBeVisible();
  await page.getByRole('link', { name: 'Add 1,000 photos ($10)' }).click();
  await page.waitForURL('**/checkout?addon=extra-photos**');
  await expect(page.getByRole('heading', { name: 'Extra Photos' })).toBeVisible();
  await expect(page.getByText('Test mode: no card is charged.')).toBeVisible();
  await audit(page, '/checkout add-on');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await page.waitForURL(`**/host/dashboard/${event.id}`);
  await expect
    .poll(async () => (await (await page.request.get(`/api/events/${event.id}`)).json()).maxPhotos)
    .toBe(3000);
  await page.reload();
  await expect(page.getByText('3,000 photos')).toBeVisible();

  // both payments in the billing history
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Billing History' }).click();
  const history = page.getByRole('list', { name: 'Payments' });
  await expect(history.getByText('Event Pro')).toBeVisible();
  await expect(history.getByText(/Extra Photos/)).toBeVisible();
  await expect(history.getByText('$59.00 · Paid (test mode)')).toBeVisible();
  await audit(page, '/dashboard billing history');
  await ctx.close();
});
