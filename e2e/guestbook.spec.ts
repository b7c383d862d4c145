import { expect, test } from '@playwright/test';
import { parseCsv, readZip } from '../services/photos/src/test-support/zip-reader';
import { buyPlanInTestMode, guestShoots, phoneGuestJoins } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

interface HostEntry {
  id: string;
  kind: 'text' | 'voice';
  text: string | null;
  status: string;
}

/**
 * The guestbook from end to end (ADR 034): a guest writes a message and records one with the
 * microphone (Chromium's fake one); nobody else sees them until the host approves; then the gallery
 * and a venue screen show them, and the export holds them.
 */
test('a guest writes and records messages; the host approves them; a venue screen shows them; the ZIP holds them', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const host = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const hostPage = await host.newPage();
  await hostPage.goto(`${origin}/api/login?returnTo=/create-event`);
  await signUpAtIdp(hostPage, uniqueEmail('guestbook-host'), 'a good long password');
  await buyPlanInTestMode(hostPage, 'basic', origin);
  const created = await hostPage.request.post(`${origin}/api/events`, {
    data: eventBody({ name: 'Guestbook Party', revealMode: 'live' }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; code: string; slug: string };
  // a photo for the venue screen to show between messages
  await guestShoots(hostPage.request, event.code, 1, 'Pia');

  // --- a guest leaves a written message and a voice message from the gallery ---
  const { context, page } = await phoneGuestJoins(browser, event.code, 'Guestbook Party', 'Gus', [
    'camera',
    'microphone',
  ]);
  await page.goto(`${origin}/gallery/${event.code}`);
  const book = page.getByRole('region', { name: 'Guestbook' });
  await book.getByRole('button', { name: 'Leave a Message' }).click();
  const composer = page.getByRole('dialog', { name: 'Leave a message for the hosts' });
  await composer.getByLabel('Your message').fill('Congratulations, what a night!');
  await shot(page, info, 'guestbook-composer');
  await composer.getByRole('button', { name: 'Send Message' }).click();
  await expect(composer).toBeHidden();
  await expect(book.getByText('Congratulations, what a night!')).toBeVisible();
  await expect(book.getByText('Waiting for the hosts')).toBeVisible();

  await book.getByRole('button', { name: 'Leave a Message' }).click();
  await composer.getByRole('radio', { name: 'Voice' }).click();
  await composer.getByRole('button', { name: 'Record (up to 60 seconds)' }).click();
  await expect(composer.getByText('0:02 / 1:00')).toBeVisible();
  await composer.getByRole('button', { name: 'Stop recording' }).click();
  await expect(composer.getByLabel('Your voice message')).toBeVisible();
  await composer.getByRole('button', { name: 'Send Message' }).click();
  await expect(composer).toBeHidden();
  await expect(book.getByText('Waiting for the hosts')).toHaveCount(2);
  await shot(page, info, 'guestbook-mine');

  // --- before the host approves, nobody else sees them ---
  const other = await phoneGuestJoins(browser, event.code, 'Guestbook Party', 'Olga');
  await other.page.goto(`${origin}/gallery/${event.code}`);
  const otherBook = other.page.getByRole('region', { name: 'Guestbook' });
  await expect(otherBook.getByText('No messages yet. Be the first!')).toBeVisible();

  // --- the host approves both ---
  const listed = (await (
    await hostPage.request.get(`${origin}/api/events/${event.id}/guestbook`)
  ).json()) as { entries: HostEntry[] };
  expect(listed.entries.map((e) => [e.kind, e.status]).sort()).toEqual([
    ['text', 'pending'],
    ['voice', 'pending'],
  ]);
  for (const e of listed.entries)
    expect((await hostPage.request.post(`${origin}/api/guestbook/${e.id}/approve`)).ok()).toBe(true);

  // --- everyone sees them now, the recording plays ---
  await other.page.reload();
  await expect(otherBook.getByText('Congratulations, what a night!')).toBeVisible();
  // another guest may report a message to the hosts
  await expect(otherBook.getByRole('button', { name: 'Report message' })).toHaveCount(2);
  const voice = otherBook.getByLabel('Voice message from Gus');
  await expect(voice).toBeVisible();
  await voice.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => voice.evaluate((a: HTMLAudioElement) => a.currentTime > 0.3)).toBe(true);
  await other.context.close();
  await context.close();

  // --- a venue screen shows the written message as a card between photos ---
  const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screenPage = await screen.newPage();
  await screenPage.goto(`${origin}/live-slideshow/${event.code}`);
  const card = screenPage.getByRole('figure', { name: 'Guestbook message from Gus' });
  await expect(card.getByText('Congratulations, what a night!')).toBeVisible({ timeout: 60_000 });
  await expect(card).toHaveCSS('opacity', '1');
  await shot(screenPage, info, 'guestbook-on-venue-screen');
  await screen.close();

  // --- the export holds guestbook.csv and the recording ---
  const manifest = (await (await hostPage.request.get(`${origin}/api/events/${event.id}/export`)).json()) as {
    parts: { url: string }[];
  };
  const entries = await readZip(await (await hostPage.request.get(manifest.parts[0]!.url)).body());
  const csv = parseCsv(entries.find((e) => e.name === 'guestbook.csv')!.bytes.toString('utf8'));
  expect(
    csv
      .slice(1)
      .map((r) => r[csv[0]!.indexOf('kind')])
      .sort(),
  ).toEqual(['text', 'voice']);
  const audio = entries.find((e) => e.name.startsWith('guestbook/'));
  expect(audio?.bytes.length).toBeGreaterThan(1000);
  await host.close();
});
