import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
import QRCode from 'qrcode';
import { Browser, eventBody, loginThroughIdp, startApp, waitFor, type TestApp } from '../support/harness';

/**
 * The printable QR kit (GET /api/events/:id/qr-kit): the host's event with its QR code, for a host
 * whose plan includes the kit (billing's answer, asked when the kit is asked for); a clear problem
 * for a plan without it, and nothing for anyone but the host.
 */
describe('printable QR kit', () => {
  let app: TestApp;
  const as: Record<'free' | 'pro' | 'other' | 'anon', Browser> = {} as never;
  const events: Record<'free' | 'pro', { id: string; code: string }> = {} as never;

  beforeAll(async () => {
    app = await startApp();
    for (const who of ['free', 'pro', 'other', 'anon'] as const) as[who] = new Browser(app.base);
    for (const who of ['free', 'pro', 'other'] as const)
      await loginThroughIdp(as[who], `${who}-kit@example.test`, 'a good long password');
    // support puts the Pro host on its plan (the way an operator comps one) before it asks for anything
    // (billing learns of the account from identity's fact, a moment after the sign-up)
    await waitFor(() =>
      setPlanByEmail(app.ctx.database.db, 'pro-kit@example.test', 'pro').then((n) => n === 1 || undefined),
    );
    for (const who of ['free', 'pro'] as const) {
      const r = await as[who].json('POST', '/api/events', eventBody({ name: `${who} party` }));
      expect(r.status).toBe(201);
      events[who] = r.body;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives a Pro host the event, its code, join link and QR code', async () => {
    const r = await as.pro.json('GET', `/api/events/${events.pro.id}/qr-kit`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: events.pro.id, code: events.pro.code, name: 'pro party' });
    expect(r.body.joinUrl).toMatch(new RegExp(`/join/${events.pro.code}$`));
    expect(r.body.qrCode).toBe(
      await QRCode.toString(r.body.joinUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    );
  });

  it('tells a host whose plan has no kit so, as a problem with its own code', async () => {
    const r = await as.free.json('GET', `/api/events/${events.free.id}/qr-kit`);
    expect(r.status).toBe(403);
    expect(r.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({
      status: 403,
      code: 'plan_no_qr_kit',
      detail: expect.stringContaining('Your plan does not include the printable QR kit'),
    });
  });

  it('gives nothing to another host or to someone not signed in', async () => {
    const other = await as.other.json('GET', `/api/events/${events.pro.id}/qr-kit`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('not_host');
    expect((await as.anon.json('GET', `/api/events/${events.pro.id}/qr-kit`)).status).toBe(401);
    expect((await as.pro.json('GET', `/api/events/${events.pro.code}/qr-kit`)).status).toBe(404);
  });
});
