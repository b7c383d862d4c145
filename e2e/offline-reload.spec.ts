import { expect, test, type Page } from '@playwright/test';
import { audit, phoneGuestJoins } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

// With no signal at the venue, the guest's pages still reload and the camera still shoots: the app's
// worker keeps its files and the camera's last reads (docs/adr/021-installable-and-offline.md).

const waitingNotice = (page: Page, n: string) => page.getByRole('status').filter({ hasText: n });

test('offline: the camera, join and gallery pages reload, a photo is kept and stored once when back', async ({
  browser,
}, info) => {
  test.setTimeout(150_000);
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/api/login');
  await signUpAtIdp(hostPage, uniqueEmail('offline-host'), 'a good long password');
  const created = await hostPage.request.post('/api/events', { data: eventBody({ name: 'Cellar Party' }) });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string; code: string };
  const photos = async () =>
    ((await (await hostPage.request.get(`/api/events/${event.code}/photos`)).json()) as { photos: unknown[] })
      .photos;

  // --- a first visit, with signal: join and open the camera ---
  const { context: guest, page } = await phoneGuestJoins(browser, event.code, 'Cellar Party');
  await expect(page.getByText('12 shots left')).toBeVisible();
  // the worker took over this first visit and has kept the app's files
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).sort()))
    .toEqual([
      expect.stringMatching(/^afterglow-guest-api-v1$/),
      expect.stringMatching(/^afterglow-precache-/),
    ]);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('afterglow-guest-api-v1')).keys()).map((r) => new URL(r.url).pathname),
      ),
    )
    .toEqual(expect.arrayContaining([`/api/events/by-code/${event.code}`]));

  // --- the signal is gone: the camera reloads, knows the event and the shots left, and shoots ---
  await guest.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByText('12 shots left')).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Keep Photo' }).click();
  await expect(waitingNotice(page, '1 photo waiting to upload.')).toBeVisible();
  await expect(page.getByText('11 shots left')).toBeVisible();
  await shot(page, info, 'offline-reload-01-camera');
  await audit(page, 'camera, offline, a photo waiting');

  // the join and gallery pages reload too; the gallery shows what waits
  await page.goto(`/join/${event.code}`);
  await expect(page.getByText('Cellar Party')).toBeVisible();
  await page.goto(`/gallery/${event.code}`);
  await expect(waitingNotice(page, '1 photo waiting to upload.')).toBeVisible();
  await shot(page, info, 'offline-reload-02-gallery');
  expect(await photos()).toHaveLength(0);

  // --- the signal is back: the photo goes up by itself, stored once ---
  await guest.setOffline(false);
  await expect(waitingNotice(page, 'waiting to upload')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await photos()).length).toBe(1);
  const deviceId = await page.evaluate((c) => localStorage.getItem(`afterglow:device:${c}`), event.code);
  const mine = await page.request.get(`/api/devices/${deviceId}/photos`);
  expect(await mine.json()).toMatchObject({ shotsTaken: 1, shotsRemaining: 11 });
  // online, the network answers: nothing of the host's API was kept
  const kept = await page.evaluate(async () =>
    (await (await caches.open('afterglow-guest-api-v1')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(kept.every((p) => /^\/api\/(events\/by-code\/\w{6}|devices\/[\w-]+\/photos)$/.test(p))).toBe(true);
  await host.close();
  await guest.close();
});
