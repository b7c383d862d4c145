import { expect, test } from '@playwright/test';
import { audit } from './browser-support';
import { eventBody, signUpAtIdp, uniqueEmail } from './support';

/** Retention (ADR 026): the host dashboard says when an event and its photos will be deleted. */
const DAY = 24 * 3600_000;

test('the host dashboard warns before and after hosting ends', async ({ page }) => {
  await page.goto('/api/login');
  await signUpAtIdp(page, uniqueEmail('retention'), 'a good long password');
  const created = await page.request.post('/api/events', { data: eventBody({ name: 'Picnic' }) });
  expect(created.status()).toBe(201);
  const event = await created.json();
  const banner = page.getByRole('status', { name: 'Hosting period' });

  // today: a free event's 7 hosting days are far off, no banner
  await page.goto(`/host/dashboard/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Picnic' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // five days on: it ends soon
  const start = Date.parse(event.startsAt);
  await page.clock.setFixedTime(new Date(start + 5 * DAY));
  await page.reload();
  await expect(banner).toContainText('Hosting for this event ends on');
  await expect(banner).toContainText('the event and all its photos will be deleted');
  await expect(banner.getByRole('link', { name: 'upgrade your plan' })).toHaveAttribute('href', '/pricing');
  await audit(page, 'host dashboard, hosting ends soon');

  // eight days on: it has ended
  await page.clock.setFixedTime(new Date(start + 8 * DAY));
  await page.reload();
  await expect(banner).toContainText('Hosting for this event ended on');
});
