import { linkFromMail } from './mail';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PHONE } from './support';

// Helpers that need Playwright or sharp; ./support.ts stays plain (the Vitest harness reads it too).

/** No serious or critical axe violations (WCAG 2.1 A/AA) on the page as it is now, or in `include`. */
export async function audit(page: Page, what: string, include?: string) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) axe = axe.include(include);
  const result = await axe.analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `${what}: serious or critical accessibility violations`).toEqual([]);
}

/** A small real JPEG of one colour, as a phone's camera would send (decodable, so it develops). */
export const jpeg = (background: string, width = 480, height = 360) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * A guest joins `code` through the API on `api` (a context of its own: the device cookie stays in it)
 * and keeps `count` photos; answers the device and the photo ids in the order taken.
 */
export async function guestShoots(
  api: APIRequestContext,
  code: string,
  count: number,
  displayName: string | null = null,
) {
  const joined = await api.post(`/api/events/${code}/devices`, {
    data: { anonId: crypto.randomUUID(), displayName },
  });
  expect(joined.ok()).toBe(true);
  const device = (await joined.json()) as { id: string };
  const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#f39c12', '#16a085'];
  for (let i = 0; i < count; i++) {
    const res = await api.post(`/api/events/${code}/photos`, {
      multipart: {
        deviceId: device.id,
        caption: `Shot ${i + 1}`,
        photo: {
          name: `IMG_${i}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await jpeg(colours[i % colours.length]!),
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return device;
}

/**
 * Confirms the signed-in host's address as they do (ADR 035: buying needs it): the link of the e-mail
 * sent at sign-up, which this server keeps in its data dir for want of an SMTP server.
 */
export async function confirmAddress(page: Page, origin = '') {
  const me = await (await page.request.get(`${origin}/api/auth/user`)).json();
  if (me.emailVerified) return;
  await page.goto(await linkFromMail(me.email, '/idp/confirm/'));
  await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
}

/**
 * Buys `plan` on /checkout as a signed-in host does on a server without Stripe keys (test mode, no
 * card charged; ADR 024), and waits for the return to /create-event?success=true.
 */
export async function buyPlanInTestMode(page: Page, plan: 'basic' | 'pro' | 'max', origin = '') {
  await confirmAddress(page, origin);
  await page.goto(`${origin}/checkout?plan=${plan}`);
  await expect(page.getByText('Test mode: no card is charged.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await page.waitForURL('**/create-event?success=true');
}

/**
 * A guest on a phone of their own (a browser context with the camera allowed) joins `code` through the
 * join page as a person does: the event's name shows, an optional name, 'Start Taking Photos' (which
 * opens the in-app camera), and the camera page. Answers the context and the page, on /camera/{code}.
 */
export async function phoneGuestJoins(
  browser: Browser,
  code: string,
  eventName: string,
  name?: string,
  permissions = ['camera'],
) {
  const context = await browser.newContext({
    viewport: PHONE,
    permissions,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`/join/${code}`);
  await expect(page.getByText(eventName)).toBeVisible();
  if (name) await page.getByLabel(/Your Name/).fill(name);
  await page.getByRole('button', { name: 'Start Taking Photos' }).click();
  await page.waitForURL(`**/camera/${code}`);
  return { context, page };
}
