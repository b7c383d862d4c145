import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { FILM_LOOKS, filmCssFilter } from '../packages/contracts/src/film-looks';
import { audit, jpeg, phoneGuestJoins } from './browser-support';
import { eventBody, signUpAtIdp, uniqueEmail } from './support';

/**
 * Film mode as a guest and a host meet it: the viewfinder previews the preset's colour and vignette
 * (and an event without film mode has a plain viewfinder); a photo develops with the film look while
 * the original the host downloads is the very file the guest sent.
 */

/** A host signed up at the identity provider, with the page whose requests carry the session. */
async function signedInHost(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/create-event');
  await page.getByRole('link', { name: 'Login to Continue' }).click();
  await signUpAtIdp(page, uniqueEmail('film-host'), 'a good long password');
  await page.waitForURL('**/create-event');
  return page;
}

async function createEvent(host: Page, over: Record<string, unknown>) {
  const res = await host.request.post('/api/events', { data: eventBody(over) });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; code: string; name: string };
}

/** A guest on a phone joins, which opens the in-app camera. */
async function viewfinder(browser: Browser, code: string, name: string) {
  const { page } = await phoneGuestJoins(browser, code, name);
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  return page;
}

test('the viewfinder previews the film preset, and only in film mode', async ({ browser }) => {
  // two hosts: the free plan holds one event each (ADR 025)
  const host = await signedInHost(browser);
  const film = await createEvent(host, { name: 'Golden Hour Picnic', filmMode: true, filmPreset: 'warm200' });
  const plain = await createEvent(await signedInHost(browser), {
    name: 'Plain Brunch',
    filmMode: false,
    filmPreset: 'warm200',
  });

  const page = await viewfinder(browser, film.code, film.name);
  const video = page.getByLabel('Camera preview');
  await expect(video).toHaveCSS('filter', filmCssFilter(FILM_LOOKS.warm200));
  await expect(page.getByTestId('film-vignette')).toHaveCount(1);
  await audit(page, 'film-mode camera');
  // taking a photo still works with the preview on
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('button', { name: 'Keep Photo' })).toBeVisible();

  const other = await viewfinder(browser, plain.code, plain.name);
  await expect(other.getByLabel('Camera preview')).toHaveCSS('filter', 'none');
  await expect(other.getByTestId('film-vignette')).toHaveCount(0);
});

test('a film photo develops with its look; the host downloads the original as the guest sent it', async ({
  browser,
}) => {
  const host = await signedInHost(browser);
  const event = await createEvent(host, { name: 'Darkroom Night', filmMode: true, filmPreset: 'bw' });
  const guestContext = await browser.newContext();
  const guest = guestContext.request;
  const joined = await guest.post(`/api/events/${event.code}/devices`, {
    data: { anonId: crypto.randomUUID() },
  });
  expect(joined.ok()).toBe(true);
  const sent = await jpeg('#c0392b', 640, 480);
  const up = await guest.post(`/api/events/${event.code}/photos`, {
    multipart: {
      deviceId: ((await joined.json()) as { id: string }).id,
      photo: { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: sent },
    },
  });
  expect(up.status()).toBe(201);

  let photo: { displayUrl?: string; originalUrl?: string } | undefined;
  await expect(async () => {
    const body = await (await host.request.get(`/api/events/${event.code}/photos`)).json();
    photo = body.photos[0];
    expect(photo?.displayUrl).toBeTruthy();
  }).toPass({ timeout: 30_000 });

  const original = await (await host.request.get(photo!.originalUrl!)).body();
  expect(original.equals(sent)).toBe(true);
  const display = await (await host.request.get(photo!.displayUrl!)).body();
  const { data, info } = await sharp(display).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([640, 480]);
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).slice(0, 3)];
  // black and white in the middle (the red photo is grey now), the dark film frame at the edge
  const [r, g, b] = at(320, 240);
  expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(12);
  expect(Math.max(...at(320, 2))).toBeLessThan(60);
  await guestContext.close();
});
