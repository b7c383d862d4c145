import { expect, test } from '@playwright/test';
import { linkFromMail } from './mail';
import { signUpAtIdp, uniqueEmail } from './support';

// A host who forgot their password gets back in by themselves (ADR 035): 'Forgot password?' on the
// sign-in page, a link by e-mail (kept in the data dir: the e2e server has no SMTP server, as a laptop
// at a venue), a new password, and signing in with it; the old one no longer works.
test("'Forgot password?' through to signing in with the new password", async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/api/login?returnTo=/dashboard');
  await signUpAtIdp(page, email, 'my first password');
  await page.waitForURL('**/dashboard');

  // another day, another browser: signed out
  await page.context().clearCookies();
  await page.goto('/api/login?returnTo=/dashboard');
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  const link = await linkFromMail(email, '/idp/reset/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my second password');
  await page.getByLabel('New password again').fill('not the same');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await page.getByLabel('New password', { exact: true }).fill('my second password');
  await page.getByLabel('New password again').fill('my second password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // the link works once
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();

  await page.goto('/api/login?returnTo=/dashboard');
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my first password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password. Please try again.');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my second password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${email}!` })).toBeVisible();
});
