import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { phoneGuestJoins } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

const UPLOADS = '**/api/events/*/photos';

/** A host with a fresh 12-shot event, and a guest on a phone at its camera with the camera on. */
async function hostAndGuest(browser: Browser) {
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/create-event');
  await hostPage.getByRole('link', { name: 'Login to Continue' }).click();
  await signUpAtIdp(hostPage, uniqueEmail('queue-host'), 'a good long password');
  const created = await hostPage.request.post('/api/events', {
    data: eventBody({ name: 'Offline Garden Party' }),
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string; code: string };

  const { context: guest, page } = await phoneGuestJoins(browser, event.code, 'Offline Garden Party');
  // the app registers its background worker from /sw.js, at the root scope
  const script = await page.request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-security-policy']).toContain("default-src 'self'");
  const sw = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL ?? '', sync: 'sync' in reg };
  });
  expect(new URL(sw.script).pathname).toBe('/sw.js');
  expect(new URL(sw.scope).pathname).toBe('/');
  expect(sw.sync).toBe(true);
  // (the camera opened with the join's tap)
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  return { host, hostPage, guest, page, event };
}

interface Entry {
  id: number;
  photoType: string;
  photoSize: number;
  timestamp: number;
  status: string;
  eventCode: string;
  deviceId: string;
  caption: string;
  uploadId: string;
}

/** The offline queue as the browser holds it: database version 1, one store with automatic ids. */
async function queueEntries(page: Page): Promise<{ version: number; stores: string[]; entries: Entry[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('afterglow-offline');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const stores = Array.from(db.objectStoreNames);
          const tx = db.transaction('photos', 'readonly');
          const store = tx.objectStore('photos');
          if (!store.autoIncrement || store.keyPath !== 'id')
            reject(new Error('store without automatic ids'));
          const all = store.getAll();
          all.onsuccess = () => {
            const entries = (all.result as Record<string, unknown>[]).map((e) => ({
              ...e,
              photo: undefined,
              photoType: (e.photo as Blob).type,
              photoSize: (e.photo as Blob).size,
            }));
            db.close();
            resolve({ version: db.version, stores, entries: entries as never });
          };
        };
      }),
  );
}

async function photosOf(hostPage: Page, code: string): Promise<unknown[]> {
  const res = await hostPage.request.get(`/api/events/${code}/photos`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { photos: unknown[] }).photos;
}

async function takeAndKeep(page: Page) {
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Keep Photo' }).click();
}

const STORAGE_BUSY = 'Photo storage is busy right now. Your shot was not used; please try again in a moment.';

/** The server answers every upload 503, as when its storage refuses writes; answers how many came. */
async function storageRefusesWrites(guest: BrowserContext): Promise<() => number> {
  let n = 0;
  await guest.route(UPLOADS, (r) => {
    if (r.request().method() !== 'POST') return r.fallback();
    n++;
    return r.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://afterglow.app/problems/storage_unavailable',
        title: 'Service Unavailable',
        status: 503,
        code: 'storage_unavailable',
        detail: STORAGE_BUSY,
        error: STORAGE_BUSY,
      }),
    });
  });
  return () => n;
}

async function close(...contexts: BrowserContext[]) {
  for (const c of contexts) await c.close();
}

test('a photo taken offline is kept on the phone, survives a reload and uploads once when back online', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const { host, hostPage, guest, page, event } = await hostAndGuest(browser);
  await expect(page.getByText('12 shots left')).toBeVisible();

  // --- the network is gone: the photo is kept on the phone ---
  await guest.setOffline(true);
  await takeAndKeep(page);
  await expect(page.getByRole('status').filter({ hasText: '1 photo waiting to upload.' })).toBeVisible();
  await expect(
    page.getByText('Saved on this phone, it goes up when you’re back online.').first(),
  ).toBeVisible();
  // a queued photo is a shot taken
  await expect(page.getByText('11 shots left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  await shot(page, info, 'offline-01-kept');
  const q = await queueEntries(page);
  expect(q.version).toBe(1);
  expect(q.stores).toEqual(['photos']);
  expect(q.entries).toHaveLength(1);
  const [entry] = q.entries;
  expect(entry).toMatchObject({ status: 'pending', eventCode: event.code, photoType: 'image/jpeg' });
  expect(entry!.photoSize).toBeGreaterThan(1000);
  expect(typeof entry!.id).toBe('number');
  expect(Date.now() - entry!.timestamp).toBeLessThan(60_000);
  expect(entry!.uploadId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await photosOf(hostPage, event.code)).toHaveLength(0);

  // --- back on a network where uploads still fail; a reload keeps the photo ---
  let attempts = 0;
  await guest.route(UPLOADS, (r) => {
    if (r.request().method() !== 'POST') return r.fallback();
    attempts++;
    return r.abort('internetdisconnected');
  });
  await guest.setOffline(false);
  await expect.poll(() => attempts).toBeGreaterThan(0); // the 'online' event tried at once
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '1 photo waiting to upload.' })).toBeVisible();
  const before = attempts;
  await expect.poll(() => attempts).toBeGreaterThan(before); // and the page load tried again
  expect((await queueEntries(page)).entries.map((e) => e.uploadId)).toEqual([entry!.uploadId]);
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByText('11 shots left')).toBeVisible();

  // --- the network is back: it goes up by itself, exactly once ---
  await guest.unroute(UPLOADS);
  await expect(page.getByRole('status').filter({ hasText: 'waiting to upload' })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect.poll(async () => (await queueEntries(page)).entries.length).toBe(0);
  await expect(page.getByText('11 shots left')).toBeVisible();
  expect(await photosOf(hostPage, event.code)).toHaveLength(1);
  const mine = await page.request.get(`/api/devices/${entry!.deviceId}/photos`);
  expect(await mine.json()).toMatchObject({ shotsTaken: 1, shotsRemaining: 11 });
  await shot(page, info, 'offline-02-uploaded');
  await close(host, guest);
});

test('storage refusing writes: the photo stays queued and goes up after; a final refusal is shown', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { host, hostPage, guest, page, event } = await hostAndGuest(browser);

  // --- the server answers 503 (its storage refuses writes): kept, then stored once it is back ---
  const refused = await storageRefusesWrites(guest);
  await takeAndKeep(page);
  await expect(page.getByRole('status').filter({ hasText: '1 photo waiting to upload.' })).toBeVisible();
  await expect(page.getByText('11 shots left')).toBeVisible();
  expect((await queueEntries(page)).entries).toHaveLength(1);
  await expect.poll(refused, { timeout: 20_000 }).toBeGreaterThan(1); // retried with backoff
  expect(await photosOf(hostPage, event.code)).toHaveLength(0);
  await guest.unroute(UPLOADS);
  await expect(page.getByRole('status').filter({ hasText: 'waiting to upload' })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect.poll(async () => (await queueEntries(page)).entries.length).toBe(0);
  expect(await photosOf(hostPage, event.code)).toHaveLength(1);
  await expect(page.getByText('11 shots left')).toBeVisible();

  // --- a refusal that is final leaves the queue and says why ---
  await guest.route(UPLOADS, (r) =>
    r.request().method() !== 'POST'
      ? r.fallback()
      : r.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'https://afterglow.app/problems/no_shots_remaining',
            title: 'Forbidden',
            status: 403,
            code: 'no_shots_remaining',
            detail: 'No shots remaining',
            error: 'No shots remaining',
          }),
        }),
  );
  await takeAndKeep(page);
  await expect(page.getByText('Upload failed: No shots remaining')).toBeVisible();
  expect((await queueEntries(page)).entries).toHaveLength(0);
  await guest.unroute(UPLOADS);
  expect(await photosOf(hostPage, event.code)).toHaveLength(1);
  await close(host, guest);
});

test('without a local database the kept photo stays in the preview and goes up by the same retry rule', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { host, hostPage, guest, page, event } = await hostAndGuest(browser);
  // Some private modes refuse IndexedDB: the photo is then sent directly.
  await guest.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  await page.reload();
  await page.getByRole('button', { name: 'Start Camera' }).click();
  const busy = await storageRefusesWrites(guest);
  await takeAndKeep(page);
  await expect(page.getByText(`Upload failed: ${STORAGE_BUSY}`)).toBeVisible();
  await expect(page.getByText('Your photo is safe on this phone.', { exact: false })).toBeVisible();
  // tried again by itself, with backoff, and one 'Upload failed' notice at a time however often
  await expect.poll(busy, { timeout: 20_000 }).toBeGreaterThan(2);
  const notices = page
    .getByRole('region', { name: /Notifications/ })
    .getByText('Upload failed', { exact: true });
  expect(await notices.count()).toBeLessThanOrEqual(1);
  expect(await photosOf(hostPage, event.code)).toHaveLength(0);

  await guest.unroute(UPLOADS);
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByText('11 shots left')).toBeVisible();
  expect(await photosOf(hostPage, event.code)).toHaveLength(1);
  await close(host, guest);
});
