import { expect, test } from '@playwright/test';
import { confirmAddress } from './browser-support';
import { signUpAtIdp, uniqueEmail } from './support';

// My Dashboard's account settings (ADR 035), as a host uses them: the reminder to confirm the address
// until the link in the e-mail is followed, a new password (another browser signed in is signed out,
// this one stays), and an e-mail notice turned off and kept off.
test('a host confirms their address, changes their password and turns a notice off on My Dashboard', async ({
  browser,
}) => {
  const email = uniqueEmail('settings');
  const here = await browser.newContext();
  const page = await here.newPage();
  await page.goto('/api/login?returnTo=/dashboard');
  await signUpAtIdp(page, email, 'first password 1');
  await page.waitForURL('**/dashboard');
  await expect(
    page.getByText(`Please confirm your e-mail address. We sent a link to ${email}.`),
  ).toBeVisible();
  await confirmAddress(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${email}!` })).toBeVisible();
  await expect(page.getByText('Please confirm your e-mail address.', { exact: false })).toHaveCount(0);

  // the same person signed in elsewhere
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/api/login?returnTo=/dashboard');
  await signUpAtIdp(other, email, 'first password 1', 'Sign in');
  await other.waitForURL('**/dashboard');

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('first password 1');
  await form.getByLabel('New password', { exact: true }).fill('second password 2');
  await form.getByLabel('Confirm new password').fill('second password 2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password was changed. Other devices were signed out.').first(),
  ).toBeVisible();
  // this browser stays signed in; the other is signed out
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  expect((await other.request.get('/api/auth/user')).status()).toBe(401);

  const hosting = page.getByRole('switch', { name: /hosting of an event ends/ });
  await expect(hosting).toBeChecked();
  await hosting.click();
  await expect(hosting).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/user/notifications')).json()).hosting)
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: /hosting of an event ends/ })).not.toBeChecked();
  await here.close();
  await elsewhere.close();
});
