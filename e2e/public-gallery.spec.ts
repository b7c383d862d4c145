import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PhotoDto } from '@afterglow/contracts';
import { operator } from '../services/server/test/support/bundle';
import { audit, guestShoots } from './browser-support';
import { npmStart, type Started } from './own-server';
import { PHONE, eventBody, isoIn, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * The public gallery (/public/{slug}) and share links (ADR 022), on a phone, as a visitor with no code:
 * not found, not yet revealed (the date in the event's time zone, not the phone's), revealed with
 * photos, the photo dialog's 'By …' line, Join Event, the Share menu; and a share link's tags.
 */

/** A meta tag's content in a share page. */
const tag = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1] ?? null;

async function approveAll(api: APIRequestContext, code: string, n: number) {
  let pending: PhotoDto[] = [];
  await expect
    .poll(
      async () => {
        pending = await (await api.get(`/api/events/${code}/photos/pending`)).json();
        return pending.filter((p) => p.thumbUrl).length;
      },
      { timeout: 30_000 },
    )
    .toBe(n);
  return pending;
}

let app: Started | undefined;
test.afterAll(async () => {
  await app?.stop();
});

test('a public gallery for anyone with the link, and share links that unfurl', async ({ browser }, info) => {
  test.setTimeout(300_000);

  // --- the hosts: two on Event Pro (a public gallery is in the plan, ADR 025), one event each: one
  // revealed with photos, one revealed later; and a free host's private event. Support puts the two
  // on Pro the way the README says: they sign up, the operator stops the server, runs `plan`, starts it.
  const PASSWORD = 'a good long password';
  const emails = {
    R: uniqueEmail('public-host'),
    N: uniqueEmail('later-host'),
    P: uniqueEmail('private-host'),
  };
  const first = await npmStart();
  for (const email of Object.values(emails)) {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`http://localhost:${first.port}/api/login`);
    await signUpAtIdp(p, email, PASSWORD);
    await ctx.close();
  }
  await first.stop({ keepData: true });
  for (const email of [emails.R, emails.N])
    expect(operator(first.dataDir, 'plan', email, 'pro')).toContain('pro');
  app = await npmStart({}, first.dataDir);
  const baseURL = `http://localhost:${app.port}`;
  const context = (opts: Parameters<typeof browser.newContext>[0] = {}) =>
    browser.newContext({ baseURL, ...opts });
  const signedIn = async (email: string) => {
    const page = await (await context()).newPage();
    await page.goto('/api/login');
    await signUpAtIdp(page, email, PASSWORD, 'Sign in');
    return page;
  };
  const hostPage = await signedIn(emails.R);
  const api = hostPage.request;
  const laterApi = (await signedIn(emails.N)).request;
  const privateApi = (await signedIn(emails.P)).request;
  const create = async (over: Record<string, unknown>, as: APIRequestContext = api) => {
    const r = await as.post('/api/events', { data: eventBody(over) });
    expect(r.status()).toBe(201);
    return r.json();
  };
  const R = await create({
    name: 'Garden Party',
    startsAt: isoIn(-60_000),
    revealMode: 'live',
    revealAt: isoIn(-30_000),
    colorMood: 'ocean',
  });
  const revealAt = new Date(Date.now() + 3 * 3600_000);
  revealAt.setUTCSeconds(0, 0);
  const N = await create(
    { name: 'Winter Ball', timezone: 'America/New_York', endsAt: revealAt.toISOString() },
    laterApi,
  );
  const P = await create({ name: 'Secret Soirée', startsAt: isoIn(-60_000), revealMode: 'live' }, privateApi);

  await guestShoots((await context()).request, R.code, 2, 'Gina');
  await guestShoots((await context()).request, R.code, 1, null);
  await guestShoots((await context()).request, P.code, 1, 'Pia');
  const toApprove = await approveAll(api, R.code, 3);
  for (const p of toApprove) expect((await api.post(`/api/photos/${p.id}/approve`)).ok()).toBe(true);
  // one more, left pending: never public
  await guestShoots((await context()).request, R.code, 1, 'Pete');
  const [pending] = await approveAll(api, R.code, 1);
  const privatePhoto = (await approveAll(privateApi, P.code, 1))[0]!;
  expect((await privateApi.post(`/api/photos/${privatePhoto.id}/approve`)).ok()).toBe(true);
  expect((await api.post(`/api/events/${R.id}/live-mode`, { data: { enabled: false } })).ok()).toBe(true);

  // the host makes R public on the dashboard's Event Sharing & Privacy card
  await hostPage.goto(`/host/dashboard/${R.id}`);
  await hostPage.getByRole('switch', { name: 'Public gallery' }).click();
  await hostPage.getByLabel('Share description').fill('Sun, cake & friends <3');
  await hostPage.getByRole('button', { name: 'Save Sharing Settings' }).click();
  await expect(hostPage.getByRole('link', { name: `/public/${R.slug}` })).toBeVisible();
  expect((await laterApi.put(`/api/events/${N.id}/sharing`, { data: { isPublic: true } })).ok()).toBe(true);
  // the free host may not make theirs public
  const refused = await privateApi.put(`/api/events/${P.id}/sharing`, { data: { isPublic: true } });
  expect((await refused.json()).code).toBe('plan_no_public_gallery');

  // --- a visitor on a phone in another time zone, with no code ---
  const visitor = await context({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Tokyo',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await visitor.newPage();

  for (const slug of ['no-such-gallery-abc234', P.slug]) {
    await page.goto(`/public/${slug}`);
    await expect(page.getByRole('heading', { name: 'Gallery Not Found' })).toBeVisible();
    await expect(page.getByText("This gallery doesn't exist or is not public.")).toBeVisible();
    await expect(page.getByText('Secret Soirée')).toHaveCount(0);
  }
  await audit(page, 'public gallery: not found');

  await page.goto(`/public/${N.slug}`);
  await expect(page.getByRole('heading', { name: 'Photos Not Yet Revealed' })).toBeVisible();
  const inNewYork = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/New_York',
  }).format(revealAt);
  await expect(page.getByText(`${inNewYork} (America/New_York)`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Event' })).toHaveAttribute('href', `/join/${N.code}`);
  await audit(page, 'public gallery: not yet revealed');

  await page.goto(`/public/${R.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Garden Party' })).toBeVisible();
  await expect(page.getByText('Sun, cake & friends <3')).toBeVisible();
  await expect(page.getByText('3 photos')).toBeVisible();
  await expect(page.getByText('2 participants')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Event' })).toHaveAttribute('href', `/join/${R.code}`);
  const tiles = page.getByRole('button', { name: /^Open photo / });
  await expect(tiles).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Pete/ })).toHaveCount(0);
  await shot(page, info, 'public-gallery');
  await audit(page, 'public gallery: revealed');

  // a photo by a named guest, and one by a guest without a name
  await page
    .getByRole('button', { name: /By Gina/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('By Gina', { exact: true })).toBeVisible();
  await audit(page, 'public gallery: photo dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Guest [0-9a-f]{4}/ }).click();
  await expect(dialog.getByText(/^Guest [0-9a-f]{4}$/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Share: the networks with the hashtags, and Copy Link
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Share Gallery' });
  await expect(menu.getByText('#Afterglow #Photography')).toBeVisible();
  const shareUrl = encodeURIComponent(`${new URL(page.url()).origin}/share/event/${R.slug}`);
  const x = await menu.getByRole('link', { name: /Share on X/ }).getAttribute('href');
  expect(x).toContain('https://twitter.com/intent/tweet?');
  expect(x).toContain(`url=${shareUrl}`);
  expect(x).toContain('hashtags=Afterglow%2CPhotography');
  for (const [name, start] of [
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ['LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/?url='],
    ['WhatsApp', 'https://wa.me/?text='],
  ] as const)
    expect(
      await menu.getByRole('link', { name: new RegExp(`Share on ${name}`) }).getAttribute('href'),
    ).toMatch(new RegExp(`^${start.replace(/[.?/]/g, '\\$&')}.*${shareUrl.replace(/[.%]/g, '\\$&')}`));
  expect(await menu.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
    encodeURIComponent('#Afterglow #Photography'),
  );
  await audit(page, 'public gallery: share menu');
  await menu.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(decodeURIComponent(shareUrl));

  // --- the share links as a chat app's scraper reads them ---
  const share = await visitor.request.get(`/share/event/${R.slug}`);
  expect(share.status()).toBe(200);
  const html = await share.text();
  expect(tag(html, 'og:title')).toBe('Garden Party');
  expect(tag(html, 'og:description')).toBe('Sun, cake &amp; friends &lt;3');
  expect(tag(html, 'og:site_name')).toBe('Afterglow');
  expect(tag(html, 'og:type')).toBe('website');
  expect(tag(html, 'og:url')).toMatch(new RegExp(`/share/event/${R.slug}$`));
  expect(tag(html, 'twitter:card')).toBe('summary_large_image');
  const image = new URL(tag(html, 'og:image')!);
  const approvedIds = toApprove.map((p) => p.id);
  expect(approvedIds).toContain(image.pathname.split('/')[3]);
  const img = await visitor.request.get(image.pathname);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/jpeg');

  // nothing of a private event or of a photo the public may not see
  for (const path of [
    `/share/event/${P.slug}`,
    `/share/photo/${privatePhoto.id}`,
    `/share/photo/${pending!.id}`,
  ]) {
    const r = await visitor.request.get(path);
    expect(r.status(), path).toBe(404);
    const text = await r.text();
    expect(text).not.toContain('Secret Soir');
    expect(tag(text, 'og:image'), path).toBeNull();
    expect((await visitor.request.get(`/share/photo/${privatePhoto.id}/image.jpg`)).status()).toBe(404);
  }

  // a person opening a photo's share link lands in the gallery, on that photo
  const photoId = approvedIds[0]!;
  await page.goto(`/share/photo/${photoId}`);
  await page.waitForURL(new RegExp(`/public/${R.slug}\\?photo=${photoId}$`));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto(`/share/event/${R.slug}`);
  await page.waitForURL(new RegExp(`/public/${R.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Garden Party' })).toBeVisible();
  await audit(page, 'public gallery after a share link');
});
