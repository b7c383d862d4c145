import { expect, test } from '@playwright/test';
import { readZip } from '../services/photos/src/test-support/zip-reader';
import { buyPlanInTestMode, phoneGuestJoins } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

interface Capture {
  id: string;
  kind: string;
  eventId: string;
  videoUrl: string | null;
  posterUrl: string | null;
  durationMs: number | null;
  originalUrl?: string;
}

/** The sample-description box names the video codec: `avc1` is H.264. */
const videoCodecOf = (mp4: Buffer) => (mp4.includes('avc1') ? 'h264' : 'other');

/**
 * A clip from end to end, as people take one (ADR 033): a guest's phone records it with the camera and
 * the microphone (Chromium's fake devices), keeps it, and it goes up resumably; the host sees it
 * developed and approves it; a venue screen plays it; the export holds it as it was recorded.
 */
test('a guest records a clip; the host approves it developed; a venue screen plays it; the ZIP holds it', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const host = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const hostPage = await host.newPage();
  await hostPage.goto(`${origin}/api/login?returnTo=/create-event`);
  await signUpAtIdp(hostPage, uniqueEmail('clip-host'), 'a good long password');
  await buyPlanInTestMode(hostPage, 'basic', origin);
  const created = await hostPage.request.post(`${origin}/api/events`, {
    data: eventBody({ name: 'Clip Party', revealMode: 'live', allowClips: true, clipSeconds: 5 }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; code: string };

  // --- the guest records three seconds and keeps them ---
  const { context, page } = await phoneGuestJoins(browser, event.code, 'Clip Party', 'Cleo', [
    'camera',
    'microphone',
  ]);
  // what the phone sends, chunk by chunk by offset: the clip as it recorded it
  await page.evaluate(() => {
    const w = window as unknown as { sent: [number, Blob][] };
    w.sent = [];
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (init?.method === 'PATCH' && init.body instanceof Blob)
        w.sent.push([Number(headers.get('Upload-Offset')), init.body]);
      return send(input, init);
    };
  });
  // (the camera opened with the join's tap)
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  await page.getByRole('radio', { name: 'Clip' }).click();
  const record = page.getByRole('button', { name: 'Record a clip of up to 5 seconds' });
  await expect(record).toBeEnabled();
  await expect(page.getByText('0:00 / 0:05')).toBeVisible();
  await record.click();
  await expect(page.getByText('0:02 / 0:05')).toBeVisible();
  await shot(page, info, 'clip-recording');
  await expect(page.getByText('0:03 / 0:05')).toBeVisible();
  await page.getByRole('button', { name: 'Stop recording' }).click();

  const preview = page.getByRole('dialog', { name: 'Your clip' });
  const played = preview.getByLabel('The clip you just recorded');
  await expect(played).toBeVisible();
  // it plays, with its sound track
  await expect.poll(() => played.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5)).toBe(true);
  expect(await played.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await shot(page, info, 'clip-preview');
  await preview.getByRole('button', { name: 'Keep Clip' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByText('11 shots left')).toBeVisible();
  const recorded = Buffer.from(
    await page.evaluate(async () => {
      const { sent } = window as unknown as { sent: [number, Blob][] };
      const parts = [...new Map(sent).entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
      const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin);
    }),
    'base64',
  );
  expect(recorded.length).toBeGreaterThan(10_000);
  await context.close();

  // --- the host sees it developed: an H.264 MP4 with a poster, the original untouched ---
  let clip: Capture | undefined;
  await expect
    .poll(
      async () => {
        const pending = (await (
          await hostPage.request.get(`${origin}/api/events/${event.code}/photos/pending`)
        ).json()) as Capture[];
        clip = pending.find((p) => p.kind === 'clip' && p.videoUrl);
        return !!clip;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  expect(clip!.durationMs).toBeGreaterThan(2000);
  expect(clip!.durationMs).toBeLessThanOrEqual(5500);
  const mp4 = await (await hostPage.request.get(clip!.videoUrl!)).body();
  expect(videoCodecOf(mp4)).toBe('h264');
  const poster = await hostPage.request.get(clip!.posterUrl!);
  expect(poster.headers()['content-type']).toBe('image/jpeg');
  const original = await (await hostPage.request.get(clip!.originalUrl!)).body();
  expect(original.equals(recorded)).toBe(true);

  // --- a venue screen plays it once the host approves it ---
  const screen = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screenPage = await screen.newPage();
  await screenPage.goto(`${origin}/live-slideshow/${event.code}`);
  const approved = await hostPage.request.post(`${origin}/api/photos/${clip!.id}/approve`);
  expect(approved.ok()).toBe(true);
  const onScreen = screenPage.locator(`video[data-photo-id="${clip!.id}"]`);
  await expect(onScreen).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => onScreen.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5)).toBe(true);
  expect(await onScreen.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await shot(screenPage, info, 'clip-on-venue-screen');
  await screen.close();

  // --- the export holds the clip as the phone recorded it ---
  const manifest = (await (await hostPage.request.get(`${origin}/api/events/${event.id}/export`)).json()) as {
    parts: { url: string }[];
  };
  const zip = await (await hostPage.request.get(manifest.parts[0]!.url)).body();
  const entries = await readZip(zip);
  const inZip = entries.find((e) => /\.(webm|mp4)$/.test(e.name));
  expect(inZip?.bytes.equals(recorded)).toBe(true);
  await host.close();
});
