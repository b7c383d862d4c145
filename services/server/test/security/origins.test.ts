import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { machineAddresses } from '@afterglow/service-kit';
import { Browser, eventBody, freePort, loginThroughIdp, startApp, type TestApp } from '../support/harness';

/** The machine's first network address, as a guest's phone on the same Wi-Fi reaches it. */
const network = machineAddresses().find((a) => a.family === 'IPv4')?.address;

/** Signs up at `origin` and answers where the browser ended and who it is there. */
async function signUpAt(origin: string, email: string) {
  const b = new Browser(origin);
  const done = await loginThroughIdp(b, email, 'a long enough password');
  const me = await b.json('GET', '/api/auth/user');
  return { b, ended: new URL(done.url).origin, status: me.status, me: me.body };
}

describe('sign-in from every origin a person uses, with no PUBLIC_URL', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('signs up at localhost, at 127.0.0.1 and at the network address, each ending on its own origin', async () => {
    // reachable on every address, as `npm start` listens
    const app = await startApp({ HOST: '0.0.0.0' });
    apps.push(app);
    const origins = [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`];
    if (network) origins.push(`http://${network}:${app.port}`);
    for (const [i, origin] of origins.entries()) {
      const r = await signUpAt(origin, `origin${i}@example.test`);
      expect(r.ended, origin).toBe(origin);
      expect(r.status, origin).toBe(200);
      expect(r.me.email).toBe(`origin${i}@example.test`);
    }
    // one account, whichever origin it signs in at
    const there = new Browser(origins.at(-1)!);
    await loginThroughIdp(there, 'origin0@example.test', 'a long enough password', 'signin');
    const here = new Browser(origins[0]!);
    await loginThroughIdp(here, 'origin0@example.test', 'a long enough password', 'signin');
    expect((await there.json('GET', '/api/auth/user')).body.id).toBe(
      (await here.json('GET', '/api/auth/user')).body.id,
    );
  });

  it('never takes an origin from a Host header that is not ours', async () => {
    const app = await startApp();
    apps.push(app);
    const res = await fetch(`${app.base}/api/login`, {
      redirect: 'manual',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(`http://localhost:${app.port}`);
    expect(to.searchParams.get('redirect_uri')).toBe(`http://localhost:${app.port}/api/callback`);
    // and a write from that origin is refused
    const write = await fetch(`${app.base}/api/events`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(403);
  });

  it('takes the extra origins configured for a proxy or tunnel in front of it', async () => {
    const app = await startApp({ AFTERGLOW_ORIGINS: 'https://party.example' });
    apps.push(app);
    const res = await fetch(`${app.base}/api/login`, {
      redirect: 'manual',
      headers: { 'x-forwarded-host': 'party.example', 'x-forwarded-proto': 'https' },
    });
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe('https://party.example');
    expect(to.searchParams.get('redirect_uri')).toBe('https://party.example/api/callback');
  });
});

describe('join links and QR codes are made when they are shown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-links-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('moves every existing event to a new PUBLIC_URL', async () => {
    const env = { AFTERGLOW_DATA_DIR: dataDir, DATABASE_URL: '' };
    const port = String(await freePort());
    const first = await startApp({ ...env, PORT: port, PUBLIC_URL: 'http://home.example:8080' });
    const host = new Browser(first.base);
    await loginThroughIdp(host, 'links@example.test', 'links move along');
    const created = (await host.json('POST', '/api/events', eventBody())).body;
    expect(created.joinUrl).toBe(`http://home.example:8080/join/${created.code}`);
    await first.close({ keepData: true });

    const second = await startApp({ ...env, PORT: port, PUBLIC_URL: 'https://venue.example' });
    try {
      const again = new Browser(second.base);
      await loginThroughIdp(again, 'links@example.test', 'links move along', 'signin');
      const shown = (await again.json('GET', `/api/events/${created.id}`)).body;
      const joinUrl = `https://venue.example/join/${created.code}`;
      expect(shown.joinUrl).toBe(joinUrl);
      expect(shown.qrCode).toBe(
        await QRCode.toString(joinUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      );
      expect(shown.qrCode).not.toBe(created.qrCode);
    } finally {
      await second.close({ keepData: true });
    }
  });

  it.runIf(network)(
    'gives a host on localhost the network address for guests, and the address they use otherwise',
    async () => {
      const app = await startApp({ HOST: '0.0.0.0' });
      try {
        const local = new Browser(`http://localhost:${app.port}`);
        await loginThroughIdp(local, 'laptop@example.test', 'at the venue');
        const e = (await local.json('POST', '/api/events', eventBody())).body;
        expect(e.joinUrl).toBe(`http://${network}:${app.port}/join/${e.code}`);
        // a header a client sends about the guests' origin is not believed
        const forged = await local.fetch(`/api/events/${e.id}`, {
          headers: { 'x-afterglow-guest-origin': 'https://evil.example' },
        });
        expect((await forged.json()).joinUrl).toBe(e.joinUrl);
      } finally {
        await app.close();
      }
    },
  );
});
