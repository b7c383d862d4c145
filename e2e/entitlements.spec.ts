import { expect, test } from '@playwright/test';
import { audit, guestShoots } from './browser-support';
import { eventBody, isoIn, localParts, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * What the free plan allows, as a free host meets it (ADR 025): the dashboard's banner from 80 % of
 * the event's photo limit, the public gallery switch off with the way to upgrade, and a second event
 * refused on /create-event with an Upgrade link.
 */
test('a free host is told before the photo limit, and shown the upgrade path', async ({ browser }, info) => {
  test.setTimeout(240_000);
  const host = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await host.newPage();
  await page.goto('/api/login');
  await signUpAtIdp(page, uniqueEmail('free-limits'), 'a good long password');
  const created = await page.request.post('/api/events', {
    data: eventBody({ name: 'Demo Night', startsAt: isoIn(-60_000), maxShotsPerDevice: 36 }),
  });
  expect(created.status()).toBe(201);
  const event = await created.json();
  expect(event).toMatchObject({ maxPhotos: 50, publicGallery: false });

  // below 80 %: no banner
  await guestShoots((await browser.newContext()).request, event.code, 36, 'Ana');
  await page.goto(`/host/dashboard/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Event Sharing & Privacy' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan limits' })).toHaveCount(0);

  // 40 of 50: the banner, with the way to more
  await guestShoots((await browser.newContext()).request, event.code, 4, 'Ben');
  const banner = page.getByRole('region', { name: 'Plan limits' });
  await expect(banner).toContainText('This event has 40 of 50 photos.', { timeout: 15_000 });
  await expect(banner.getByRole('link', { name: 'Upgrade for more.' })).toHaveAttribute('href', '/pricing');

  // the public gallery is not in the free plan: the switch is off and cannot be turned on
  const sharing = page.getByRole('switch', { name: 'Public gallery' });
  await expect(sharing).toBeDisabled();
  await expect(sharing).toHaveAttribute('aria-checked', 'false');
  await expect(
    page.getByText('Your plan does not include a public gallery.', { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Event Sharing & Privacy' }).getByRole('link', { name: 'Upgrade' }),
  ).toHaveAttribute('href', '/pricing');
  await shot(page, info, 'free-host-dashboard-limits');
  await audit(page, 'host dashboard: near the photo limit, public gallery not in the plan');

  // the free plan's one event is used: /create-event says so, with the way to upgrade
  await page.goto('/create-event');
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000);
  const [s, e] = [localParts(start), localParts(new Date(start.getTime() + 2 * 3600_000))];
  await page.getByLabel('Event name').fill('Second Party');
  await page.getByLabel('Start date').fill(s.date);
  await page.getByLabel('Start time').fill(s.time);
  await page.getByLabel('End date').fill(e.date);
  await page.getByLabel('End time').fill(e.time);
  await page.getByRole('button', { name: 'Create Event' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your plan includes 1 event' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await audit(page, '/create-event: the plan has no event left');
});
