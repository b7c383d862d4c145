import { networkInterfaces } from 'node:os';
import sharp from 'sharp';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { npmStart } from './own-server';
import { eventBody, PHONE, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * A real event on one machine, run exactly as the README says (`npm start`, nothing else set but a
 * port and a data dir of its own): the host signs in at localhost and at the machine's network
 * address, and a guest's phone on the venue's Wi-Fi joins through the QR code's address.
 */

/** The machine's first non-internal IPv4 address: what a phone on the same Wi-Fi opens. */
const NETWORK = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Signs up through the app's own 'Sign In' flow at `origin`; answers the signed-in page. */
async function signUpAt(browser: Browser, origin: string, opts: { ignoreHTTPSErrors?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...opts });
  const page = await context.newPage();
  await page.goto(`${origin}/create-event`);
  await page.getByRole('link', { name: 'Login to Continue' }).click();
  const email = uniqueEmail('venue-host');
  await signUpAtIdp(page, email, 'a good long password');
  await page.waitForURL(`${origin}/create-event`);
  // signed in on the origin it started from: the form is there, the API knows who this is
  await expect(page.getByLabel('Event name')).toBeVisible();
  const me = await page.request.get(`${origin}/api/auth/user`);
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);
  return { context, page, email };
}

/** The host's share panel on the event dashboard: the join link guests will open. */
async function joinLinkOnDashboard(page: Page, origin: string, eventId: string): Promise<string> {
  await page.goto(`${origin}/host/dashboard/${eventId}`);
  await page.getByRole('button', { name: 'Show QR Code' }).click();
  const link = page.getByLabel('Join link');
  await expect(link).toBeVisible();
  return link.inputValue();
}

async function createEvent(page: Page, origin: string, over: Record<string, unknown> = {}) {
  const r = await page.request.post(`${origin}/api/events`, {
    data: eventBody({ name: 'Venue Party', startsAt: new Date(Date.now() + 2000).toISOString(), ...over }),
  });
  expect(r.status()).toBe(201);
  return r.json();
}

/** The host's own list of the event's photos, until every one is developed. */
async function expectDeveloped(page: Page, origin: string, code: string, count: number) {
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`${origin}/api/events/${code}/photos`);
        const list = (await r.json()).photos as { processed: boolean }[];
        return list.filter((p) => p.processed).length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

async function phone(
  browser: Browser,
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, ...opts });
}

/** The guest opens the join link, joins and gets to the camera. */
async function joinAsGuest(guest: Page, joinUrl: string, code: string) {
  await guest.goto(joinUrl);
  await expect(guest.getByText('Venue Party')).toBeVisible();
  await guest.getByLabel('Your Name').fill('Vera');
  await guest.getByRole('button', { name: 'Start Taking Photos' }).click();
  await guest.waitForURL(`**/camera/${code}`);
}

test.describe('a real event on one machine, started as the README says', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  test('sign-in at localhost and the network address; a phone on the Wi-Fi shoots without HTTPS', async ({
    browser,
  }, info) => {
    test.skip(!NETWORK, 'this machine has no network address');
    const app = await npmStart();
    try {
      // what a person reads in the log: the Local and Network addresses
      expect(app.output()).toContain(`http://localhost:${app.port}/`);
      expect(app.output()).toContain(`http://${NETWORK}:${app.port}/`);
      const local = `http://localhost:${app.port}`;
      const network = `http://${NETWORK}:${app.port}`;

      const atNetwork = await signUpAt(browser, network);
      await atNetwork.context.close();
      const host = await signUpAt(browser, local);
      const event = await createEvent(host.page, local);

      // the QR code and link guests get: the network address, said so in the share panel
      const joinUrl = await joinLinkOnDashboard(host.page, local, event.id);
      expect(joinUrl).toBe(`${network}/join/${event.code}`);
      await expect(host.page.getByText(`Guests will open ${NETWORK}:${app.port}`)).toBeVisible();
      await shot(host.page, info, 'venue-01-share-panel');

      // a phone on the venue's Wi-Fi: plain http on a network address is no secure context
      const guestContext = await phone(browser);
      const guest = await guestContext.newPage();
      await joinAsGuest(guest, joinUrl, event.code);
      expect(await guest.evaluate(() => window.isSecureContext)).toBe(false);
      expect(await guest.evaluate(() => typeof navigator.mediaDevices)).toBe('undefined');
      await shot(guest, info, 'venue-02-phone-camera-fallback');
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: '#d97706' },
      })
        .jpeg()
        .toBuffer();
      await guest
        .getByLabel('Take Photo')
        .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
      await guest.getByRole('button', { name: 'Keep Photo' }).click();
      await expect(guest.getByText('11 of 12 shots left')).toBeVisible();

      // the host sees it developed
      await expectDeveloped(host.page, local, event.code, 1);
      await host.context.close();
      await guestContext.close();
    } finally {
      await app.stop();
    }
  });

  test('the HTTPS mode: sign-in at localhost and the network address, the in-app camera on a phone', async ({
    browser,
  }, info) => {
    const app = await npmStart({ AFTERGLOW_HTTPS: 'self-signed' });
    try {
      const local = `https://localhost:${app.port}`;
      const origins = NETWORK ? [`https://${NETWORK}:${app.port}`, local] : [local];
      let host: Awaited<ReturnType<typeof signUpAt>> | null = null;
      for (const origin of origins) {
        host = await signUpAt(browser, origin, { ignoreHTTPSErrors: true });
        const cookies = await host.context.cookies(origin);
        expect(cookies.find((c) => c.name === 'ag_session')?.secure).toBe(true);
        if (origin !== origins.at(-1)) await host.context.close();
      }
      const last = origins.at(-1)!;
      const event = await createEvent(host!.page, last);
      const guestOrigin = origins[0]!;
      const joinUrl = await joinLinkOnDashboard(host!.page, last, event.id);
      expect(joinUrl).toBe(`${guestOrigin}/join/${event.code}`);

      const guestContext = await phone(browser, { ignoreHTTPSErrors: true, permissions: ['camera'] });
      const guest = await guestContext.newPage();
      await joinAsGuest(guest, joinUrl, event.code);
      expect(await guest.evaluate(() => window.isSecureContext)).toBe(true);
      // (the camera opened with the join's tap)
      await guest.getByRole('button', { name: 'Take photo' }).click();
      await guest.getByRole('button', { name: 'Keep Photo' }).click();
      await expect(guest.getByRole('button', { name: 'Take photo' })).toBeEnabled();
      await shot(guest, info, 'venue-03-https-camera');
      await expectDeveloped(host!.page, last, event.code, 1);
      await host!.context.close();
      await guestContext.close();
    } finally {
      await app.stop();
    }
  });
});
