import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Request } from '@playwright/test';
import type { AdminEventRow, AdminPage, FindMeResult, UploadResult } from '@afterglow/contracts';
import {
  SAMPLE_COUNT,
  cropAround,
  describeFaces,
  faceDistance,
  largestFace,
  samplePhoto,
  type Face,
} from '@afterglow/faces';
import { CHROMIUM_ARGS } from '../playwright.config';
import { audit, buyPlanInTestMode, jpeg } from './browser-support';
import { E2E_ADMIN, PHONE, eventBody, isoIn, shot, signInOrUp, signUpAtIdp, uniqueEmail } from './support';

/**
 * Find Me (issue 25, ADR 036) as people use it: a host on Event Pro turns it on with the dashboard's
 * switch; guests' phones send two of face-api's demo group photos, one with a person in it and one
 * without; that person, on a phone whose front camera films a close-up of their face (Chromium's fake
 * camera reading a .y4m made from the group photo), agrees, takes a selfie in the gallery and sees
 * the photo they are in and not the other; 'Remove me' takes them out, and searching again finds
 * nothing. Nothing reaches /find-me before the guest agrees.
 */
const PASSWORD = 'a good long password';
/** Farther than this from every face of a photo, the person is surely not in it (the server's threshold is 0.45). */
const NOT_THEM = 0.6;
const DIR = join('test-results', 'find-me');

/** A close-up of one face (with a generous margin) as a fake camera's video: 640×480, 3 s, I420. */
function cameraFile(face: Buffer): string {
  mkdirSync(DIR, { recursive: true });
  const jpg = join(DIR, 'face.jpg');
  const y4m = join(DIR, 'face.y4m');
  writeFileSync(jpg, face);
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(
    ffmpeg,
    [
      ...['-y', '-loglevel', 'error', '-loop', '1', '-i', jpg, '-t', '3', '-r', '10'],
      ...['-vf', 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2'],
      ...['-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', y4m],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  expect(existsSync(y4m)).toBe(true);
  return y4m;
}

/** The person: the largest face of group photo 1; and a group photo they are surely not in. */
async function pickPeople() {
  const photo = samplePhoto(1);
  const me = largestFace(await describeFaces(photo))!;
  expect(me).toBeTruthy();
  let other: { n: number; faces: Face[] } | null = null;
  for (let n = 2; n <= SAMPLE_COUNT && !other; n++) {
    const faces = await describeFaces(samplePhoto(n));
    if (faces.length && faces.every((f) => faceDistance(f.descriptor, me.descriptor) > NOT_THEM))
      other = { n, faces };
  }
  expect(other, 'a demo photo without the person').not.toBeNull();
  const close = await cropAround(photo, me, false, 0.6);
  // the close-up is that person to the models too
  const inClose = largestFace(await describeFaces(close));
  expect(faceDistance(inClose!.descriptor, me.descriptor)).toBeLessThan(0.3);
  return { photo, other: other!, close };
}

/** A guest's phone sends `photo` through the API (a device of its own); answers the photo's id. */
async function upload(api: APIRequestContext, code: string, photo: Buffer, caption: string) {
  const joined = await api.post(`/api/events/${code}/devices`, { data: { anonId: crypto.randomUUID() } });
  expect(joined.ok()).toBe(true);
  const { id: deviceId } = (await joined.json()) as { id: string };
  const res = await api.post(`/api/events/${code}/photos`, {
    multipart: { deviceId, caption, photo: { name: 'party.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as UploadResult).photoId;
}

test('a guest finds the photos they are in with a selfie, then removes themselves', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(300_000);
  const origin = baseURL!;
  const { photo, other, close } = await pickPeople();
  const y4m = cameraFile(close);

  // --- a host on Event Pro turns Find Me on in Event Sharing & Privacy ---
  const host = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const hostPage = await host.newPage();
  await hostPage.goto(`${origin}/api/login?returnTo=/create-event`);
  await signUpAtIdp(hostPage, uniqueEmail('find-me-host'), PASSWORD);
  await buyPlanInTestMode(hostPage, 'pro', origin);
  const created = await hostPage.request.post(`${origin}/api/events`, {
    data: eventBody({
      name: 'Find Me Party',
      startsAt: isoIn(-60_000),
      endsAt: isoIn(3600_000),
      revealMode: 'live',
      revealAt: isoIn(-30_000),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; code: string; findMe: boolean };
  expect(event.findMe).toBe(false);
  await hostPage.goto(`${origin}/host/dashboard/${event.id}`);
  const toggle = hostPage.getByRole('switch', { name: 'Find Me' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(
    hostPage.getByText('Guests find the photos they are in with a selfie.', { exact: false }),
  ).toBeVisible();
  await toggle.click();
  await expect(hostPage.getByText('Find Me is on', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await shot(hostPage, info, 'find-me-host-switch');
  expect(
    ((await (await hostPage.request.get(`${origin}/api/events/${event.id}`)).json()) as { findMe: boolean })
      .findMe,
  ).toBe(true);

  // --- guests send the photo with the person in it, and one without ---
  const guests = await browser.newContext();
  const otherId = await upload(guests.request, event.code, samplePhoto(other.n), 'Other table');
  const theirsId = await upload(guests.request, event.code, photo, 'Our table');
  expect(theirsId && otherId).toBeTruthy();

  // the admin sees Find Me on and how many faces it holds, once both photos are indexed
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  await signInOrUp(adminPage, E2E_ADMIN, PASSWORD, '/admin-dashboard');
  const row = async () => {
    const res = await adminPage.request.get(
      `${origin}/api/admin/events?search=${encodeURIComponent(event.code)}&filter=all`,
    );
    const page = (await res.json()) as AdminPage<AdminEventRow>;
    return page.items.find((e) => e.id === event.id);
  };
  // more faces than either photo holds alone (as the models see them here): both are indexed
  const inTheirs = (await describeFaces(photo)).length;
  const both = Math.max(inTheirs, other.faces.length) + 1;
  await expect
    .poll(async () => (await row())?.faceCount ?? 0, { timeout: 120_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(both);
  // and settled
  let faces = (await row())!.faceCount;
  await expect
    .poll(
      async () => {
        const before = faces;
        faces = (await row())!.faceCount;
        return faces === before;
      },
      { timeout: 30_000, intervals: [3000] },
    )
    .toBe(true);
  expect((await row())!.findMe).toBe(true);
  await adminPage.getByRole('tab', { name: 'Events' }).click();
  const panel = adminPage.getByRole('tabpanel', { name: 'Events' });
  await panel.getByLabel('Search events').fill(event.code);
  await expect(panel.locator('tbody tr').filter({ hasText: event.code })).toContainText(
    `On · ${faces} faces`,
  );

  // --- the person, on their phone: a front camera filming their face ---
  const phoneBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${y4m}`],
  });
  const context = await phoneBrowser.newContext({
    baseURL: origin,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  const findMeCalls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/find-me')) findMeCalls.push(r);
  });
  await page.goto(`/join/${event.code}`);
  await expect(page.getByText('Find Me Party')).toBeVisible();
  await page.getByRole('button', { name: 'Start Taking Photos' }).click();
  await page.waitForURL(`**/camera/${event.code}`);
  await page.goto(`/gallery/${event.code}`);
  await expect(page.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2);
  await shot(page, info, 'find-me-gallery');

  await page.getByRole('button', { name: 'Find me', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Find me', exact: true });
  // the consent is read first: its heading has the focus
  await expect(dialog.getByRole('heading', { name: 'Find the photos you are in' })).toBeFocused();
  await expect(dialog.getByText('Your selfie is never stored', { exact: false })).toBeVisible();
  await expect(dialog.getByText('No outside service sees it.', { exact: false })).toBeVisible();
  await audit(page, 'Find Me: consent', 'dialog');
  await shot(page, info, 'find-me-consent');
  // 'Not now' closes without a word to the server
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Find me', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Find me', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Find the photos you are in' })).toBeVisible();
  expect(findMeCalls, 'nothing is sent before the guest agrees').toEqual([]);

  await dialog.getByRole('button', { name: 'I agree, take my selfie' }).click();
  const shutter = dialog.getByRole('button', { name: 'Take selfie' });
  await expect(shutter).toBeEnabled();
  // the front camera shows the face
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  expect(findMeCalls, 'nothing is sent before the selfie is taken').toEqual([]);
  await shot(page, info, 'find-me-camera');

  const searched = page.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${event.code}/find-me`) && r.request().method() === 'POST',
  );
  await shutter.click();
  const answer = await searched;
  expect(answer.status(), await answer.text()).toBe(200);
  const result = (await answer.json()) as FindMeResult;
  const found = result.photos.map((p) => p.id);
  expect(found).toContain(theirsId);
  expect(found).not.toContain(otherId);
  expect(findMeCalls[0]!.headers()['content-type']).toMatch(/^multipart\/form-data/);
  // the camera is let go once the selfie is taken
  await expect(dialog.locator('video')).toHaveCount(0);

  await expect(dialog.getByRole('heading', { name: '1 photo of you' })).toBeFocused();
  await expect(dialog.getByRole('status').first()).toHaveText('1 photo of you');
  await expect(dialog.getByRole('button', { name: 'Open photo 1 of you' })).toBeVisible();
  if (result.faces > 1)
    await expect(dialog.getByText(`Your selfie shows ${result.faces} faces`, { exact: false })).toBeVisible();
  await audit(page, 'Find Me: results', 'dialog');
  await shot(page, info, 'find-me-results');
  // the photo opens large
  await dialog.getByRole('button', { name: 'Open photo 1 of you' }).click();
  const large = page.getByRole('dialog', { name: 'Event photo 1 of 1' });
  await expect(large.getByRole('img')).toBeVisible();
  await large.getByRole('button', { name: 'Close' }).click();
  await expect(large).toBeHidden();

  // --- 'Remove me': asked first, then the faces leave the index; the photos stay ---
  await dialog.getByRole('button', { name: 'Remove me' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove me from Find Me?' });
  await expect(
    confirm.getByText('The photos themselves stay in the gallery.', { exact: false }),
  ).toBeVisible();
  const removed = page.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${event.code}/find-me`) && r.request().method() === 'DELETE',
  );
  await confirm.getByRole('button', { name: 'Remove me' }).click();
  const removal = await removed;
  expect(removal.status(), await removal.text()).toBe(200);
  const { removed: count } = (await removal.json()) as { removed: number };
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(
    dialog.getByRole('heading', {
      name: count === 1 ? 'We removed 1 face from Find Me.' : `We removed ${count} faces from Find Me.`,
    }),
  ).toBeVisible();
  await shot(page, info, 'find-me-removed');

  await dialog.getByRole('button', { name: 'Search again' }).click();
  await expect(dialog.getByRole('heading', { name: 'No photos of you yet' })).toBeVisible();
  await expect(dialog.getByText('We found no photo of you', { exact: false })).toBeVisible();
  expect(findMeCalls.map((r) => r.method())).toEqual(['POST', 'DELETE', 'POST']);

  // a picture without a face, through the phone's camera app: said plainly, and a new selfie is the way on
  await dialog.getByRole('button', { name: 'New selfie' }).click();
  await dialog
    .getByLabel('Use your phone’s camera app')
    .setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#777777', 640, 480) });
  await expect(dialog.getByRole('alert')).toHaveText(
    'We could not find a face in your selfie. Try again facing the camera, in good light.',
  );
  await shot(page, info, 'find-me-no-face');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Take selfie' })).toBeEnabled();

  // the photo stays in the gallery
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2);

  // the admin's count went down by what was removed
  await expect.poll(async () => (await row())!.faceCount).toBe(faces - count);

  // --- the host turns Find Me off: asked first, then every face record goes ---
  await toggle.click();
  const off = hostPage.getByRole('dialog', { name: 'Turn off Find Me?' });
  await expect(
    off.getByText('Every face record of this event is deleted now', { exact: false }),
  ).toBeVisible();
  await off.getByRole('button', { name: 'Turn off and delete face records' }).click();
  await expect(hostPage.getByText('Find Me is off', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeFocused();
  await expect.poll(async () => (await row())!.faceCount).toBe(0);
  expect((await row())!.findMe).toBe(false);
  await adminPage.reload();
  await adminPage.getByRole('tab', { name: 'Events' }).click();
  await panel.getByLabel('Search events').fill(event.code);
  await expect(panel.locator('tbody tr').filter({ hasText: event.code })).toContainText('Off');
  // and the guests' gallery has no Find me any more
  await page.reload();
  await expect(page.getByRole('button', { name: /^Open photo \d/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Find me', exact: true })).toHaveCount(0);

  await phoneBrowser.close();
  await Promise.all([host.close(), guests.close(), admin.close()]);
});
