import { expect, test } from '@playwright/test';
import { phoneGuestJoins } from './browser-support';
import { linkFromMail } from './mail';
import { eventBody, isoIn, signInOrUp, uniqueEmail } from './support';

// 'Tell me when the photos are revealed' (ADR 035), as a guest at the party does it: from the gallery,
// by e-mail; withdrawn, then asked again; at the reveal the e-mail (kept in the data dir: this server
// has no SMTP server) carries the gallery link, which shows the photos.
test('a guest opts in by e-mail from the gallery, withdraws, asks again and is told at the reveal', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInOrUp(page, uniqueEmail('reminding-host'), 'a good long password', '/dashboard');
  const created = await page.request.post('/api/events', {
    data: eventBody({
      name: 'Reminder Party',
      startsAt: isoIn(-60_000),
      endsAt: isoIn(3600_000),
      revealMode: 'live',
      revealAt: isoIn(25_000),
    }),
  });
  expect(created.status()).toBe(201);
  const event = await created.json();
  // live mode off: the reveal time alone opens the gallery
  expect(
    (await page.request.post(`/api/events/${event.id}/live-mode`, { data: { enabled: false } })).status(),
  ).toBe(200);

  const { context, page: phone } = await phoneGuestJoins(browser, event.code, 'Reminder Party');
  await phone.goto(`/gallery/${event.code}`);
  const card = phone.getByRole('region', { name: 'Tell me when the photos are revealed' });
  await expect(card).toBeVisible();
  await expect(
    card.getByText('Your address is used only for this message and is deleted with the event.'),
  ).toBeVisible();

  const address = uniqueEmail('guest');
  await card.getByLabel('Or by e-mail').fill(address);
  await card.getByRole('button', { name: 'Remind me' }).click();
  await expect(card.locator('span', { hasText: `We will tell you at ${address}.` })).toBeVisible();
  // kept on the server: still there after a reload
  await phone.reload();
  await expect(card.locator('span', { hasText: `We will tell you at ${address}.` })).toBeVisible();

  await card.getByRole('button', { name: 'Stop the e-mail reminder' }).click();
  await expect(card.getByRole('status')).toHaveText('Reminder stopped.');
  await expect(card.getByLabel('Or by e-mail')).toBeVisible();

  const again = uniqueEmail('guest-again');
  await card.getByLabel('Or by e-mail').fill(again);
  await card.getByRole('button', { name: 'Remind me' }).click();
  await expect(card.locator('span', { hasText: `We will tell you at ${again}.` })).toBeVisible();

  const link = await linkFromMail(again, `/gallery/${event.code}`, undefined, 70_000);
  await phone.goto(link);
  await expect(phone.getByRole('region', { name: 'Tell me when the photos are revealed' })).toHaveCount(0);
  // the withdrawn address got nothing
  await expect(linkFromMail(address, '/gallery/', undefined, 500)).rejects.toThrow(/no e-mail/);
  await context.close();
});
