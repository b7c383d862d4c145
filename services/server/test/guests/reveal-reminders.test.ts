import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  eventBody,
  isoIn,
  liftEventLimit,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';
import { TestPushService } from '../support/push-service';
import { TestSmtp, linkIn } from '../support/smtp';

/**
 * 'Tell me when the photos are revealed' (ADR 035), end to end: guests leave an address or a push
 * subscription before the reveal; at the reveal each gets one message (an e-mail over a real SMTP
 * server, a Web Push to a real push service that checks VAPID and decrypts the payload), the host is
 * told how many photos are out, and the addresses are gone.
 */
describe('reveal reminders by e-mail and Web Push', () => {
  let smtp: TestSmtp;
  let push: TestPushService;
  let app: TestApp;
  let host: Browser;

  beforeAll(async () => {
    smtp = await TestSmtp.start();
    push = await TestPushService.start();
    app = await startApp({
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: '1',
      RATE_LIMIT_SCALE: '0',
      AFTERGLOW_PUSH_ORIGINS: push.origin,
    });
    await liftEventLimit(app);
    host = new Browser(app.base);
    await loginThroughIdp(host, 'reveal.host@example.test', 'reveal me softly');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await push?.stop();
  });

  const join = async (code: string) => {
    const g = new Browser(app.base);
    const d = (await g.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() })).body;
    return { g, deviceId: d.id as string };
  };
  /** An event that reveals `inMs` from now (live mode off, so only the time reveals it). */
  const revealingIn = async (inMs: number) => {
    const e = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({
          startsAt: isoIn(-60_000),
          endsAt: isoIn(3600_000),
          revealMode: 'live',
          revealAt: isoIn(inMs),
        }),
      )
    ).body;
    await host.json('POST', `/api/events/${e.id}/live-mode`, { enabled: false });
    return e;
  };

  it('tells each guest once at the reveal time, by e-mail or push, and the host how many photos are out', async () => {
    const e = await revealingIn(6000);
    const byMail = await join(e.code);
    const byPush = await join(e.code);
    const changedMind = await join(e.code);
    expect(
      (await byMail.g.upload(e.code, { deviceId: byMail.deviceId }, await makeJpeg(320, 240))).status,
    ).toBe(201);

    const asked = await byMail.g.json('POST', `/api/events/${e.code}/reminders`, {
      deviceId: byMail.deviceId,
      email: 'Guest.One@Example.test',
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ email: 'guest.one@example.test', push: false, revealed: false });
    const sub = push.subscribe();
    const pushed = await byPush.g.json('POST', `/api/events/${e.code}/reminders`, {
      deviceId: byPush.deviceId,
      push: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    });
    expect(pushed.status).toBe(201);
    expect(pushed.body).toMatchObject({ email: null, push: true });
    // a push endpoint is a URL the server will call: only push services (and configured origins)
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://169.254.169.254/latest',
      'http://127.0.0.1:1/x',
    ]) {
      const r = await byPush.g.json('POST', `/api/events/${e.code}/reminders`, {
        deviceId: byPush.deviceId,
        push: { endpoint, keys: sub.keys },
      });
      expect(r.status, endpoint).toBe(400);
      expect(r.body.code).toBe('push_endpoint');
    }
    // another device's reminders are not this one's to read or withdraw
    expect(
      (await byMail.g.json('GET', `/api/events/${e.code}/reminders?deviceId=${byPush.deviceId}`)).status,
    ).toBe(403);
    // asked, then withdrawn: nothing is sent
    await changedMind.g.json('POST', `/api/events/${e.code}/reminders`, {
      deviceId: changedMind.deviceId,
      email: 'changed.mind@example.test',
    });
    const withdrawn = await changedMind.g.json(
      'DELETE',
      `/api/events/${e.code}/reminders?deviceId=${changedMind.deviceId}&channel=email`,
    );
    expect(withdrawn.body).toEqual({ email: null, push: false, revealed: false });

    const mail = await smtp.waitFor('guest.one@example.test', 1, 30_000);
    expect(mail.mail.subject).toBe(`The photos of “${e.name}” are revealed`);
    expect(linkIn(mail, `/gallery/${e.code}`)).toContain(`/gallery/${e.code}`);
    // List-Unsubscribe with its one-click POST (RFC 8058), parsed by the MIME parser
    const list = mail.mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    expect(list?.unsubscribe?.url).toMatch(/\/mail\/unsubscribe\?t=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const delivered = await waitFor(async () => push.delivered.find((d) => d.id === sub.id), 30_000);
    expect(delivered.payload).toMatchObject({
      title: `The photos of “${e.name}” are revealed`,
      body: 'Tap to see them in the gallery.',
    });
    expect((delivered.payload as { url: string }).url).toMatch(new RegExp(`/gallery/${e.code}$`));
    expect(delivered.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push.refused).toEqual([]);

    const hostMail = await smtp.waitFor('reveal.host@example.test', 2, 30_000); // 1: the confirmation
    expect(hostMail.mail.subject).toBe(`The photos of “${e.name}” are revealed`);
    expect(hostMail.mail.text).toContain('1 photo from 1 guest');
    expect(linkIn(hostMail, `/gallery/${e.code}`)).toBeTruthy();
    expect(linkIn(hostMail, `/host/dashboard/${e.id}`)).toBeTruthy();

    // too late to ask now; and the addresses are gone
    const late = await byMail.g.json('POST', `/api/events/${e.code}/reminders`, {
      deviceId: byMail.deviceId,
      email: 'late@example.test',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('already_revealed');
    const left = await app.ctx.database.db.execute(
      sql`select count(*)::int as n from photos.reminders where event_id = ${e.id}`,
    );
    expect(Number((left as any).rows?.[0]?.n ?? (left as any)[0]?.n)).toBe(0);
    // once, whatever passes come after
    await new Promise((r) => setTimeout(r, 6000));
    expect(smtp.to('guest.one@example.test')).toHaveLength(1);
    expect(smtp.to('changed.mind@example.test')).toHaveLength(0);
    expect(push.delivered.filter((d) => d.id === sub.id)).toHaveLength(1);
  }, 60_000);

  it('takes reminders again when an ended event is opened again, and tells them and the host at its new reveal', async () => {
    const e = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({ name: 'Opened again', startsAt: isoIn(-60_000), endsAt: isoIn(3600_000) }),
      )
    ).body;
    expect(e.liveMode).toBe(false);
    const guest = await join(e.code);
    expect(
      (await guest.g.upload(e.code, { deviceId: guest.deviceId }, await makeJpeg(320, 240))).status,
    ).toBe(201);
    const toldHost = () =>
      smtp.to('reveal.host@example.test').filter((m) => m.mail.subject?.includes('Opened again'));
    // ended now, so revealed now: the host is told, and it is too late to ask
    expect((await host.json('POST', `/api/events/${e.id}/end`)).status).toBe(200);
    await waitFor(async () => toldHost().length === 1 || undefined, 30_000);
    const ask = () =>
      guest.g.json('POST', `/api/events/${e.code}/reminders`, {
        deviceId: guest.deviceId,
        email: 'opened.again@example.test',
      });
    expect((await ask()).body.code).toBe('already_revealed');
    // opened again, it reveals at its new end: the guest may ask, and hears then, with the host
    expect((await host.json('POST', `/api/events/${e.id}/extend`, { endsAt: isoIn(6000) })).status).toBe(200);
    const asked = await waitFor(async () => {
      const r = await ask();
      return r.status === 201 ? r : undefined;
    }, 10_000);
    expect(asked.body).toEqual({ email: 'opened.again@example.test', push: false, revealed: false });
    const mail = await smtp.waitFor('opened.again@example.test', 1, 30_000);
    expect(linkIn(mail, `/gallery/${e.code}`)).toContain(`/gallery/${e.code}`);
    await waitFor(async () => toldHost().length === 2 || undefined, 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(toldHost()).toHaveLength(2);
    expect(smtp.to('opened.again@example.test')).toHaveLength(1);
  }, 60_000);

  it('tells them at the first approval in live mode, and drops a subscription its push service says is gone', async () => {
    const e = (
      await host.json(
        'POST',
        '/api/events',
        eventBody({
          startsAt: isoIn(-60_000),
          endsAt: isoIn(3600_000),
          revealMode: 'live',
          revealAt: isoIn(3600_000),
        }),
      )
    ).body;
    expect(e.liveMode).toBe(true);
    const guest = await join(e.code);
    const gone = push.subscribe();
    push.answer(gone.id, 410);
    expect(
      (
        await guest.g.json('POST', `/api/events/${e.code}/reminders`, {
          deviceId: guest.deviceId,
          push: { endpoint: gone.endpoint, keys: gone.keys },
        })
      ).status,
    ).toBe(201);
    const up = await guest.g.upload(e.code, { deviceId: guest.deviceId }, await makeJpeg(320, 240));
    expect(up.status).toBe(201);
    expect((await host.json('POST', `/api/photos/${up.body.photoId}/approve`)).status).toBe(200);
    const row = await waitFor(async () => {
      const r = await app.ctx.database.db.execute(
        sql`select status, last_error, push from notify.messages where channel = 'push' and event_id = ${e.id}`,
      );
      const rows = ((r as any).rows ?? r) as { status: string; last_error: string; push: unknown }[];
      return rows[0]?.status === 'failed' ? rows[0] : undefined;
    }, 30_000);
    expect(row.last_error).toMatch(/^410/);
    expect(row.push).toBeNull();
    expect(
      (await guest.g.json('GET', `/api/events/${e.code}/reminders?deviceId=${guest.deviceId}`)).body,
    ).toEqual({
      email: null,
      push: false,
      revealed: true,
    });
  }, 60_000);
});
