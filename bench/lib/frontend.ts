import { mkdirSync, writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signUpAtIdp } from '../../e2e/support';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { round } from './stats';

/** Gives this browser profile a device in the event, as the join page does. */
async function joinInPage(page: Page, code: string) {
  await page.evaluate(async (c) => {
    const anonId = crypto.randomUUID();
    localStorage.setItem('afterglow:anonId', anonId);
    const r = await fetch(`/api/events/${c}/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonId, displayName: 'Bench' }),
    });
    const d = (await r.json()) as { id: string };
    localStorage.setItem(`afterglow:device:${c}`, d.id);
  }, code);
}

/** The join page's mark when it starts fetching the camera's files ahead (frontends/guest/src/pages/Join.tsx). */
const WARM_CAMERA_MARK = 'afterglow:warm-camera';

/**
 * Every script a cold load of `path` fetches, and the language catalogues (i18n/*.json, fetched as
 * data) it needs, each with its size as sent and gzip-compressed.
 */
async function scriptsOf(
  ctx: BrowserContext,
  base: string,
  path: string,
  prepare?: (p: Page) => Promise<void>,
) {
  const page = await ctx.newPage();
  if (prepare) {
    await prepare(page);
    // let the page the preparation ended on finish loading, or its late responses refill the cache
    // cleared below and the measured load counts only what they missed
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (r) => {
    const catalogue = /\/i18n\/[^/]+\.json$/.test(new URL(r.url()).pathname);
    if (r.request().resourceType() !== 'script' && !catalogue) return;
    pending.push(
      r.body().then(
        (b) =>
          void scripts.push({
            url: new URL(r.url()).pathname,
            raw: b.length,
            gzip: gzipSync(b, { level: 6 }).length,
          }),
        () => {},
      ),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  // The join page fetches the camera's files ahead once the event is shown (pages/Join.tsx marks
  // when): those asked for from then on are the next page's, counted apart.
  const ahead = await page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark)[0]?.startTime;
    if (at === undefined) return [];
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime >= at)
      .map((r) => new URL(r.name).pathname);
  }, WARM_CAMERA_MARK);
  await page.close();
  const own = scripts.filter((x) => !ahead.includes(x.url));
  const next = scripts.filter((x) => ahead.includes(x.url));
  return {
    path,
    files: own.length,
    rawBytes: own.reduce((s, x) => s + x.raw, 0),
    gzipBytes: own.reduce((s, x) => s + x.gzip, 0),
    scripts: own.sort((a, b) => b.gzip - a.gzip),
    ahead: { files: next.length, gzipBytes: next.reduce((s, x) => s + x.gzip, 0) },
  };
}

type CdpBrowser = Awaited<ReturnType<typeof chromium.connectOverCDP>>;

/** A fresh Chromium for one measurement, with Playwright connected to it over CDP. */
async function withChrome<T>(use: (port: number, browser: CdpBrowser) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      return await use(chrome.port, browser);
    } finally {
      await browser.close().catch(() => {});
    }
  } finally {
    await chrome.kill();
  }
}

/**
 * The guest pages' JavaScript (gzip) measured the same way on the commit before the languages runtime
 * (f244937, this machine, 2026-11-26): what the languages issue's 5 KB allowance is counted from.
 */
export const BEFORE_LANGUAGES = { join: 153_153, camera: 163_119 };
export const LANGUAGES_ALLOWANCE_BYTES = 5 * 1024;

/** What the languages cost each guest page: its growth in English, and in German with its catalogues. */
export function languagesCost(js: Record<string, { gzipBytes: number }>) {
  const page = (name: 'join' | 'camera', key: 'guestJoin' | 'guestCamera') => ({
    before: BEFORE_LANGUAGES[name],
    english: js[key]!.gzipBytes,
    german: js[`${key}German`]!.gzipBytes,
    growthEnglish: js[key]!.gzipBytes - BEFORE_LANGUAGES[name],
    growthGerman: js[`${key}German`]!.gzipBytes - BEFORE_LANGUAGES[name],
  });
  return {
    allowanceBytes: LANGUAGES_ALLOWANCE_BYTES,
    join: page('join', 'guestJoin'),
    camera: page('camera', 'guestCamera'),
  };
}

/**
 * Guest and host JavaScript weights (shell + remote + shared, cold cache) and Lighthouse mobile
 * scores for the landing, join and camera pages, in system Chromium.
 */
export async function measureFrontend(
  base: string,
  code: string,
  eventId: string,
  email: string,
  password: string,
  lighthouseRuns = 1,
) {
  const js = await withChrome(async (_port, browser) => {
    // A guest's phone in English (no catalogue), and one in German (its catalogues too).
    const guestPages = async (locale: string) => {
      const ctx = await browser.newContext({ locale });
      const join = await scriptsOf(ctx, base, `/join/${code}`);
      const camera = await scriptsOf(ctx, base, `/camera/${code}`, async (p) => {
        await p.goto(`${base}/join/${code}`);
        await joinInPage(p, code);
      });
      await ctx.close();
      return { join, camera };
    };
    const { join, camera } = await guestPages('en-US');
    const german = await guestPages('de-DE');
    const hostCtx = await browser.newContext();
    const hostDashboard = await scriptsOf(hostCtx, base, `/host/dashboard/${eventId}`, (p) =>
      p.goto(`${base}/api/login`).then(() => signUpAtIdp(p, email, password, 'Sign in')),
    );
    await hostCtx.close();
    const brief = (x: Awaited<ReturnType<typeof scriptsOf>>) => ({
      path: x.path,
      files: x.files,
      rawBytes: x.rawBytes,
      gzipBytes: x.gzipBytes,
      largest: x.scripts.slice(0, 5),
      // the next page's files, fetched ahead once this one is shown (the join page's camera)
      ...(x.ahead.files ? { aheadFiles: x.ahead.files, aheadGzipBytes: x.ahead.gzipBytes } : {}),
    });
    return {
      guestJoin: brief(join),
      guestCamera: brief(camera),
      guestJoinGerman: brief(german.join),
      guestCameraGerman: brief(german.camera),
      hostDashboard: brief(hostDashboard),
    };
  });

  /**
   * One Lighthouse run, each in a Chromium of its own: a renderer reused from the runs before carries
   * their heap, and walking it at the next page's start was a long task of its own (130 ms on the
   * camera page, the third run) that no page's code caused. `lighthouseRuns` scored runs are made and
   * the one with the median performance kept; a run that could not score a category (its page load
   * timed out on a busy machine, say) is repeated, up to two extra runs, and the last problem is kept
   * with the figures.
   */
  const lh = async (path: string, prepare?: (browser: CdpBrowser) => Promise<void>) => {
    const scored: Awaited<ReturnType<typeof lhOnce>>[] = [];
    let last: Awaited<ReturnType<typeof lhOnce>> | null = null;
    for (let attempt = 1; scored.length < lighthouseRuns && attempt <= lighthouseRuns + 2; attempt++) {
      last = await withChrome(async (port, browser) => {
        if (prepare) await prepare(browser);
        return lhOnce(port, path, prepare !== undefined);
      });
      if (last.performance !== null && last.accessibility !== null && last.bestPractices !== null)
        scored.push(last);
    }
    if (scored.length === 0) return { ...last!, runs: 0, performanceRuns: [] };
    // The run with the median performance score, as Lighthouse's own guidance on variance advises.
    const byPerf = [...scored].sort((a, b) => a.performance! - b.performance!);
    const median = byPerf[Math.floor((byPerf.length - 1) / 2)]!;
    return { ...median, runs: scored.length, performanceRuns: scored.map((x) => x.performance) };
  };
  const lhOnce = async (port: number, path: string, keepStorage: boolean) => {
    const r = await lighthouse(base + path, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: keepStorage,
    });
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      const dir = process.env.BENCH_LIGHTHOUSE_DIR;
      mkdirSync(dir, { recursive: true });
      const name = (path.split('/')[1] || 'home') + '.json';
      writeFileSync(joinPath(dir, name), JSON.stringify(r!.lhr));
      // the page load's trace, for DevTools' Performance panel
      const trace = (r!.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(joinPath(dir, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    const c = r!.lhr.categories;
    const score = (k: string) => round((c[k]?.score ?? NaN) * 100, 0);
    const a = r!.lhr.audits;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: round(a['first-contentful-paint']?.numericValue ?? NaN, 0),
      lcpMs: round(a['largest-contentful-paint']?.numericValue ?? NaN, 0),
      tbtMs: round(a['total-blocking-time']?.numericValue ?? NaN, 0),
      cls: round(a['cumulative-layout-shift']?.numericValue ?? NaN, 3),
      ...(r!.lhr.runtimeError ? { runtimeError: r!.lhr.runtimeError.code } : {}),
    };
  };
  const home = await lh('/');
  const joinScore = await lh(`/join/${code}`);
  // The camera needs a device: join in the browser's default profile and keep its storage (with the
  // HTTP cache cleared, so the page still loads cold).
  const cameraScore = await lh(`/camera/${code}`, async (browser) => {
    const ctx = browser.contexts()[0]!;
    const page = await ctx.newPage();
    await page.goto(`${base}/join/${code}`);
    await joinInPage(page, code);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  });
  return { js, lighthouse: { home, join: joinScore, camera: cameraScore } };
}

/** A phone on a slow mobile network, as the time-to-viewfinder bench emulates it (issue 26). */
export const SLOW_PHONE = {
  /** bytes a second: 1.6 Mbit/s down, 750 kbit/s up */
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
  latencyMs: 150,
  cpuSlowdown: 4,
};

export interface ViewfinderRun {
  /** from the navigation's start to the join page usable: the event shown, 'Start Taking Photos' enabled */
  joinUsableMs: number;
  /** from the navigation's start to the live viewfinder: the shutter enabled and the video playing */
  viewfinderMs: number;
  /** from the tap on 'Start Taking Photos' to the camera page's 'Start Camera' or, where the tap
   * opened the camera (a secure page), its viewfinder's video (the device made, the camera page loaded) */
  joinToCameraMs: number;
  /** from the tap on 'Start Camera' (or the video's appearing) to the live viewfinder */
  startToViewfinderMs: number;
}

/**
 * Time to viewfinder: a guest's phone opens `/join/{code}` with a cold cache on a slow network (1.6
 * Mbit/s down, 750 kbit/s up, 150 ms latency, through CDP's network emulation) and a CPU 4 times
 * slower, then does what a guest does: a name if the event asks for one, 'Start Taking Photos',
 * 'Start Camera' if shown, until the shutter is enabled and the video plays (Chromium's fake camera).
 * Each run is a fresh Chromium; times are the page's own clock from the navigation's start. The
 * service worker is blocked: its precache downloads run in a target of their own, which the page's
 * emulated network does not slow, and the camera page's files would then come through it unthrottled.
 * Answers the median of `runs` runs and each run's figures.
 */
export async function timeToViewfinder(
  base: string,
  code: string,
  runs = 3,
): Promise<{ medianMs: number; joinUsableMedianMs: number; runs: ViewfinderRun[] }> {
  const args = [
    ...new Set([...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ];
  const done: ViewfinderRun[] = [];
  for (let i = 0; i < runs; i++) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args,
    });
    try {
      const ctx = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      });
      await ctx.grantPermissions(['camera', 'microphone'], { origin: base });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_PHONE.latencyMs,
        downloadThroughput: SLOW_PHONE.downloadThroughput,
        uploadThroughput: SLOW_PHONE.uploadThroughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
      /** the page's clock (ms since its navigation started) once `fn` holds (it answers
       * performance.now() then), checked every 20 ms */
      const when = async (fn: () => number | false) =>
        (await (
          await page.waitForFunction(fn, undefined, { polling: 20, timeout: 60_000 })
        ).jsonValue()) as number;

      await page.goto(`${base}/join/${code}`, { waitUntil: 'commit' });
      const joinUsableMs = await when(() => {
        const b = Array.from(document.querySelectorAll('button')).find((x) =>
          x.textContent?.includes('Start Taking Photos'),
        );
        return !!b && !b.disabled && performance.now();
      });
      const name = page.locator('input[name="displayName"]');
      if (await name.evaluate((el: HTMLInputElement) => el.required)) await name.fill('Bench guest');
      const clicked = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Start Taking Photos' }).click();
      // the start screen's 'Start Camera', or the viewfinder itself if the camera starts by itself
      const startShown = await when(
        () =>
          (!!document.querySelector('video') ||
            Array.from(document.querySelectorAll('button')).some(
              (x) => x.textContent?.trim() === 'Start Camera' && !x.disabled,
            )) &&
          performance.now(),
      );
      let started = startShown;
      if (!(await page.locator('video').count())) {
        started = await page.evaluate(() => performance.now());
        await page.getByRole('button', { name: 'Start Camera' }).click();
      }
      const viewfinderMs = await when(() => {
        const v = document.querySelector('video');
        const shutter = document.querySelector<HTMLButtonElement>('button[aria-label="Take photo"]');
        const live = !!v && !v.paused && v.readyState >= 2 && v.currentTime > 0;
        return live && !!shutter && !shutter.disabled && performance.now();
      });
      done.push({
        joinUsableMs: round(joinUsableMs, 0)!,
        viewfinderMs: round(viewfinderMs, 0)!,
        joinToCameraMs: round(startShown - clicked, 0)!,
        startToViewfinderMs: round(viewfinderMs - started, 0)!,
      });
      await ctx.close();
    } finally {
      await browser.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  return {
    medianMs: median(done.map((r) => r.viewfinderMs)),
    joinUsableMedianMs: median(done.map((r) => r.joinUsableMs)),
    runs: done,
  };
}
