import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, request, test, type Page } from '@playwright/test';
import { parseCsv, readZip } from '../services/photos/src/test-support/zip-reader';
import { audit, buyPlanInTestMode } from './browser-support';
import { eventBody, shot, signUpAtIdp, uniqueEmail } from './support';

/**
 * 'Export Photos' on the host dashboard. A host who bought Event Basic on /checkout (test mode, as
 * `npm start` runs without Stripe keys) downloads the originals, once as a plain browser download and once through
 * the save picker with its progress bar; a host on the free plan is offered an upgrade instead.
 */

const auditDialog = (page: Page, what: string) => audit(page, what, '[role="dialog"]');

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A real JPEG of some noise, different every time. */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: seed * 40, g: 90, b: 200 },
      noise: { type: 'gaussian', mean: 100, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** In the page: a save picker whose file keeps what is written (slowly, so the progress shows). */
function fakeSavePicker() {
  const w = window as unknown as Record<string, unknown>;
  const chunks: Uint8Array[] = [];
  w.__saved = chunks;
  w.__savedState = 'none';
  w.showSaveFilePicker = async (o: { suggestedName: string }) => {
    w.__pickedName = o.suggestedName;
    return {
      createWritable: async () => ({
        write: async (c: Uint8Array) => {
          chunks.push(new Uint8Array(c));
          await new Promise((r) => setTimeout(r, Number(w.__writeDelayMs ?? 0)));
        },
        close: async () => void (w.__savedState = 'closed'),
        abort: async () => void (w.__savedState = 'aborted'),
      }),
    };
  };
}

test.describe('ZIP export', () => {
  test('a host on Event Basic downloads the originals: a plain download, and through the save picker', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    const email = uniqueEmail('export-host');
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await ctx.newPage();
    // this page has no save picker: the browser's own download is used
    await page.addInitScript(() =>
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
    );
    await page.goto(`${origin}/api/login?returnTo=/create-event`);
    await signUpAtIdp(page, email, 'a good long password');
    // the host buys Event Basic in the running app (test mode: no card is charged)
    await buyPlanInTestMode(page, 'basic', origin);
    const created = await page.request.post(`${origin}/api/events`, {
      data: eventBody({ name: 'Export Party', maxShotsPerDevice: 12 }),
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: string; code: string; slug: string };

    // no photos yet
    await page.goto(`${origin}/host/dashboard/${event.id}`);
    await page.getByRole('button', { name: 'Export Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export photos' });
    await expect(dialog.getByText('No photos to export yet')).toBeVisible();
    await auditDialog(page, 'export dialog, empty');
    await page.keyboard.press('Escape');

    // two guests take three photos
    const uploaded = new Map<string, Buffer>();
    for (const [g, name] of [null, 'Ann, "the" aunt'].entries()) {
      const guest = await request.newContext({ baseURL: origin });
      const joined = await guest.post(`/api/events/${event.code}/devices`, {
        data: { anonId: crypto.randomUUID(), displayName: name },
      });
      expect(joined.status()).toBe(201);
      const deviceId = ((await joined.json()) as { id: string }).id;
      for (let i = 0; i < (g ? 2 : 1); i++) {
        const jpeg = await photo(g * 3 + i);
        const up = await guest.post(`/api/events/${event.code}/photos`, {
          multipart: {
            photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg },
            deviceId,
            caption: `first, "best"\nshot ${i}`,
          },
        });
        expect(up.status()).toBe(201);
        uploaded.set(sha(jpeg), jpeg);
      }
      await guest.dispose();
    }

    await page.getByRole('button', { name: 'Export Photos' }).click();
    await expect(dialog.getByText('3 photos from 2 guests')).toBeVisible();
    await expect(dialog.getByText(/Every photo you have not rejected/)).toBeVisible();
    await expect(dialog.getByText(/downloads folder, which shows their progress/)).toBeVisible();
    await auditDialog(page, 'export dialog');
    await shot(page, info, 'export-dialog');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download All photos' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${event.slug}-${event.code}.zip`);
    await expect(dialog.getByText('Download started: your browser shows its progress.')).toBeVisible();
    const entries = await readZip(readFileSync((await download.path())!));
    expect(entries.map((e) => e.name.split('/')[0]).sort()).toEqual([
      'Ann, _the_ aunt',
      'Ann, _the_ aunt',
      expect.stringMatching(/^Guest [0-9a-f]{4}$/),
      'photos.csv',
    ]);
    for (const e of entries.filter((x) => x.name.endsWith('.jpg')))
      expect(uploaded.has(sha(e.bytes)), `${e.name} is an original, byte for byte`).toBe(true);
    const csv = parseCsv(
      entries
        .find((e) => e.name === 'photos.csv')!
        .bytes.toString('utf8')
        .slice(1),
    );
    expect(csv).toHaveLength(4);
    expect(csv.slice(1).map((r) => r[2])).toEqual(
      expect.arrayContaining(['first, "best"\nshot 0', 'first, "best"\nshot 1']),
    );

    // where the browser has a save picker, the part streams into the file with a progress bar
    const picking = await ctx.newPage();
    await picking.addInitScript(fakeSavePicker);
    await picking.goto(`${origin}/host/dashboard/${event.id}`);
    const setDelay = (ms: number) =>
      picking.evaluate((d) => {
        const w = window as unknown as { __writeDelayMs: number; __saved: Uint8Array[] };
        w.__writeDelayMs = d;
        w.__saved.length = 0;
      }, ms);
    await picking.getByRole('button', { name: 'Export Photos' }).click();
    const pickDialog = picking.getByRole('dialog', { name: 'Export photos' });
    const bar = pickDialog.getByRole('progressbar', { name: 'Saving All photos' });
    // Cancel stops it and discards the half-written file
    await setDelay(3000);
    await pickDialog.getByRole('button', { name: 'Download All photos' }).click();
    await expect(bar).toBeVisible();
    await pickDialog.getByRole('button', { name: 'Cancel All photos' }).click();
    await expect(pickDialog.getByText('Download cancelled.')).toBeVisible();
    expect(await picking.evaluate(() => (window as unknown as { __savedState: string }).__savedState)).toBe(
      'aborted',
    );
    await setDelay(700);
    await pickDialog.getByRole('button', { name: 'Download All photos' }).click();
    await expect(bar).toBeVisible();
    const total = Number(await bar.getAttribute('aria-valuemax'));
    expect(total).toBeGreaterThan(0);
    await expect(bar).toHaveAttribute('aria-valuetext', /of .* \(\d+%\)/);
    await auditDialog(picking, 'export dialog, saving');
    await expect(pickDialog.getByText(`Saved ${event.slug}-${event.code}.zip`)).toBeVisible();
    const saved = await picking.evaluate(() => {
      const w = window as unknown as { __saved: Uint8Array[]; __savedState: string; __pickedName: string };
      let bin = '';
      for (const c of w.__saved) for (const b of c) bin += String.fromCharCode(b);
      return { base64: btoa(bin), state: w.__savedState, name: w.__pickedName };
    });
    expect(saved.state).toBe('closed');
    expect(saved.name).toBe(`${event.slug}-${event.code}.zip`);
    const savedZip = Buffer.from(saved.base64, 'base64');
    expect(savedZip.length).toBe(total);
    expect(sha(savedZip)).toBe(sha(readFileSync((await download.path())!)));

    // a guest shoots while the first page's dialog is still open: Download lists the parts again
    const late = await request.newContext({ baseURL: origin });
    const lateDevice = await late.post(`/api/events/${event.code}/devices`, {
      data: { anonId: crypto.randomUUID(), displayName: 'Late Larry' },
    });
    const up = await late.post(`/api/events/${event.code}/photos`, {
      multipart: {
        photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo(7) },
        deviceId: ((await lateDevice.json()) as { id: string }).id,
      },
    });
    expect(up.status()).toBe(201);
    await late.dispose();
    await page.bringToFront();
    await dialog.getByRole('button', { name: 'Download again All photos' }).click();
    await expect(dialog.getByText(/The photos changed since you opened Export/)).toBeVisible();
    await expect(dialog.getByText('4 photos from 3 guests')).toBeVisible();
    await ctx.close();
  });

  test('a host on the free plan is refused, with an Upgrade link to the plans', async ({ page }, info) => {
    await page.goto('/api/login');
    await signUpAtIdp(page, uniqueEmail('free-host'), 'a good long password');
    const created = await page.request.post('/api/events', { data: eventBody({ name: 'Free Party' }) });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/host/dashboard/${id}`);
    await page.getByRole('button', { name: 'Export Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export photos' });
    await expect(dialog.getByText('ZIP export is not in your plan')).toBeVisible();
    await expect(
      dialog.getByText(
        'ZIP export is not included in the Free Demo plan. Event Basic and above include ZIP export: upgrade to download every original at once.',
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Download/ })).toHaveCount(0);
    await auditDialog(page, 'export dialog, free plan');
    await shot(page, info, 'export-refused');
    await dialog.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/pricing');
  });
});
