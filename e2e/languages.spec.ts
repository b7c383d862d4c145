import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { PHONE, eventBody, isoIn, shot, signInOrUp, uniqueEmail } from './support';

/**
 * Every guest in their own language (docs/adr/032-languages.md): phones set to German, French and
 * Arabic read the landing page, the join page, the camera, the gallery and the host dashboard in that
 * language, with `lang` and `dir` on <html> and no English left but the event's own texts; an English
 * phone keeps the spec's strings; a phone that speaks none of the ten reads the event's language; the
 * menu switches a page without a reload and is remembered; the pseudo-locale fits a phone's screen.
 */

type Catalogue = Record<string, string>;
const DOMAINS = {
  ui: 'packages/ui/src/locales',
  shell: 'frontends/shell/src/locales',
  guest: 'frontends/guest/src/locales',
  host: 'frontends/host/src/locales',
} as const;
const read = (dir: string, lang: string): Catalogue =>
  JSON.parse(readFileSync(join(process.cwd(), dir, `${lang}.json`), 'utf8')) as Catalogue;
const catalogues = (lang: string) => Object.values(DOMAINS).map((dir) => read(dir, lang));

/** A message of the guest's pages in `lang`, found by its English. */
function tr(domain: keyof typeof DOMAINS, english: string, lang: string): string {
  const en = read(DOMAINS[domain], 'en');
  const id = Object.keys(en).find((k) => en[k] === english);
  if (!id) throw new Error(`'${english}' is not a ${domain} message`);
  return lang === 'en' ? english : read(DOMAINS[domain], lang)[id]!;
}

/**
 * The English messages a page in `lang` must not show: every plain English message (no placeholder)
 * whose translation differs from it. Short ones are compared with whole texts, sentences also inside
 * longer texts.
 */
function englishLeft(lang: string) {
  const en = catalogues('en');
  const other = catalogues(lang);
  const whole = new Set<string>();
  const inside: string[] = [];
  en.forEach((cat, i) => {
    for (const [id, text] of Object.entries(cat)) {
      if (/[{}#']/.test(text) || !/[a-z]/i.test(text)) continue;
      if (other[i]![id] === text) continue; // the same in both languages ('Pro', 'OK')
      whole.add(text.trim());
      if (text.trim().split(/\s+/).length >= 4) inside.push(text.trim());
    }
  });
  return { whole, inside };
}

/** What a person reads or hears on the page: visible lines and the accessible names given as attributes. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')))
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    return texts.map((t) => t.trim()).filter(Boolean);
  });
}

async function expectNoEnglish(page: Page, lang: string, allowed: string[]) {
  const { whole, inside } = englishLeft(lang);
  const left = (await pageTexts(page)).filter(
    (text) =>
      !allowed.some((a) => text.includes(a)) &&
      (whole.has(text) || inside.some((sentence) => text.includes(sentence))),
  );
  expect(left, `English left on ${page.url()}`).toEqual([]);
}

async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

const EVENT_NAME = 'Anna & Ben’s Wedding';
let hostState: BrowserContextOptions['storageState'];
let event: { id: string; code: string };
let frenchEvent: { id: string; code: string };

test.beforeAll(async ({ browser }) => {
  // Two hosts sign in with an English browser (the sign-in helper reads the English page) and each
  // creates an event on the free plan: one in English, one whose guests read French.
  const host = async (over: Record<string, unknown>) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await signInOrUp(page, uniqueEmail('languages'), 'a good long password', '/dashboard');
    const r = await page.request.post('/api/events', { data: eventBody(over) });
    expect(r.status(), await r.text()).toBe(201);
    return { context, created: (await r.json()) as { id: string; code: string } };
  };
  const english = await host({ startsAt: isoIn(-60_000) });
  event = english.created;
  hostState = await english.context.storageState();
  await english.context.close();
  const french = await host({ name: 'Fête de Léa', startsAt: isoIn(-60_000), language: 'fr' });
  frenchEvent = french.created;
  await french.context.close();
});

/** A phone whose browser speaks `locale`; signed in as the host when `host`. */
async function phone(browser: Browser, locale: string, host = false) {
  const context = await browser.newContext({
    locale,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['camera'],
    ...(host ? { storageState: hostState } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The guest's way through: the join page, the camera, the gallery; then the host's dashboard. */
async function walk(
  browser: Browser,
  locale: string,
  lang: string,
  check: (page: Page, where: string) => Promise<void>,
) {
  const guest = await phone(browser, locale);
  const page = guest.page;
  await page.goto('/');
  await check(page, 'landing');

  await page.goto(`/join/${event.code}`);
  await expect(page.getByText(EVENT_NAME)).toBeVisible();
  await check(page, 'join');
  await page.getByRole('button', { name: tr('guest', 'Start Taking Photos', lang) }).click();
  await page.waitForURL(`**/camera/${event.code}`);
  // the camera opened with the join's tap
  await expect(page.getByRole('button', { name: tr('guest', 'Take photo', lang) })).toBeVisible();
  await check(page, 'viewfinder');
  // the camera page opened again (a reload): its start screen
  await page.reload();
  await expect(page.getByRole('button', { name: tr('guest', 'Start Camera', lang) })).toBeVisible();
  await check(page, 'camera');
  await page.getByRole('button', { name: tr('guest', 'Start Camera', lang) }).click();
  await expect(page.getByRole('button', { name: tr('guest', 'Take photo', lang) })).toBeVisible();

  await page.goto(`/gallery/${event.code}`);
  await expect(page.getByText(EVENT_NAME)).toBeVisible();
  await check(page, 'gallery');
  await guest.context.close();

  const host = await phone(browser, locale, true);
  await host.page.goto(`/host/dashboard/${event.id}`);
  await expect(host.page.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  await check(host.page, 'dashboard');
  await host.context.close();
}

for (const { locale, lang, dir } of [
  { locale: 'de-DE', lang: 'de', dir: 'ltr' },
  { locale: 'fr-FR', lang: 'fr', dir: 'ltr' },
  { locale: 'ar', lang: 'ar', dir: 'rtl' },
] as const) {
  test(`a phone set to ${locale} reads every page in ${lang}`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    await walk(browser, locale, lang, async (page, where) => {
      await expectLanguage(page, lang, dir);
      // Let the page settle (a remote's catalogue arrives with its page).
      await page.waitForLoadState('networkidle');
      await expectNoEnglish(page, lang, [EVENT_NAME, event.code]);
      await shot(page, info, `${lang}-${where}`);
    });
  });
}

test('a phone set to en-US keeps the spec’s strings', async ({ browser }) => {
  test.setTimeout(180_000);
  const seen: Record<string, string[]> = {};
  await walk(browser, 'en-US', 'en', async (page, where) => {
    await expectLanguage(page, 'en', 'ltr');
    seen[where] = await pageTexts(page);
  });
  // A sample of the spec's strings, page by page (the other browser tests assert the rest in English).
  expect(seen.landing).toEqual(expect.arrayContaining(['Sign In', 'Get Started']));
  expect(seen.join).toEqual(expect.arrayContaining(['Start Taking Photos']));
  expect(seen.camera).toEqual(expect.arrayContaining(['Start Camera']));
  expect(seen.dashboard).toEqual(expect.arrayContaining(['Active Guests']));
});

test('a phone that speaks none of the ten reads the event’s language', async ({ browser }) => {
  const { context, page } = await phone(browser, 'ja-JP');
  await page.goto(`/join/${frenchEvent.code}`);
  await expect(page.getByText('Fête de Léa')).toBeVisible();
  await expectLanguage(page, 'fr', 'ltr');
  await expect(page.getByRole('button', { name: tr('guest', 'Start Taking Photos', 'fr') })).toBeVisible();
  await expectNoEnglish(page, 'fr', ['Fête de Léa', frenchEvent.code]);
  // …while a German phone reads German on the same event.
  const german = await phone(browser, 'de-DE');
  await german.page.goto(`/join/${frenchEvent.code}`);
  await expect(
    german.page.getByRole('button', { name: tr('guest', 'Start Taking Photos', 'de') }),
  ).toBeVisible();
  await expectLanguage(german.page, 'de', 'ltr');
  await german.context.close();
  await context.close();
});

test('the language menu switches the page without a reload, and the choice survives one', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, 'en-US');
  await page.goto(`/join/${event.code}`);
  await expect(page.getByRole('button', { name: 'Start Taking Photos' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.getByRole('button', { name: tr('guest', 'Start Taking Photos', 'ar') })).toBeVisible();
  await expectLanguage(page, 'ar', 'rtl');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await page.reload();
  await expect(page.getByRole('button', { name: tr('guest', 'Start Taking Photos', 'ar') })).toBeVisible();
  await expectLanguage(page, 'ar', 'rtl');
  // Back to what the phone speaks.
  await page.getByLabel(tr('ui', 'Language', 'ar')).selectOption('');
  await expect(page.getByRole('button', { name: 'Start Taking Photos' })).toBeVisible();
  await expectLanguage(page, 'en', 'ltr');
  await context.close();
});

test('the pseudo-locale’s long strings fit a phone’s screen', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const overflowing = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const found: string[] = [];
      if (document.documentElement.scrollWidth > width + 1)
        found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const own = Array.from(el.childNodes).some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim(),
        );
        if (!own || !el.checkVisibility()) continue;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1) continue; // for screen readers only
        const text = el.textContent!.trim().slice(0, 40);
        if (box.right > width + 1 || box.left < -1) found.push(`off screen: ${text}`);
        const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        if (clips && el.scrollWidth > el.clientWidth + 1 && !el.closest('[data-truncates]'))
          found.push(`cut off: ${text}`);
      }
      return found;
    });
  const pseudo = async (host = false) => {
    const p = await phone(browser, 'en-US', host);
    await p.context.addInitScript(() => localStorage.setItem('afterglow:language', 'en-XA'));
    return p;
  };
  const guest = await pseudo();
  const check = async (page: Page, where: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await page.waitForLoadState('networkidle');
    await shot(page, info, `pseudo-${where}`);
    expect(await overflowing(page), where).toEqual([]);
  };
  await guest.page.goto('/');
  await check(guest.page, 'landing');
  await guest.page.goto(`/join/${event.code}`);
  await expect(guest.page.getByText(EVENT_NAME)).toBeVisible();
  await check(guest.page, 'join');
  await guest.page.locator('form button[type="submit"]').click();
  await guest.page.waitForURL(`**/camera/${event.code}`);
  await check(guest.page, 'camera');
  await guest.page.goto(`/gallery/${event.code}`);
  await expect(guest.page.getByText(EVENT_NAME)).toBeVisible();
  await check(guest.page, 'gallery');
  await guest.context.close();
  const host = await pseudo(true);
  await host.page.goto(`/host/dashboard/${event.id}`);
  await expect(host.page.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
  await check(host.page, 'dashboard');
  await host.context.close();
});
