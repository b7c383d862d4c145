import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { PhotoDto } from '@afterglow/contracts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { audit } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * Venue screens (ADR 017): several screens on one event show different photos from one shared order,
 * in the mode their address asks for and in the event's colours, and ride out reloads and network loss.
 */

const PRIMARY = '#0d9488';
const PRIMARY_RGB = 'rgb(13, 148, 136)';
const COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#f59e0b', '#7c3aed'];

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A screen of its own (a browser context each, as two TVs are), showing /live-slideshow/{code}. */
async function openScreen(browser: Browser, code: string, mode?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`/live-slideshow/${code}${mode ? `?mode=${mode}` : ''}`);
  return { context, page };
}

/** The photo a single-photo screen shows now. */
const showing = (page: Page) => page.locator('img[data-photo-id]').first().getAttribute('data-photo-id');

const tickColour = (page: Page) =>
  page.getByTestId('screen-tick').evaluate((el) => getComputedStyle(el).backgroundColor);

test('venue screens share one order, in their modes and the event colours, and recover', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);

  // --- a host makes a live event; a guest uploads; the host approves ---
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/api/login');
  await signUpAtIdp(hostPage, uniqueEmail('venue-host'), 'a good long password');
  const api = hostPage.request;
  const created = await api.post('/api/events', {
    data: eventBody({ name: 'Venue Night', revealMode: 'live', colorMood: 'ocean', primaryColor: PRIMARY }),
  });
  expect(created.status()).toBe(201);
  const event = await created.json();
  const code: string = event.code;

  const guest = await browser.newContext();
  const device = await (
    await guest.request.post(`/api/events/${code}/devices`, {
      data: { anonId: randomUUID(), displayName: 'Gina' },
    })
  ).json();
  const upload = async (colour: string, caption: string) => {
    const r = await guest.request.post(`/api/events/${code}/photos`, {
      multipart: {
        deviceId: device.id,
        caption,
        photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await jpeg(colour) },
      },
    });
    expect(r.status()).toBe(201);
    return (await r.json()).photoId as string;
  };
  const approveWhenDeveloped = async (api: APIRequestContext, ids: string[]) => {
    await expect
      .poll(
        async () => {
          const pending = await (await api.get(`/api/events/${code}/photos/pending`)).json();
          return ids.every((id) => (pending as PhotoDto[]).some((p) => p.id === id && p.thumbUrl));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    for (const id of ids) expect((await api.post(`/api/photos/${id}/approve`)).status()).toBe(200);
  };
  const first: string[] = [];
  for (const [i, colour] of COLOURS.entries()) first.push(await upload(colour, `Toast ${i + 1}`));
  await approveWhenDeveloped(api, first);

  // --- two screens show different photos at the same time ---
  const a = await openScreen(browser, code);
  const b = await openScreen(browser, code);
  for (const s of [a, b]) await expect(s.page.locator('img[data-photo-id]')).toBeVisible();
  for (let i = 0; i < 6; i++) {
    const [onA, onB] = await Promise.all([showing(a.page), showing(b.page)]);
    expect(onA, `sample ${i}`).toBeTruthy();
    expect(onA, `sample ${i}: both screens show ${onA}`).not.toBe(onB);
    await a.page.waitForTimeout(2000);
  }
  expect(await tickColour(a.page)).toBe(PRIMARY_RGB);
  await shot(a.page, info, 'venue-single');
  await audit(a.page, 'live display, single');

  // --- a newly approved photo is the next one a screen shows ---
  const fresh = await upload('#0f172a', 'First dance');
  await approveWhenDeveloped(api, [fresh]);
  await expect(a.page.getByText('New photo approved!')).toBeVisible();
  await expect
    .poll(async () => [await showing(a.page), await showing(b.page)], { timeout: 8000 })
    .toContain(fresh);

  // --- a reloaded screen resumes with the photo it showed ---
  const before = await showing(a.page);
  await a.page.reload();
  await expect(a.page.locator('img[data-photo-id]')).toHaveAttribute('data-photo-id', before!, {
    timeout: 4000,
  });

  // --- offline: the screen says so, keeps its photo, and recovers ---
  await a.context.setOffline(true);
  await expect(a.page.getByText('Reconnecting…')).toBeVisible({ timeout: 8000 });
  const kept = await showing(a.page);
  await a.page.waitForTimeout(6500); // longer than a turn
  expect(await showing(a.page)).toBe(kept);
  await expect(a.page.locator(`img[data-photo-id="${kept}"]`)).toBeVisible();
  expect(
    await a.page.locator('img[data-photo-id]').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await shot(a.page, info, 'venue-offline');
  await a.context.setOffline(false);
  await expect(a.page.getByText('Reconnecting…')).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => showing(a.page), { timeout: 12_000 }).not.toBe(kept);

  // --- the grid and caption modes, in the event's colours ---
  const grid = await openScreen(browser, code, 'grid');
  const tiles = grid.page.getByRole('list', { name: 'Latest photos' }).locator('img[data-photo-id]');
  await expect(tiles).toHaveCount(6, { timeout: 15_000 });
  const tileIds = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
  expect(new Set(tileIds).size).toBe(6);
  expect(await tickColour(grid.page)).toBe(PRIMARY_RGB);
  expect(
    await grid.page
      .getByRole('listitem')
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopColor),
  ).toBe(PRIMARY_RGB);
  await shot(grid.page, info, 'venue-grid');
  await audit(grid.page, 'live display, grid');

  const caption = await openScreen(browser, code, 'caption');
  const card = caption.page.locator('figure');
  await expect(card.getByText(/^(Toast \d|First dance)$/)).toBeVisible();
  await expect(card.getByText('By Gina')).toBeVisible();
  expect(await tickColour(caption.page)).toBe(PRIMARY_RGB);
  expect(await card.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(PRIMARY_RGB);
  await shot(caption.page, info, 'venue-caption');
  await audit(caption.page, 'live display, caption');

  // --- live mode off: every screen says so ---
  expect((await api.post(`/api/events/${event.id}/live-mode`, { data: { enabled: false } })).status()).toBe(
    200,
  );
  await expect(b.page.getByText('Live display is not currently active...')).toBeVisible({ timeout: 20_000 });

  for (const c of [host, guest, a.context, b.context, grid.context, caption.context]) await c.close();
});
