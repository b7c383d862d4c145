import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { runFfmpeg } from '../packages/service-kit/src/ffmpeg';
import { audit, buyPlanInTestMode } from './browser-support';
import { PHONE, eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * A guest's phone on plain http (the venue network, http://192.168.1.20:3000) has no in-app camera:
 * browsers give getUserMedia only to secure contexts. The camera page then offers the phone's own
 * camera app through a file input; the photo goes through the same preview, Keep and upload.
 */

const UPLOAD = (r: Request) =>
  r.method() === 'POST' && /^\/api\/events\/[^/]+\/photos$/.test(new URL(r.url()).pathname);

/** A host signed in with a fresh event made through the API; answers its code. */
async function hostEvent(browser: Browser, over: Record<string, unknown>) {
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/create-event');
  await hostPage.getByRole('link', { name: 'Login to Continue' }).click();
  await signUpAtIdp(hostPage, uniqueEmail('fallback-host'), 'a good long password');
  const created = await hostPage.request.post('/api/events', { data: eventBody(over) });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  return { host, code };
}

/**
 * A phone without the camera permission, prepared by `init` before any page script runs. The page's
 * CSP keeps fetch() off blob: URLs, so the blobs behind object URLs are noted for `previewed`.
 */
async function phone(browser: Browser, init: () => void): Promise<{ guest: BrowserContext; page: Page }> {
  const guest = await browser.newContext({
    viewport: PHONE,
    permissions: [],
    isMobile: true,
    hasTouch: true,
  });
  await guest.addInitScript(() => {
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create(obj);
      if (obj instanceof Blob) blobs.set(url, obj);
      return url;
    };
    (window as unknown as { __blobs: Map<string, Blob> }).__blobs = blobs;
  });
  await guest.addInitScript(init);
  return { guest, page: await guest.newPage() };
}

/** Joins the event and lands on its camera page. */
async function join(page: Page, code: string, eventName: string) {
  await page.goto(`/join/${code}`);
  await expect(page.getByText(eventName)).toBeVisible();
  await page.getByRole('button', { name: 'Start Taking Photos' }).click();
  await page.waitForURL(`**/camera/${code}`);
}

/** The start screen's counter, 'n of m shots left'. */
const counter = (page: Page, left: number, max: number) => page.getByText(`${left} of ${max} shots left`);

interface DeviceShots {
  photos: { width: number | null; height: number | null; caption: string | null; kind?: string }[];
  shotsRemaining: number;
  maxShots: number;
}

/** The device's roll as the server has it (the join cookie is the guest's). */
async function deviceShots(page: Page, code: string): Promise<DeviceShots> {
  const deviceId = await page.evaluate((c) => localStorage.getItem(`afterglow:device:${c}`), code);
  expect(deviceId).toBeTruthy();
  const res = await page.request.get(`/api/devices/${deviceId}/photos`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DeviceShots;
}

/** The photo in the preview dialog, as the page holds it. */
async function previewed(page: Page) {
  const img = page.getByRole('img', { name: 'The photo you just took' });
  await expect(img).toBeVisible();
  return img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const blob = (window as unknown as { __blobs: Map<string, Blob> }).__blobs.get(el.src);
    if (!blob) throw new Error('the preview shows no blob of this page');
    const head = Array.from(new Uint8Array(await blob.slice(0, 3).arrayBuffer()));
    return { type: blob.type, head, width: el.naturalWidth, height: el.naturalHeight };
  });
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];

test('without getUserMedia (plain http) the phone’s camera app takes the photo, converted to JPEG', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const { host, code } = await hostEvent(browser, { name: 'Venue Wi-Fi Party' });
  // What a page on http://192.168.1.20 lacks: the camera, secure-context APIs, the service worker.
  const { guest, page } = await phone(browser, () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
    delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
  });
  const uploads: Request[] = [];
  page.on('request', (r) => {
    if (UPLOAD(r)) uploads.push(r);
  });
  await join(page, code, 'Venue Wi-Fi Party');

  // --- the fallback instead of the in-app camera ---
  await expect(
    page.getByText('The in-app camera needs a secure connection, so your phone’s camera app opens instead.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Camera' })).toHaveCount(0);
  const input = page.getByLabel('Take Photo');
  await expect(input).toHaveAttribute('type', 'file');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await expect(input).toHaveAttribute('capture', 'environment');
  await expect(input).toHaveAccessibleDescription(/your phone’s camera app opens instead/);
  await expect(counter(page, 12, 12)).toBeVisible();
  await shot(page, info, 'fallback-01-start');
  await audit(page, 'fallback start screen');
  // a keyboard reaches it (the input itself is visually hidden inside its big label)
  await input.focus();
  await expect(input).toBeFocused();

  // --- (a) a PNG becomes a JPEG, is previewed, kept and uploaded once ---
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: png });
  const preview = await previewed(page);
  expect(preview).toEqual({ type: 'image/jpeg', head: JPEG_MAGIC, width: 800, height: 600 });
  await page.getByLabel('Caption').fill('From the phone camera');
  await shot(page, info, 'fallback-02-preview');
  const uploaded = page.waitForResponse((r) => UPLOAD(r.request()) && r.status() === 201);
  await page.getByRole('button', { name: 'Keep Photo' }).click();
  // the server takes only JPEGs (415 for anything else): a 201 is the converted photo
  await uploaded;

  // back at the fallback start screen, one shot fewer, and no try at the missing camera
  await expect(counter(page, 11, 12)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Take Photo')).toBeAttached();
  await expect(page.getByText('Camera Error')).toHaveCount(0);
  const afterKeep = await deviceShots(page, code);
  expect(afterKeep.shotsRemaining).toBe(11);
  expect(afterKeep.photos).toHaveLength(1);
  expect(afterKeep.photos[0]).toMatchObject({ width: 800, height: 600, caption: 'From the phone camera' });
  expect(uploads).toHaveLength(1);

  // --- (b) a file the browser cannot decode: 'Could not process photo.', nothing uploaded ---
  await input.setInputFiles({ name: 'photo.heic', mimeType: 'image/heic', buffer: randomBytes(64 * 1024) });
  await expect(page.getByText('Capture failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Could not process photo.', { exact: true })).toBeVisible();
  await shot(page, info, 'fallback-03-not-an-image');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(counter(page, 11, 12)).toBeVisible();
  expect((await deviceShots(page, code)).photos).toHaveLength(1);
  expect(uploads).toHaveLength(1);

  // --- the same photo again (the input was emptied), then Retake: back to the start, no shot used ---
  await input.setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: png });
  expect((await previewed(page)).type).toBe('image/jpeg');
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Take Photo')).toBeAttached();
  await expect(counter(page, 11, 12)).toBeVisible();
  await expect(page.getByText('Camera Error')).toHaveCount(0);
  expect(uploads).toHaveLength(1);

  // --- the photo is in the guest's own shots in the gallery ---
  await page.goto(`/gallery/${code}`);
  const yours = page.getByRole('region', { name: 'Your Shots' });
  await expect(yours.getByRole('button', { name: /^Open your photo 1\b/ })).toBeVisible();
  await expect(yours.getByRole('button', { name: /^Open your photo/ })).toHaveCount(1);
  await shot(page, info, 'fallback-04-your-shots');

  for (const c of [host, guest]) await c.close();
});

test('camera permission denied: the error, then the phone’s camera app (film mode, no retakes)', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const { host, code } = await hostEvent(browser, {
    name: 'No Permission Party',
    filmMode: true,
    noRetakes: true,
  });
  const { guest, page } = await phone(browser, () => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await join(page, code, 'No Permission Party');

  // the in-app camera exists, asked for at the join's tap and refused: the start screen says so and
  // offers the phone's camera app
  await expect(
    page.getByRole('alert').filter({ hasText: 'Camera access denied or not available' }),
  ).toBeVisible();
  await expect(
    page.getByText('Could not access camera. Please check permissions.', { exact: true }),
  ).toBeVisible();
  const input = page.getByLabel('Take Photo');
  await expect(input).toHaveAttribute('type', 'file');
  await expect(page.getByText('Or take the photo with your phone’s camera app instead.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
  await shot(page, info, 'denied-01-start');
  // (the start screen itself; the red toast's own contrast is packages/ui's, not this page's)
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Camera Error', { exact: true })).toHaveCount(0);
  await audit(page, 'start screen after a refused camera');
  const before = await deviceShots(page, code);
  await expect(counter(page, before.shotsRemaining, before.maxShots)).toBeVisible();

  // a JPEG from the camera app goes the same way: no retakes at this event, then 'Developing...'
  const jpeg = await sharp({ create: { width: 640, height: 960, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  await input.setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  expect(await previewed(page)).toEqual({ type: 'image/jpeg', head: JPEG_MAGIC, width: 640, height: 960 });
  await expect(page.getByText('No retakes at this event: every shot counts.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retake' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Keep Photo' }).click();
  await expect(page.getByText('Developing...')).toBeVisible();
  await expect(page.getByText('Developing...')).toHaveCount(0, { timeout: 10_000 });
  await expect(counter(page, before.shotsRemaining - 1, before.maxShots)).toBeVisible();
  await expect(page.getByLabel('Take Photo')).toBeAttached();
  await expect(page.getByText('Could not restart camera.')).toHaveCount(0);
  const after = await deviceShots(page, code);
  expect(after.shotsRemaining).toBe(before.shotsRemaining - 1);
  expect(after.photos).toHaveLength(1);
  expect(after.photos[0]).toMatchObject({ width: 640, height: 960 });
  await shot(page, info, 'denied-02-kept');

  for (const c of [host, guest]) await c.close();
});

test('without getUserMedia a clip comes from the phone’s video camera: checked on the phone, sent resumably', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(joinPath(tmpdir(), 'afterglow-fallback-clip-'));
  /** A WebM of `seconds`, as a phone's camera app might hand one over. */
  const clipOf = async (seconds: number) => {
    const file = joinPath(dir, `clip-${seconds}.webm`);
    await runFfmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`,
      '-c:v', 'libvpx', '-b:v', '800k', '-deadline', 'realtime', '-cpu-used', '8', file,
    ]); // prettier-ignore
    return readFile(file);
  };
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await hostPage.goto('/api/login?returnTo=/create-event');
  await signUpAtIdp(hostPage, uniqueEmail('fallback-clip-host'), 'a good long password');
  await buyPlanInTestMode(hostPage, 'basic');
  const created = await hostPage.request.post('/api/events', {
    data: eventBody({ name: 'Clips on Wi-Fi', allowClips: true, clipSeconds: 5 }),
  });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  const { guest, page } = await phone(browser, () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  const tus: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(`/api/events/${code}/uploads`)) tus.push(r.method());
  });
  await join(page, code, 'Clips on Wi-Fi');
  const input = page.getByLabel('Take Clip');
  await expect(input).toHaveAttribute('accept', 'video/*');
  await expect(input).toHaveAttribute('capture', 'environment');
  await expect(page.getByText('Or record a clip of up to 5 seconds with your phone’s camera.')).toBeVisible();
  await shot(page, info, 'fallback-clip-01-start');

  // longer than the event allows: told on the phone, nothing sent, no shot used
  await input.setInputFiles({ name: 'VID_LONG.webm', mimeType: 'video/webm', buffer: await clipOf(8) });
  await expect(
    // exact: the toast's live region repeats it with its title, for screen readers
    page.getByText('This clip is longer than the event allows. Your clip was not uploaded.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(tus).toEqual([]);

  // a 3 s clip: previewed, kept, sent with tus, one shot
  await input.setInputFiles({ name: 'VID_0001.webm', mimeType: 'video/webm', buffer: await clipOf(3) });
  const preview = page.getByRole('dialog', { name: 'Your clip' });
  await expect(preview.getByLabel('The clip you just recorded')).toBeVisible();
  await preview.getByRole('button', { name: 'Keep Clip' }).click();
  await expect(counter(page, 11, 12)).toBeVisible();
  await expect.poll(() => tus).toEqual(['POST', 'PATCH']);
  const kinds = async () => (await deviceShots(page, code)).photos.map((p) => p.kind);
  await expect.poll(kinds, { timeout: 30_000 }).toEqual(['clip']);
  await shot(page, info, 'fallback-clip-02-kept');
  for (const c of [host, guest]) await c.close();
  await rm(dir, { recursive: true, force: true });
});
