import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Retention, Reveals } from '@afterglow/events';
import {
  Browser,
  confirmEmail,
  eventBody,
  isoIn,
  liftEventLimit,
  loginThroughIdp,
  startApp,
  type TestApp,
} from '../support/harness';
import { TestSmtp, linkIn } from '../support/smtp';

/** Asks for a reset link as the 'Forgot password?' page does; answers the page's text. */
async function forgot(b: Browser, email: string): Promise<{ status: number; html: string }> {
  const res = await b.fetch('/idp/forgot', {
    method: 'POST',
    body: new URLSearchParams({ email }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: b.base },
  });
  return { status: res.status, html: await res.text() };
}

async function setPassword(b: Browser, link: string, password: string, confirm = password) {
  const res = await b.fetch(link, {
    method: 'POST',
    body: new URLSearchParams({ password, confirm }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: b.base },
  });
  return { status: res.status, html: await res.text() };
}

describe('accounts that recover themselves, by e-mail over SMTP', () => {
  let smtp: TestSmtp;
  let app: TestApp;
  /** every log line the app writes, at every level, to check no address gets into them */
  const logs: string[] = [];
  beforeAll(async () => {
    smtp = await TestSmtp.start();
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await startApp(
      { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1', RATE_LIMIT_SCALE: '0' },
      'all',
      pino({ level: 'trace' }, sink),
    );
    await liftEventLimit(app);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it('confirms a new account by the link sent at sign-up, in both parts, with no unsubscribe', async () => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, 'confirm.me@example.test', 'first-password');
    expect((await b.json('GET', '/api/auth/user')).body).toMatchObject({
      email: 'confirm.me@example.test',
      emailVerified: false,
      localAccount: true,
    });
    const m = await smtp.waitFor('confirm.me@example.test');
    expect(m.mail.subject).toBe('Confirm your e-mail address for Afterglow');
    expect(m.mail.html).toContain('/idp/confirm/');
    expect(m.mail.headers.get('list')).toBeUndefined();
    expect(m.raw).not.toMatch(/^List-Unsubscribe/im);
    const link = linkIn(m, '/idp/confirm/');
    const page = await b.fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Address confirmed');
    // used once
    expect((await b.fetch(link)).status).toBe(400);
    // the signed-in account says so at once, and at its next sign-in (the provider's claim)
    expect((await b.json('GET', '/api/auth/user')).body.emailVerified).toBe(true);
    const again = new Browser(app.base);
    await loginThroughIdp(again, 'confirm.me@example.test', 'first-password', 'signin');
    expect((await again.json('GET', '/api/auth/user')).body.emailVerified).toBe(true);
  });

  it("'Forgot password?' → a one-hour, single-use link → a new password that ends every session", async () => {
    const email = 'forgetful@example.test';
    const signedIn = new Browser(app.base);
    await loginThroughIdp(signedIn, email, 'old-password-1');
    expect((await signedIn.json('GET', '/api/auth/user')).status).toBe(200);

    const other = new Browser(app.base);
    const known = await forgot(other, email);
    const unknown = await forgot(other, 'nobody@example.test');
    expect(known.status).toBe(200);
    // the same answer whether or not the address has an account
    expect(known.html.replace(email, 'X')).toBe(unknown.html.replace('nobody@example.test', 'X'));

    const m = await smtp.waitFor(email, 2); // 1: the confirmation from sign-up
    expect(m.mail.subject).toBe('Reset your Afterglow password');
    const link = linkIn(m, '/idp/reset/');
    expect((await other.fetch(link)).status).toBe(200);
    expect((await setPassword(other, link, 'new-password-2', 'not-the-same')).status).toBe(400);
    const done = await setPassword(other, link, 'new-password-2');
    expect(done.status).toBe(200);
    expect(done.html).toContain('Password changed');
    // the session signed in before the reset is over
    expect((await signedIn.json('GET', '/api/auth/user')).status).toBe(401);
    // the link is spent
    expect((await setPassword(other, link, 'third-password-3')).status).toBe(400);
    // the old password no longer signs in; the new one does
    const fresh = new Browser(app.base);
    const old = await loginThroughIdp(fresh, email, 'old-password-1', 'signin');
    expect(old.res.status).toBe(401);
    await loginThroughIdp(fresh, email, 'new-password-2', 'signin');
    expect((await fresh.json('GET', '/api/auth/user')).body.email).toBe(email);
    // no message went to the unknown address
    expect(smtp.to('nobody@example.test')).toHaveLength(0);
  });

  it('changes the password on My Dashboard: other sessions end, this one stays, the owner is told', async () => {
    const email = 'changer@example.test';
    const here = new Browser(app.base);
    const elsewhere = new Browser(app.base);
    await loginThroughIdp(here, email, 'password-one');
    await loginThroughIdp(elsewhere, email, 'password-one', 'signin');
    const wrong = await here.json('POST', '/api/account/password', {
      currentPassword: 'not-it',
      newPassword: 'password-two',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_password');
    const ok = await here.json('POST', '/api/account/password', {
      currentPassword: 'password-one',
      newPassword: 'password-two',
    });
    expect(ok.status).toBe(200);
    expect((await here.json('GET', '/api/auth/user')).status).toBe(200);
    expect((await elsewhere.json('GET', '/api/auth/user')).status).toBe(401);
    const told = await smtp.waitFor(email, 2);
    expect(told.mail.subject).toBe('Your Afterglow password was changed');
  });

  it('changes the address once the link sent to the new one is followed', async () => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, 'before@example.test', 'password-one');
    const asked = await b.json('POST', '/api/account/email', {
      email: 'After@Example.test',
      password: 'password-one',
    });
    expect(asked.status).toBe(202);
    const m = await smtp.waitFor('after@example.test');
    expect(m.mail.subject).toBe('Confirm your new e-mail address for Afterglow');
    // nothing changes before the link is followed
    expect((await b.json('GET', '/api/auth/user')).body.email).toBe('before@example.test');
    expect((await b.fetch(linkIn(m, '/idp/confirm/'))).status).toBe(200);
    expect((await b.json('GET', '/api/auth/user')).body).toMatchObject({
      email: 'after@example.test',
      emailVerified: true,
    });
    const next = new Browser(app.base);
    await loginThroughIdp(next, 'after@example.test', 'password-one', 'signin');
    expect((await next.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('writes in the language the person uses', async () => {
    const b = new Browser(app.base);
    const res = await b.fetch('/idp/forgot', {
      method: 'POST',
      body: new URLSearchParams({ email: 'confirm.me@example.test' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: app.base,
        'accept-language': 'de-DE,de;q=0.9',
      },
    });
    expect(res.status).toBe(200);
    const m = await smtp.waitFor('confirm.me@example.test', 2);
    expect(m.mail.headers.get('content-language')).toBe('de');
    expect(m.mail.subject).not.toBe('Reset your Afterglow password');
  });

  it('sends a message asked for while the SMTP server is down once it is back, once', async () => {
    const email = 'patient@example.test';
    const b = new Browser(app.base);
    await loginThroughIdp(b, email, 'password-one');
    await smtp.waitFor(email); // the confirmation
    await smtp.stop();
    await forgot(new Browser(app.base), email);
    // a try or two fails while it is away
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.to(email)).toHaveLength(1);
    await smtp.start();
    const m = await smtp.waitFor(email, 2, 20_000);
    expect(m.mail.subject).toBe('Reset your Afterglow password');
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.to(email)).toHaveLength(2);
  });

  it("sends the buyer's receipt for a payment", async () => {
    const email = 'receipt@example.test';
    const b = new Browser(app.base);
    await loginThroughIdp(b, email, 'password-one');
    await confirmEmail(b, email, app);
    const pi = await b.json('POST', '/api/create-payment-intent', { plan: 'basic' });
    expect(pi.status).toBe(201);
    const paid = await b.json('POST', '/api/payments/test-confirm', {
      paymentIntentId: pi.body.paymentIntentId,
    });
    expect(paid.body.status).toBe('succeeded');
    const receipt = await smtp.waitFor(email, 2, 20_000); // 1: the confirmation
    expect(receipt.mail.subject).toBe('Your Afterglow receipt: Event Basic');
    expect(receipt.mail.text).toContain(`Reference: ${pi.body.paymentIntentId}`);
    expect(receipt.mail.text).toContain('Test mode: no card was charged.');
    expect(receipt.mail.text).toMatch(/Amount: \$\d+\.\d\d/);
    expect(receipt.mail.headers.get('list')).toBeUndefined();
  });

  it('warns the host when hosting ends, at the time retention says (a controlled clock)', async () => {
    const email = 'ending@example.test';
    const b = new Browser(app.base);
    await loginThroughIdp(b, email, 'password-one');
    const e = (await b.json('POST', '/api/events', eventBody({ name: 'Over Soon' }))).body;
    const retention = (app.modules.get('events') as unknown as { retention: Retention }).retention;
    // the free plan hosts for 7 days after the start
    await retention.run(new Date(Date.now() + 3 * 24 * 3600_000));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(email).filter((m) => m.mail.subject?.startsWith('Hosting'))).toHaveLength(0);
    await retention.run(new Date(Date.now() + 9 * 24 * 3600_000));
    const warning = await smtp.waitFor(email, 2, 20_000); // 1: the confirmation
    expect(warning.mail.subject).toBe('Hosting for “Over Soon” has ended');
    expect(warning.mail.text).toContain(`(code ${e.code})`);
    expect(linkIn(warning, `/host/dashboard/${e.id}`)).toBeTruthy();
    // not on and on: once
    await retention.run(new Date(Date.now() + 9.5 * 24 * 3600_000));
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to(email)).toHaveLength(2);
    // turned off on My Dashboard, the deletion notice is not sent
    expect((await b.json('PUT', '/api/user/notifications', { hosting: false })).body).toEqual({
      hosting: false,
      reveal: true,
    });
    await retention.run(new Date(Date.now() + 20 * 24 * 3600_000));
    expect((await b.json('GET', `/api/events/${e.id}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to(email)).toHaveLength(2);
  });

  it("tells a guest once at the reveal, whatever the clock says after (the reveal pass's own clock)", async () => {
    const host = new Browser(app.base);
    await loginThroughIdp(host, 'clock-host@example.test', 'password-one');
    const e = (
      await host.json('POST', '/api/events', eventBody({ startsAt: isoIn(-60_000), endsAt: isoIn(7200_000) }))
    ).body;
    const guest = new Browser(app.base);
    const d = (await guest.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    expect(
      (
        await guest.json('POST', `/api/events/${e.code}/reminders`, {
          deviceId: d.id,
          email: 'clocked@example.test',
        })
      ).status,
    ).toBe(201);
    const reveals = (app.modules.get('events') as unknown as { reveals: Reveals }).reveals;
    // before the reveal time nothing goes; at it, one message; later passes add nothing
    expect(await reveals.run(new Date(Date.now() + 3600_000))).toBe(0);
    expect(await reveals.run(new Date(Date.now() + 7300_000))).toBeGreaterThanOrEqual(1);
    const m = await smtp.waitFor('clocked@example.test', 1, 20_000);
    expect(m.mail.subject).toBe(`The photos of “${e.name}” are revealed`);
    await reveals.run(new Date(Date.now() + 7400_000));
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.to('clocked@example.test')).toHaveLength(1);
  });

  it('records a permanent refusal for the back office and does not try again', async () => {
    const email = 'bounces@example.test';
    smtp.refuseWith = 550;
    try {
      await loginThroughIdp(new Browser(app.base), email, 'password-one');
      const admin = new Browser(app.base);
      await loginThroughIdp(admin, 'admin@example.test', 'admin-password');
      let failed: any;
      for (let i = 0; i < 100 && !failed; i++) {
        const { body } = await admin.json('GET', '/api/admin/mail?status=failed');
        failed = body.messages.find((m: any) => m.to === email);
        if (!failed) await new Promise((r) => setTimeout(r, 100));
      }
      expect(failed).toMatchObject({ template: 'account.confirm', status: 'failed', attempts: 1 });
      expect(failed.lastError).toMatch(/^550/);
      expect(failed.lastError).not.toContain(email);
    } finally {
      smtp.refuseWith = null;
    }
  });

  it('never writes an e-mail address into the logs', () => {
    expect(logs.length).toBeGreaterThan(20);
    const text = logs.join('');
    expect(text).toContain('mail sent');
    expect(text).not.toMatch(/[\w.+-]+@example\.test/i);
  });
});

describe('e-mail with no SMTP server (a laptop at a venue)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.close());

  it('keeps the message as a file in the data dir and lists it to admins with its link', async () => {
    await loginThroughIdp(new Browser(app.base), 'offline@example.test', 'password-one');
    await forgot(new Browser(app.base), 'offline@example.test');
    const admin = new Browser(app.base);
    await loginThroughIdp(admin, 'admin@example.test', 'admin-password');
    let listed: any;
    for (let i = 0; i < 100 && !listed; i++) {
      const { body } = await admin.json('GET', '/api/admin/mail');
      listed = body.messages.find((m: any) => m.template === 'account.reset' && m.status === 'saved');
      if (!listed) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed).toMatchObject({ to: 'offline@example.test', subject: 'Reset your Afterglow password' });
    expect(listed.links[0]).toMatch(/\/idp\/reset\/[\w-]+$/);
    const dir = join(app.dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
    const reset = parsed.find((p) => p.subject === 'Reset your Afterglow password');
    expect(reset?.text).toContain(listed.links[0]);
    // a guest cannot read the list
    expect((await new Browser(app.base).json('GET', '/api/admin/mail')).status).toBe(401);
  });
});
