import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PhotoDto } from '@afterglow/contracts';
import { audit, guestShoots, jpeg, phoneGuestJoins } from './browser-support';
import { eventBody, signUpAtIdp, uniqueEmail } from './support';

/**
 * Guest safety (ADR 023) and event themes on guest pages, as people use them: three guests on their
 * own phones report a photo and it hides itself from guests and screens until the host decides; a
 * guest deletes their own shot from 'Your Shots'; every guest page wears the event's colours.
 */

const FOREST = { primary: '#16a34a' };

/** The page's background: the mood's gradient (forest: from green-50). */
const backgroundOf = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundImage);

const primaryOf = (p: Page) =>
  p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ag-primary').trim());

/** A guest on a phone of their own, joined through the join page, in the event's colours. */
async function phoneGuest(browser: Browser, code: string, name: string) {
  const joined = await phoneGuestJoins(browser, code, 'Forest Party', name);
  await expect.poll(() => primaryOf(joined.page)).toBe(FOREST.primary);
  await expect.poll(() => backgroundOf(joined.page)).toContain('rgb(240, 253, 244)');
  return joined;
}

/** The ids of the event's photos anyone with the code (a venue screen, a guest) is shown. */
async function shownToAll(api: APIRequestContext, event: { id: string; code: string }) {
  const gallery = (await (await api.get(`/api/events/${event.code}/photos`)).json()) as {
    photos: PhotoDto[];
  };
  const screen = (await (await api.get(`/api/photos/approved/${event.id}`)).json()) as PhotoDto[];
  return { gallery: gallery.photos.map((p) => p.id), screen: screen.map((p) => p.id) };
}

test('three guests report a photo: hidden from guests and screens until the host decides', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/api/login');
  await signUpAtIdp(hostPage, uniqueEmail('safety-host'), 'a good long password');
  const created = await hostPage.request.post('/api/events', {
    data: eventBody({ name: 'Forest Party', revealMode: 'live', colorMood: 'forest' }),
  });
  expect(created.status()).toBe(201);
  const event = await created.json();
  const code: string = event.code;
  await hostPage.request.post(`/api/events/${event.id}/live-mode`, { data: { enabled: true } });

  // the host's setting, default 3, in the sharing card
  await hostPage.goto(`/host/dashboard/${event.id}`);
  await expect(hostPage.getByLabel('Hide a photo after this many guest reports')).toHaveValue('3');

  // someone's photo, approved once developed
  const shooter = await browser.newContext();
  await guestShoots(shooter.request, code, 1, 'Sam');
  let photoId = '';
  await expect
    .poll(async () => {
      const pending = (await (
        await hostPage.request.get(`/api/events/${code}/photos/pending`)
      ).json()) as PhotoDto[];
      photoId = pending.find((p) => p.thumbUrl)?.id ?? '';
      return photoId;
    })
    .not.toBe('');
  expect((await hostPage.request.post(`/api/photos/${photoId}/approve`)).status()).toBe(200);

  const anyone = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await shownToAll(anyone, event)).screen).toContain(photoId);

  const guests = [];
  for (const name of ['Ada', 'Ben', 'Cy']) guests.push(await phoneGuest(browser, code, name));
  for (const [i, g] of guests.entries()) {
    const page = g.page;
    await page.goto(`/gallery/${code}`);
    // the guest pages wear the event's colours
    await expect.poll(() => primaryOf(page)).toBe(FOREST.primary);
    await expect.poll(() => backgroundOf(page)).toContain('rgb(240, 253, 244)');
    await page
      .getByRole('button', { name: /^Open photo/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Report photo' }).click();
    await dialog.getByLabel('I’m in it and don’t want it shown').check();
    if (i === 0) await audit(page, 'report form', 'dialog[open]');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(page.getByText('Photo reported', { exact: true })).toBeVisible();
    // the third report hides it: the refreshed gallery no longer has it, and its dialog closes
    if (i < 2)
      await expect(dialog.getByText('You reported this photo. The host will review it.')).toBeVisible();
    else await expect(dialog).toBeHidden();
    const seen = await shownToAll(anyone, event);
    if (i < 2) expect(seen.gallery, `after ${i + 1} report(s)`).toContain(photoId);
    else expect(seen).toEqual({ gallery: [], screen: [] });
  }
  // the guests' galleries drop it at their next look
  const last = guests[2]!.page;
  await last.reload();
  await expect(last.getByText('Live photos appear here as soon as the host approves them.')).toBeVisible();

  // the host sees why, and decides: approved, it is back for everyone
  await hostPage.goto(`/live-moderation/${event.id}`);
  await expect(hostPage.getByText('Reported by 3 guests')).toBeVisible();
  await expect(hostPage.getByText('Hidden until you decide')).toBeVisible();
  await audit(hostPage, 'live moderation with a reported photo');
  await hostPage.getByRole('button', { name: 'Approve', exact: true }).first().click();
  await expect.poll(async () => (await shownToAll(anyone, event)).screen).toContain(photoId);

  for (const c of [host, shooter, ...guests.map((g) => g.context)]) await c.close();
  await anyone.dispose();
});

test('a guest deletes their own shot from Your Shots before the reveal', async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/api/login');
  await signUpAtIdp(hostPage, uniqueEmail('delete-host'), 'a good long password');
  const event = await (
    await hostPage.request.post('/api/events', {
      data: eventBody({ name: 'Forest Party', colorMood: 'forest' }),
    })
  ).json();
  const code: string = event.code;

  const { context, page } = await phoneGuest(browser, code, 'Dee');
  await expect.poll(() => primaryOf(page)).toBe(FOREST.primary);
  const deviceId = await page.evaluate((c) => localStorage.getItem(`afterglow:device:${c}`), code);
  for (const colour of ['#c0392b', '#2980b9']) {
    const r = await context.request.post(`/api/events/${code}/photos`, {
      multipart: {
        deviceId: deviceId!,
        photo: {
          name: 'p.jpg',
          mimeType: 'image/jpeg',
          buffer: await jpeg(colour),
        },
      },
    });
    expect(r.status()).toBe(201);
  }
  await page.goto(`/gallery/${code}`);
  const shots = page
    .getByRole('region', { name: 'Your Shots' })
    .getByRole('button', { name: /^Open your photo/ });
  await expect(shots).toHaveCount(2);
  await shots.first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(
    dialog.getByText('Delete this photo? Nobody will see it, and the shot stays used.'),
  ).toBeVisible();
  await audit(page, 'delete confirmation', 'dialog[open]');
  // changing one's mind keeps it
  await dialog.getByRole('button', { name: 'Keep Photo' }).click();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Photo deleted', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(shots).toHaveCount(1);
  // gone for the host too; the shot stays used
  const all = (await (await hostPage.request.get(`/api/events/${code}/photos`)).json()) as {
    photos: PhotoDto[];
  };
  expect(all.photos).toHaveLength(1);
  const mine = await (await context.request.get(`/api/devices/${deviceId}/photos`)).json();
  expect(mine).toMatchObject({ shotsTaken: 2 });
  await audit(page, 'gallery after deleting');
  await context.close();
  await host.close();
});
