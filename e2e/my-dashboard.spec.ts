import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { audit } from './browser-support';
import { PHONE, eventBody, isoIn, localParts, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * /dashboard, the host's own page, and an event's life on the host dashboard (ADR 018): as a host
 * uses them, by mouse and by keyboard, on a laptop and on a phone.
 */
const PASSWORD = 'a good long password';
const host = uniqueEmail('mine');

/** Signs in as `email` (made by the first test) and lands on `path`. */
async function signIn(
  browser: Browser,
  email: string,
  path: string,
  viewport = { width: 1280, height: 800 },
) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(`/api/login?returnTo=${encodeURIComponent(path)}`);
  await signUpAtIdp(page, email, PASSWORD, 'Sign in');
  await page.waitForURL(`**${path}`);
  return { ctx, page };
}

/** A guest joins by code and takes one photo, through the API as the camera sends it. */
async function guestShoots(page: Page, code: string) {
  const device = await page.request.post(`/api/events/${code}/devices`, {
    data: { anonId: crypto.randomUUID(), displayName: null },
  });
  expect(device.status()).toBe(201);
  const jpeg = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#88aacc',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const up = await page.request.post(`/api/events/${code}/photos`, {
    multipart: {
      photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      deviceId: (await device.json()).id,
    },
  });
  expect(up.status()).toBe(201);
}

test.describe.configure({ mode: 'serial' });

test('signed out, /dashboard asks to log in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('Please log in to view your dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to Continue' })).toHaveAttribute(
    'href',
    /^\/api\/login/,
  );
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await audit(page, '/dashboard (signed out)');
});

test('a new host creates an event and finds it on their dashboard', async ({ browser }, info) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto('/create-event');
  await page.getByRole('link', { name: 'Login to Continue' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByText('New here? Add your name (optional)').click();
  await page.getByLabel('First name').fill('Morgan');
  await signUpAtIdp(page, host, PASSWORD);
  await page.waitForURL('**/create-event');

  const start = localParts(new Date(Date.now() + 2 * 3600_000));
  const end = localParts(new Date(Date.now() + 5 * 3600_000));
  await page.getByLabel('Event name').fill('Harbour Lights');
  await page.getByLabel('Start date').fill(start.date);
  await page.getByLabel('Start time').fill(start.time);
  await page.getByLabel('End date').fill(end.date);
  await page.getByLabel('End time').fill(end.time);
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/events' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Event' }).click();
  const event = await (await created).json();
  await expect(page.getByRole('heading', { name: 'Event Created Successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Another Event' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL(`**/host/dashboard/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  await guestShoots(page, event.code);

  // the user menu, by keyboard: Enter opens it on its first entry, which Enter follows
  const menuButton = page.getByRole('button', { name: host.split('@')[0] });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const first = page.getByRole('menuitem', { name: 'My Dashboard' });
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan!' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Your statistics' });
  await expect(stats.getByText('Free Demo')).toBeVisible();
  await expect(stats.getByText('Active', { exact: true })).toBeVisible();
  await expect(stats.getByRole('listitem').filter({ hasText: 'Events Created' })).toContainText('1');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Photos Collected' })).toContainText('1');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Storage Used' })).toContainText(
    /0%\s*[\d.]+ MB \/ 500 MB/,
  );
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByText(host)).toBeVisible();
  await overview.getByRole('button', { name: 'Billing History' }).click();
  await expect(overview.getByText('No payments yet')).toBeVisible();
  await audit(page, '/dashboard Overview');
  await shot(page, info, 'dashboard-overview');

  await page.getByRole('tab', { name: 'My Events' }).click();
  const mine = page.getByRole('tabpanel', { name: 'My Events' });
  const row = mine.getByRole('row', { name: /Harbour Lights/ });
  await expect(row).toContainText(event.code);
  await expect(row).toContainText('Free Demo');
  await expect(row).toContainText('Upcoming');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await audit(page, '/dashboard My Events');
  await shot(page, info, 'dashboard-my-events');

  await page.getByRole('tab', { name: 'Upgrade' }).click();
  const upgrade = page.getByRole('tabpanel', { name: 'Upgrade' });
  const plans = upgrade.getByRole('link', { name: /^Upgrade to / });
  await expect(plans).toHaveCount(3);
  for (const link of await plans.all()) await expect(link).toHaveAttribute('href', '/pricing');
  await audit(page, '/dashboard Upgrade');

  await page.getByRole('tab', { name: 'My Events' }).click();
  await row.getByRole('link', { name: /Manage/ }).click();
  await page.waitForURL(`**/host/dashboard/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  await ctx.close();
});

test('tabs switch with the arrow keys, Home and End', async ({ browser }) => {
  const { ctx, page } = await signIn(browser, host, '/dashboard');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Overview').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('My Events')).toBeFocused();
  await expect(tab('My Events')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'My Events' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Upgrade')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Upgrade')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Upgrade' })).toBeHidden();
  await ctx.close();
});

test('a new account has no events yet', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Login to Continue' }).click();
  await signUpAtIdp(page, uniqueEmail('empty'), PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('tab', { name: 'My Events' }).click();
  await expect(page.getByText('No events created yet')).toBeVisible();
  const stats = page.getByRole('region', { name: 'Your statistics' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Events Created' })).toContainText('0');
  await page.getByRole('link', { name: 'Create Your First Event' }).click();
  await page.waitForURL('**/create-event');
  await ctx.close();
});

test('the host ends an event early, extends it and deletes it', async ({ browser }, info) => {
  // a host of its own: the free plan holds one event, and the first host's is Harbour Lights (ADR 025)
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/dashboard')}`);
  await signUpAtIdp(page, uniqueEmail('lifecycle'), PASSWORD);
  await page.waitForURL('**/dashboard');
  const res = await page.request.post('/api/events', {
    data: eventBody({ name: 'Lantern Walk', startsAt: isoIn(-60_000), endsAt: isoIn(3 * 3600_000) }),
  });
  expect(res.status()).toBe(201);
  const event = await res.json();
  // a guest's gallery is open on the event meanwhile
  const guest = await browser.newContext();
  const gallery = await guest.newPage();
  await gallery.goto(`/gallery/${event.code}`);
  await expect(gallery.getByRole('heading', { name: 'Lantern Walk' })).toBeVisible();

  await page.goto(`/host/dashboard/${event.id}`);
  const card = page.getByRole('region', { name: 'Event Status' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // end early
  await card.getByRole('button', { name: 'End Event Now' }).click();
  const endDialog = page.getByRole('dialog', { name: 'End this event now?' });
  await expect(endDialog).toContainText('The photos are revealed to guests now');
  await audit(page, 'End Event Now dialog');
  await endDialog.getByRole('button', { name: 'End Event Now' }).click();
  await expect(endDialog).toBeHidden();
  await expect(page.getByText('Event ended', { exact: true })).toBeVisible();
  await expect(card.getByText('Ended', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'End Event Now' })).toHaveCount(0);

  // extend: beyond the plan's hosting days is refused with the plan's limit, within it reopens
  await card.getByRole('button', { name: 'Extend' }).click();
  const extend = page.getByRole('dialog', { name: 'Extend the event' });
  await expect(extend).toContainText('7-day hosting');
  const picker = extend.getByLabel('New end date and time');
  const max = await picker.getAttribute('max');
  expect(max).toBeTruthy();
  await audit(page, 'Extend dialog');
  const tooLate = new Date(Date.parse(event.startsAt) + 8 * 24 * 3600_000);
  const late = localParts(tooLate);
  await picker.fill(`${late.date}T${late.time}`);
  await extend.getByRole('button', { name: 'Extend Event' }).click();
  await expect(extend.getByText("End date must be within your plan's 7-day hosting")).toBeVisible();
  await audit(page, 'Extend dialog with an error');
  const ok = localParts(new Date(Date.now() + 24 * 3600_000));
  await picker.fill(`${ok.date}T${ok.time}`);
  await extend.getByRole('button', { name: 'Extend Event' }).click();
  await expect(extend).toBeHidden();
  await expect(page.getByText('Event extended', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await shot(page, info, 'host-dashboard-lifecycle');

  // delete: the typed code unlocks it; then back to /dashboard, where the event is gone
  await card.getByRole('button', { name: 'Delete Event' }).click();
  const del = page.getByRole('dialog', { name: 'Delete this event?' });
  await expect(del).toContainText('The photos will be deleted and cannot be restored.');
  const confirm = del.getByRole('button', { name: 'Delete Event' });
  await expect(confirm).toBeDisabled();
  await audit(page, 'Delete Event dialog');
  await del.getByLabel(`Type the event code ${event.code} or its name to confirm`).fill('WRONG1');
  await expect(confirm).toBeDisabled();
  await del.getByLabel(/Type the event code/).fill(event.code.toLowerCase());
  await confirm.click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('Event deleted successfully', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'My Events' }).click();
  const mine = page.getByRole('tabpanel', { name: 'My Events' });
  await expect(mine.getByText('No events created yet')).toBeVisible();
  await expect(mine.getByText('Lantern Walk')).toHaveCount(0);
  // the guest's open page was told, and says so
  await expect(gallery.getByText('Event not found')).toBeVisible();
  await guest.close();
  await ctx.close();
});

test('on a phone, My Events is a list of cards that fits the screen', async ({ browser }, info) => {
  const { ctx, page } = await signIn(browser, host, '/dashboard', PHONE);
  await page.getByRole('tab', { name: 'My Events' }).click();
  const list = page.getByRole('list', { name: 'Your events, newest first' });
  await expect(list.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const manage = list.getByRole('link', { name: /Manage/ }).first();
  await manage.scrollIntoViewIfNeeded();
  await expect(manage).toBeInViewport();
  const box = (await manage.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await audit(page, '/dashboard My Events on a phone');
  await shot(page, info, 'dashboard-phone');
  await manage.click();
  await page.waitForURL(/\/host\/dashboard\//);
  await ctx.close();
});
