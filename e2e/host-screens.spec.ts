import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { audit, guestShoots } from './browser-support';
import { eventBody, signUpAtIdp, uniqueEmail } from './support';

/**
 * The host's screens as a host uses them on a laptop: the QR dialog with share and copy (the
 * clipboard read back), Approve All with its count, the live-mode toggle, moderation by keyboard,
 * the full-screen slideshow and the printable QR kit, each wearing the event's colours.
 */

let host: BrowserContext;
let page: Page;
let api: APIRequestContext;

interface Created {
  id: string;
  code: string;
  joinUrl: string;
  primaryColor: string;
}

/** the event the host made last: deleted before the next, since the free plan holds one (ADR 025) */
let last: Created | null = null;

async function createEvent(over: Record<string, unknown> = {}): Promise<Created> {
  if (last) expect((await api.delete(`/api/events/${last.id}`)).status()).toBe(204);
  last = null;
  const r = await api.post('/api/events', { data: eventBody({ revealMode: 'live', ...over }) });
  expect(r.status()).toBe(201);
  last = await r.json();
  return last!;
}

/** Guests in contexts of their own (each keeps its device cookie), shooting `count` photos each. */
async function guests(browserCtx: () => Promise<BrowserContext>, code: string, counts: number[]) {
  for (const [i, n] of counts.entries()) {
    const ctx = await browserCtx();
    await guestShoots(ctx.request, code, n, i % 2 ? null : `Guest ${i + 1}`);
    await ctx.close();
  }
}

/** The host's list of the event's photos, once `count` of them are developed. */
async function developed(code: string, count: number) {
  await expect
    .poll(
      async () => {
        const body = await (await api.get(`/api/events/${code}/photos`)).json();
        return body.photos.filter((p: { displayUrl?: string }) => p.displayUrl).length;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
}

const primaryOf = (p: Page) =>
  p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ag-primary').trim());

test.beforeAll(async ({ browser }) => {
  host = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await host.newPage();
  await page.goto('/api/login');
  await signUpAtIdp(page, uniqueEmail('host-screens'), 'a good long password');
  api = page.request;
});

test.afterAll(async () => {
  await host.close();
});

test('QR dialog: share and copy put the code and the link on the clipboard', async ({
  browserName: _,
}, info) => {
  const event = await createEvent({ name: 'Ocean Gala', colorMood: 'ocean' });
  await page.goto(`/host/dashboard/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Ocean Gala' })).toBeVisible();
  // the dashboard wears the event's colours
  expect(await primaryOf(page)).toBe(event.primaryColor);

  await page.getByRole('button', { name: 'Show QR Code' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Invite guests to Ocean Gala' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code/i })).toBeVisible();
  await audit(page, 'QR dialog');

  await dialog.getByRole('button', { name: 'Copy event code' }).click();
  await expect(page.getByText('Event code copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.code);

  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Join URL copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.joinUrl);
  expect(await dialog.getByLabel('Join link').inputValue()).toBe(event.joinUrl);

  // with no share sheet (a desktop browser), Share Event copies the link instead
  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
  if (!hasShare) {
    await dialog.getByRole('button', { name: 'Share Event' }).click();
    await expect(page.getByText('Join URL copied to clipboard', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.joinUrl);
  }
  await info.attach('share sheet', { body: hasShare ? 'native' : 'none: copied' });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Share Event hands the code and the link to the device share sheet', async ({ browser }) => {
  const event = await createEvent({ name: 'Share Party' });
  // a phone's share sheet, recorded: what the page hands it is what the guest's friends receive
  const phone = await browser.newContext({ storageState: await host.storageState() });
  await phone.addInitScript(() => {
    const w = window as unknown as { shared: unknown[] };
    w.shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: unknown) => void w.shared.push(data),
    });
  });
  const p = await phone.newPage();
  await p.goto(`/host/dashboard/${event.id}`);
  await p.getByRole('button', { name: 'Show QR Code' }).click();
  await p.getByRole('button', { name: 'Share Event' }).click();
  await expect
    .poll(() => p.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
    .toEqual([
      {
        title: 'Join Share Party on Afterglow',
        text: expect.stringContaining(event.code),
        url: event.joinUrl,
      },
    ]);
  await phone.close();
});

test('Approve All says how many it approves, and Cancel approves none', async ({ browser }) => {
  const event = await createEvent({ name: 'Approve Party' });
  await guests(() => browser.newContext(), event.code, [2, 1]);
  await developed(event.code, 3);
  await page.goto(`/host/dashboard/${event.id}`);
  const approveAll = page.getByRole('button', { name: 'Approve All' });
  await expect(approveAll).toBeEnabled();
  await approveAll.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Approve 3 pending photos?' })).toBeVisible();
  await audit(page, 'Approve All confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  const stats = async () => (await (await api.get(`/api/events/${event.id}/stats`)).json()).photoStats;
  expect((await stats()).approved).toBe(0);

  await approveAll.click();
  await confirm.getByRole('button', { name: 'Approve 3 photos' }).click();
  await expect(page.getByText('3 photos approved.', { exact: true })).toBeVisible();
  expect(await stats()).toMatchObject({ approved: 3, pending: 0 });
  await expect(approveAll).toBeDisabled();
});

test('moderation by keyboard: A, R, F and the arrows, with the help in a tooltip', async ({ browser }) => {
  const event = await createEvent({ name: 'Keyboard Party' });
  await guests(() => browser.newContext(), event.code, [3, 2]);
  await developed(event.code, 5);
  const statusOf = async () => {
    const body = await (await api.get(`/api/events/${event.code}/photos`)).json();
    return body.photos as { id: string; status: string; flagCount?: number }[];
  };

  await page.goto(`/live-moderation/${event.id}`);
  await expect(page.getByRole('heading', { name: /Waiting for review/ })).toContainText('(5 photos)');
  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await help.focus();
  await expect(page.getByRole('tooltip')).toContainText('Approve');
  await expect(page.getByRole('tooltip')).toContainText('Move between photos');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  await audit(page, 'live moderation');

  // A with no card focused acts on the first one and leaves focus on the queue
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: /Waiting for review/ })).toContainText('(4 photos)');
  await expect(page.locator('[data-moderation-card]:focus')).toHaveCount(1);
  // → then R rejects the second card of the queue
  await page.keyboard.press('ArrowRight');
  const second = await page.locator('[data-moderation-card]:focus h3').getAttribute('id');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { name: /Waiting for review/ })).toContainText('(3 photos)');
  expect(second).toBeTruthy();
  // F flags the card in focus; it stays in the queue, flagged
  await page.keyboard.press('f');
  await expect(page.getByText('Flagged').first()).toBeVisible();
  const photos = await statusOf();
  expect(photos.filter((p) => p.status === 'approved')).toHaveLength(1);
  expect(photos.filter((p) => p.status === 'rejected')).toHaveLength(1);
  expect(photos.filter((p) => (p.flagCount ?? 0) > 0)).toHaveLength(1);

  // the dashboard's grid answers the same keys; arrows move the focus between cards
  await page.goto(`/host/dashboard/${event.id}`);
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  const cards = page.locator('[data-moderation-card]');
  await expect(cards).toHaveCount(3);
  await cards.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('a');
  await expect(cards).toHaveCount(2);
  expect((await statusOf()).filter((p) => p.status === 'approved')).toHaveLength(2);
});

test('the live-mode toggle starts and stops the live display', async ({ browser }) => {
  const event = await createEvent({ name: 'Toggle Party', revealMode: 'end' });
  await page.goto(`/live-moderation/${event.id}`);
  await expect(page.getByText('Live Mode OFF')).toBeVisible();
  const screen = await browser.newPage();
  await screen.goto(`/live-slideshow/${event.code}`);
  await expect(screen.getByText(/Live display is not currently active/)).toBeVisible();

  await page.getByRole('button', { name: 'Start Live Display' }).click();
  await expect(page.getByText('Live Mode ON')).toBeVisible();
  expect((await (await api.get(`/api/events/${event.id}`)).json()).liveMode).toBe(true);
  await expect(screen.getByText(/Live display is not currently active/)).toBeHidden({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Stop Live Display' }).click();
  await expect(page.getByText('Live Mode OFF')).toBeVisible();
  expect((await (await api.get(`/api/events/${event.id}`)).json()).liveMode).toBe(false);
  const link = page.getByRole('link', { name: /View Live Display/ });
  await expect(link).toHaveAttribute('href', `/live-slideshow/${event.code}`);
  await screen.close();
});

test('slideshow: empty, autoplay every 8 s, arrows, space, dots, Escape back to the dashboard', async ({
  browser,
}) => {
  const event = await createEvent({ name: 'Slides Party', colorMood: 'sunset' });
  await page.goto(`/slideshow/${event.code}`);
  await expect(page.getByRole('heading', { name: 'No Photos Yet' })).toBeVisible();
  await expect(page.getByText('Waiting for guests to capture moments...')).toBeVisible();
  await audit(page, 'slideshow, empty');

  await guests(() => browser.newContext(), event.code, [3]);
  await developed(event.code, 3);
  await expect(page.getByText('1 / 3')).toBeVisible({ timeout: 15_000 });
  expect(await primaryOf(page)).toBe(event.primaryColor);
  // autoplay: the next photo within 8 s (and not long before)
  const t0 = Date.now();
  await expect(page.getByText('2 / 3')).toBeVisible({ timeout: 12_000 });
  expect(Date.now() - t0).toBeGreaterThan(3_000);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('3 / 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to photo 1' }).click();
  await expect(page.getByText('1 / 3')).toBeVisible();
  await audit(page, 'slideshow');
  await page.keyboard.press('Escape');
  await page.waitForURL(`**/host/dashboard/${event.id}`);

  // by the event's id, as live moderation's link names it, the same slideshow
  await page.goto(`/slideshow/${event.id}`);
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.getByRole('link', { name: 'Close slideshow' }).click();
  await page.waitForURL(`**/host/dashboard/${event.id}`);
});

test('printable QR kit: a plan without it is told so, with the way to upgrade', async () => {
  const event = await createEvent({ name: 'Kit Party' });
  await page.goto(`/host/dashboard/${event.id}`);
  await page.getByRole('link', { name: 'Print QR Kit' }).click();
  await page.waitForURL(`**/host/qr-kit/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Printable QR kit is a Pro feature' })).toBeVisible();
  await expect(page.getByText('Your plan does not include the printable QR kit.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await audit(page, 'QR kit refusal');
});

test('axe-core finds nothing serious on the host dashboard, pricing and checkout', async ({ browser }) => {
  const event = await createEvent({ name: 'Audit Party', colorMood: 'forest' });
  await guests(() => browser.newContext(), event.code, [2]);
  await developed(event.code, 2);
  await page.goto(`/host/dashboard/${event.id}`);
  await expect(page.locator('[data-moderation-card]')).toHaveCount(2);
  await audit(page, 'host dashboard');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit(page, '/pricing');
  await page.goto('/checkout?plan=pro');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit(page, '/checkout');
});
