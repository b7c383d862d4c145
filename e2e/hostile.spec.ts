import { expect, test, type Page } from '@playwright/test';
import { PHONE, signUpAtIdp, uniqueEmail } from './support';

/**
 * Markup typed into an event name, a guest's name, a caption and a share description stays text on
 * every page that shows it (join, camera, host dashboard, live moderation, live display, gallery):
 * nothing runs, nothing is injected, and the words show as typed.
 */
const IMG = '<img src=x onerror=window.__pwned=1>';
const SCRIPT = '<script>window.__pwned=1</script>';
const EVENT_NAME = `${IMG}${SCRIPT} Party`;
// a guest's name holds at most 50 characters: room for one of the two
const GUEST_NAME = `Gi${IMG}`;
const CAPTION = `Cheers ${IMG} ${SCRIPT}`;
const DESCRIPTION = `${SCRIPT}${IMG} our day`;

/** Counts any sign that markup ran: the flag, an alert, or an element made from the text. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    window.alert = () => {
      (window as unknown as { __pwned: string }).__pwned = 'alert';
    };
  });
}
async function expectInert(page: Page, where: string) {
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    where,
  ).toBeUndefined();
  expect(await page.locator('img[src="x"]').count(), where).toBe(0);
  const scripts = await page.locator('script').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(
    scripts.some((s) => s.includes('__pwned')),
    where,
  ).toBe(false);
}

test('markup in names, captions and descriptions shows as text and never runs', async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const hostPage = await host.newPage();
  await watch(hostPage);
  await hostPage.goto('/create-event');
  await hostPage.getByRole('link', { name: 'Login to Continue' }).click();
  await signUpAtIdp(hostPage, uniqueEmail('hostile'), 'a good long password');
  await hostPage.waitForURL('**/create-event');

  // the form caps the name at its limit; the API refuses longer ones with the contract's message
  const nameField = hostPage.getByLabel('Event name');
  await nameField.fill('n'.repeat(150));
  expect((await nameField.inputValue()).length).toBe(120);
  const api = hostPage.request;
  const body = (over: Record<string, unknown>) => ({
    name: EVENT_NAME,
    startsAt: new Date(Date.now() + 60_000).toISOString(),
    endsAt: new Date(Date.now() + 4 * 3600_000).toISOString(),
    maxShotsPerDevice: 12,
    revealMode: 'live',
    timezone: 'UTC',
    allowCaptions: true,
    ...over,
  });
  const tooLong = await api.post('/api/events', { data: body({ name: 'n'.repeat(121) }) });
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).errors[0].message).toBe('Event name can be at most 120 characters');

  const created = await api.post('/api/events', { data: body({}) });
  expect(created.status()).toBe(201);
  const event = await created.json();
  expect(event.name).toBe(EVENT_NAME);
  // the free plan has no public gallery (ADR 025): the description is kept, the gallery stays private
  const sharing = await api.put(`/api/events/${event.id}/sharing`, {
    data: { isPublic: false, shareDescription: DESCRIPTION },
  });
  expect(sharing.status()).toBe(200);
  expect((await sharing.json()).shareDescription).toBe(DESCRIPTION);
  const publicRefused = await api.put(`/api/events/${event.id}/sharing`, {
    data: { isPublic: true, shareDescription: DESCRIPTION },
  });
  expect((await publicRefused.json()).code).toBe('plan_no_public_gallery');
  const longDescription = await api.put(`/api/events/${event.id}/sharing`, {
    data: { isPublic: true, shareDescription: 'd'.repeat(201) },
  });
  expect((await longDescription.json()).errors[0].message).toBe(
    'Share description can be at most 200 characters',
  );

  // --- a guest joins with a hostile name and captions a photo with markup ---
  const guest = await browser.newContext({
    viewport: PHONE,
    permissions: ['camera'],
    isMobile: true,
    hasTouch: true,
  });
  const guestPage = await guest.newPage();
  await watch(guestPage);
  await guestPage.goto(`/join/${event.code}`);
  await expect(guestPage.getByText(EVENT_NAME, { exact: true })).toBeVisible();
  await expectInert(guestPage, 'join');
  // a long unbroken name wraps inside its card: the phone page does not scroll sideways
  expect(await guestPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  const nameInput = guestPage.getByLabel('Your Name');
  await nameInput.fill('g'.repeat(80));
  expect((await nameInput.inputValue()).length).toBe(50);
  const longName = await guestPage.request.post(`/api/events/${event.code}/devices`, {
    data: { anonId: crypto.randomUUID(), displayName: 'g'.repeat(51) },
  });
  expect(longName.status()).toBe(400);
  expect((await longName.json()).errors[0].message).toBe('Your name can be at most 50 characters');
  await nameInput.fill(GUEST_NAME);
  const joined = guestPage.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${event.code}/devices`) && r.request().method() === 'POST',
  );
  await guestPage.getByRole('button', { name: 'Start Taking Photos' }).click();
  const device = await (await joined).json();
  expect(device.displayName).toBe(GUEST_NAME);
  await guestPage.waitForURL(`**/camera/${event.code}`);
  await expectInert(guestPage, 'camera');
  // (the camera opened with the join's tap)
  await guestPage.getByRole('button', { name: 'Take photo' }).click();
  const caption = guestPage.getByLabel(/Caption/);
  await caption.fill('c'.repeat(130));
  expect((await caption.inputValue()).length).toBe(100);
  await caption.fill(CAPTION);
  const uploaded = guestPage.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${event.code}/photos`) && r.request().method() === 'POST',
  );
  await guestPage.getByRole('button', { name: 'Keep Photo' }).click();
  expect((await uploaded).status()).toBe(201);
  await expectInert(guestPage, 'camera after upload');
  const longCaption = await guestPage.request.post(`/api/events/${event.code}/photos`, {
    multipart: {
      deviceId: device.id,
      caption: 'c'.repeat(101),
      photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) },
    },
  });
  expect(longCaption.status()).toBe(400);
  expect((await longCaption.json()).errors[0].message).toBe('Caption can be at most 100 characters');

  // --- the host sees the pending photo with its caption and author on the dashboard ---
  await hostPage.goto(`/host/dashboard/${event.id}`);
  await expect(hostPage.getByText(EVENT_NAME, { exact: true }).first()).toBeVisible();
  await expect(hostPage.getByText(CAPTION, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(hostPage.getByText(`By ${GUEST_NAME}`, { exact: true }).first()).toBeVisible();
  await expectInert(hostPage, 'host dashboard');
  await hostPage.goto(`/live-moderation/${event.id}`);
  await expect(hostPage.getByText(CAPTION, { exact: true }).first()).toBeVisible();
  await expectInert(hostPage, 'live moderation');
  const pending = await (await api.get(`/api/events/${event.code}/photos`)).json();
  const photo = pending.photos[0];
  expect(photo.caption).toBe(CAPTION);
  expect(photo.deviceDisplayName).toBe(GUEST_NAME);
  expect((await api.post(`/api/photos/${photo.id}/approve`)).status()).toBe(200);

  // --- the venue screen, the guest's gallery and the public gallery ---
  const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screenPage = await screen.newPage();
  await watch(screenPage);
  // the caption mode shows the caption and the guest's name under the photo
  await screenPage.goto(`/live-slideshow/${event.code}?mode=caption`);
  await expect(screenPage.getByText(CAPTION, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expectInert(screenPage, 'live slideshow');

  await guestPage.goto(`/gallery/${event.code}`);
  await expect(guestPage.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  const open = guestPage
    .getByRole('region', { name: 'Event Photos' })
    .getByRole('button', { name: /^Open photo/ });
  await expect(open.first()).toBeVisible({ timeout: 30_000 });
  await open.first().click();
  await expect(guestPage.getByRole('dialog').getByText(CAPTION, { exact: true })).toBeVisible();
  await expect(guestPage.getByRole('dialog').getByText(GUEST_NAME)).toBeVisible();
  await expectInert(guestPage, 'gallery');

  for (const c of [host, guest, screen]) await c.close();
});
