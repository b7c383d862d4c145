import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Logger } from '@afterglow/service-kit';
import { launch, type Running } from '../../src/launcher';

import { freePort } from './free-port';

export { freePort };

export interface TestApp extends Running {
  base: string;
  dataDir: string;
  close(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * Afterglow in this process on a free loopback port: real PGlite, fs storage, in-memory bus, embedded
 * IdP. No PUBLIC_URL unless a test sets one: the app is reached at 127.0.0.1, as a person's browser
 * on the same machine may, and works out its origins as it does for them.
 */
export async function startApp(
  env: Record<string, string> = {},
  target = 'all',
  /** where its logs go (a test that reads them); default: pino at LOG_LEVEL to stdout */
  logger?: Logger,
): Promise<TestApp> {
  const dataDir = env.AFTERGLOW_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'afterglow-test-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = await launch({
    target,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      AFTERGLOW_DATA_DIR: dataDir,
      DATABASE_URL: 'pglite:memory',
      LOG_LEVEL: 'warn',
      AFTERGLOW_ADMIN_EMAILS: 'admin@example.test',
      ...env,
    },
    ...(logger ? { logger } : {}),
  });
  return {
    ...running,
    base,
    dataDir,
    async close(opts = {}) {
      await running.stop();
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser stand-in: one cookie jar, manual redirects, JSON helpers. */
export class Browser {
  cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : this.base + path;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows redirects (keeping cookies) and answers the last response and the URL it came from. */
  async follow(path: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
    let url = path.startsWith('http') ? path : this.base + path;
    let res = await this.fetch(url, init);
    for (let hops = 0; hops < 15 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await this.fetch(url);
    }
    return { res, url };
  }

  async json<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.fetch(path, {
      method,
      ...(body !== undefined
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, res };
  }

  async upload(
    code: string,
    fields: { deviceId: string; caption?: string; uploadId?: string },
    photo: Buffer | null,
    type = 'image/jpeg',
  ) {
    const fd = new FormData();
    if (photo) fd.append('photo', new Blob([new Uint8Array(photo)], { type }), 'photo.jpg');
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v);
    const res = await this.fetch(`/api/events/${code}/photos`, { method: 'POST', body: fd });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

/** Signs up (or in) through the embedded identity provider's real pages, as a person would. */
export async function loginThroughIdp(
  b: Browser,
  email: string,
  password: string,
  action: 'create' | 'signin' = 'create',
): Promise<{ res: Response; url: string; html?: string }> {
  const { res: page, url } = await b.follow('/api/login');
  if (page.status !== 200) throw new Error(`login page answered ${page.status} at ${url}`);
  const html = await page.text();
  const m = html.match(/action="([^"]+\/login)"/);
  if (!m) throw new Error(`no login form at ${url}`);
  const form = new URLSearchParams({ email, password, action, firstName: 'Test', lastName: 'Host' });
  const res = await b.fetch(new URL(m[1]!.replace(/&#47;/g, '/'), url).href, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status === 200 || res.status >= 400) return { res, url, html: await res.text() };
  const next = new URL(res.headers.get('location')!, url).href;
  return b.follow(next);
}

/** A real JPEG: noise (so it compresses like a photo), optional EXIF orientation and GPS. */
export async function makeJpeg(
  width = 640,
  height = 480,
  opts: { orientation?: number; gps?: boolean; quality?: number } = {},
): Promise<Buffer> {
  let img = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#88aacc',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  }).jpeg({
    quality: opts.quality ?? 80,
  });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  if (opts.orientation || opts.gps) {
    img = img.withExifMerge({
      IFD0: { Make: 'AfterglowTest', Model: 'Camera' },
      ...(opts.gps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '52/1 31/1 0/1',
              GPSLongitudeRef: 'E',
              GPSLongitude: '13/1 24/1 0/1',
            },
          }
        : {}),
    });
  }
  return img.toBuffer();
}

export async function waitFor<T>(
  f: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
  stepMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await f();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** A WebSocket client that records every message. */
export async function openSocket(
  base: string,
  cookie?: string,
): Promise<{
  ws: WebSocket;
  messages: any[];
  next: (pred: (m: any) => boolean, ms?: number) => Promise<any>;
}> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws', { headers: cookie ? { cookie } : {} });
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    messages.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  const next = (pred: (m: any) => boolean, ms = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const hit = messages.find(pred);
      if (hit) return resolve(hit);
      const t = setTimeout(() => reject(new Error('no matching WebSocket message')), ms);
      waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  return { ws, messages, next };
}

// The valid event body the UI sends, shared with the browser tests.
export { eventBody, isoIn } from '../../../../e2e/support';

/**
 * Lifts every plan's events-per-plan limit in billing's plan table (a plan row changed in a test), for
 * suites about something else whose host holds several events. Billing reloads its table from the
 * catalogue at each start: call it again after a restart.
 */
export async function liftEventLimit(app: Pick<TestApp, 'ctx'>): Promise<void> {
  await app.ctx.database.db.execute(sql`update billing.plans set max_events = null`);
}

/** tus `Upload-Metadata` (ADR 033): comma-separated `key base64value` pairs. */
export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** The headers that start a clip's resumable upload (tus 1.0.0) of `length` bytes for a device. */
export const clipUploadHeaders = (
  deviceId: string,
  length: number,
  extra: Record<string, string> = {},
): Record<string, string> => ({
  'tus-resumable': '1.0.0',
  'upload-length': String(length),
  'upload-metadata': tusMetadata({ deviceId, uploadId: randomUUID(), kind: 'clip', ...extra }),
});

/** How many shots a device has taken, as its guest's phone asks. */
export const shotsTakenBy = async (guest: Browser, deviceId: string): Promise<number> =>
  (await guest.json('GET', `/api/devices/${deviceId}/photos`)).body.shotsTaken as number;

/** Reads the newest link of the confirmation e-mail sent to `email`: from notify's outbox, as its mailbox. */
type LinkSource =
  TestApp | { query(text: string, values: unknown[]): Promise<{ rows: { links: string[] }[] }> };
async function confirmationLink(source: LinkSource, email: string): Promise<string | undefined> {
  const address = email.toLowerCase();
  const rows =
    'ctx' in source
      ? ((
          (await source.ctx.database.db.execute(
            sql`select links from notify.messages where template = 'account.confirm' and to_address = ${address} order by created_at desc limit 1`,
          )) as unknown as { rows?: { links: string[] }[] }
        ).rows ?? [])
      : (
          await source.query(
            `select links from notify.messages where template = 'account.confirm' and to_address = $1 order by created_at desc limit 1`,
            [address],
          )
        ).rows;
  return rows[0]?.links[0];
}

/**
 * Confirms a new account's address as its owner does: follows the link of the confirmation e-mail
 * sent at sign-up (ADR 035). Buying a plan needs it.
 */
export async function confirmEmail(b: Browser, email: string, source: LinkSource): Promise<void> {
  const link = await waitFor(() => confirmationLink(source, email), 10_000);
  const res = await b.fetch(link);
  if (res.status !== 200) throw new Error(`confirming ${email} answered ${res.status}`);
  await res.text();
}
