import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { testWebhookSecret } from '@afterglow/billing';
import { PLANS } from '@afterglow/contracts';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  confirmEmail,
  eventBody,
  loginThroughIdp,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * Payments (ADR 024) over HTTP, in the test mode `npm start` has without Stripe keys: the amount is
 * billing's, and Stripe webhooks signed by the real Stripe library grant a plan or extra photos once
 * per event id, in any order, and a refund takes back what its payment gave.
 */
describe.each(PROFILES)('payments and the Stripe webhook ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let other: Browser;
  let secret: string;
  let n = 0;

  const sign = (payload: string, key = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: key });
  const deliver = async (
    type: string,
    object: Record<string, unknown>,
    opts: { id?: string; key?: string; origin?: string } = {},
  ) => {
    const payload = JSON.stringify({
      id: opts.id ?? `evt_${++n}_${Date.now()}`,
      object: 'event',
      type,
      data: { object },
    });
    const res = await fetch(`${app.base}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sign(payload, opts.key),
        ...(opts.origin ? { origin: opts.origin } : {}),
      },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  };
  const succeeded = (
    pi: { paymentIntentId: string; amountCents: number },
    extra: Record<string, unknown> = {},
  ) => ({
    id: pi.paymentIntentId,
    object: 'payment_intent',
    amount: pi.amountCents,
    amount_received: pi.amountCents,
    currency: 'usd',
    ...extra,
  });
  const refund = (pi: { paymentIntentId: string }) => ({
    id: `ch_${++n}`,
    object: 'charge',
    refunded: true,
    payment_intent: pi.paymentIntentId,
  });
  const buy = async (b: Browser, body: unknown) => {
    const r = await b.json('POST', '/api/create-payment-intent', body);
    expect(r.status).toBe(201);
    return r.body as {
      paymentIntentId: string;
      amountCents: number;
      clientSecret: string;
      testMode: boolean;
    };
  };
  const maxPhotos = async (id: string) => (await host.json('GET', `/api/events/${id}`)).body.maxPhotos;

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    secret = testWebhookSecret(app.ctx.secret);
    host = new Browser(app.base);
    other = new Browser(app.base);
    await loginThroughIdp(host, 'buyer@example.test', 'a good long password');
    await loginThroughIdp(other, 'someone@example.test', 'a good long password');
    await confirmEmail(host, 'buyer@example.test', app);
    await confirmEmail(other, 'someone@example.test', app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('sells only to an account whose address is confirmed', async () => {
    const fresh = new Browser(app.base);
    await loginThroughIdp(fresh, 'unconfirmed@example.test', 'a good long password');
    const refused = await fresh.json('POST', '/api/create-payment-intent', { plan: 'pro' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('email_unconfirmed');
    await confirmEmail(fresh, 'unconfirmed@example.test', app);
    expect((await fresh.json('POST', '/api/create-payment-intent', { plan: 'pro' })).status).toBe(201);
  });

  it('prices a plan from the plan table, never from the client, in test mode', async () => {
    const pi = await buy(host, { plan: 'pro' });
    expect(pi).toMatchObject({ amountCents: PLANS.pro.priceCents, testMode: true, currency: 'usd' });
    expect(pi.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const tampered = await host.json('POST', '/api/create-payment-intent', { plan: 'pro', amount: 1 });
    expect(tampered.status).toBe(400);
    expect((await host.json('POST', '/api/create-payment-intent', { plan: 'free' })).status).toBe(400);
    expect(
      (await new Browser(app.base).json('POST', '/api/create-payment-intent', { plan: 'pro' })).status,
    ).toBe(401);
    const lines = (await host.json('GET', '/api/user/payments')).body;
    expect(lines[0]).toMatchObject({
      description: 'Event Pro',
      amountCents: 5900,
      status: 'pending',
      testMode: true,
    });
  });

  it('refuses a bad signature, even from an allowed origin, and lets a good one through from anywhere', async () => {
    const pi = await buy(host, { plan: 'basic' });
    const bad = await deliver('payment_intent.succeeded', succeeded(pi), { key: 'whsec_wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bad_signature');
    expect(
      (await host.json('GET', '/api/user/payments')).body.find((l: any) => l.amountCents === 2900).status,
    ).toBe('pending');
    // Stripe's call is cross-site by design: the origin check does not stop it, the signature decides
    const ok = await deliver(
      'payment_intent.failed_unknown',
      { id: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(ok.status).toBe(200);
  });

  it('grants the plan once for a replayed event, and a refund takes it back for good', async () => {
    const pi = await buy(host, { plan: 'pro' });
    const id = `evt_replay_${Date.now()}`;
    expect((await deliver('payment_intent.succeeded', succeeded(pi), { id })).body.result).toBe('applied');
    expect((await deliver('payment_intent.succeeded', succeeded(pi), { id })).body.result).toBe('duplicate');
    await waitFor(
      async () => (await host.json('GET', '/api/user/stats')).body.currentPlan === 'pro' || undefined,
    );
    // a failure reported after the success changes nothing
    await deliver(
      'payment_intent.payment_failed',
      succeeded(pi, { last_payment_error: { message: 'late' } }),
    );
    expect((await host.json('GET', '/api/user/stats')).body.currentPlan).toBe('pro');
    expect((await deliver('charge.refunded', refund(pi))).body.result).toBe('applied');
    await waitFor(
      async () => (await host.json('GET', '/api/user/stats')).body.currentPlan === 'free' || undefined,
    );
    // Stripe retries the success (another event id): refunded is final
    expect((await deliver('payment_intent.succeeded', succeeded(pi))).body.result).toBe('ignored');
    expect((await host.json('GET', '/api/user/stats')).body.currentPlan).toBe('free');
    // the buyer's receipt and the refund's, once each, whatever was replayed (ADR 035)
    const admin = new Browser(app.base);
    await loginThroughIdp(admin, 'admin@example.test', 'a good long password');
    const receipts = await waitFor(async () => {
      const { body } = await admin.json('GET', '/api/admin/mail?limit=200');
      const mine = body.messages.filter(
        (m: any) =>
          m.to === 'buyer@example.test' &&
          m.template.startsWith('payment.') &&
          m.subject.includes('Event Pro'),
      );
      return mine.some((m: any) => m.template === 'payment.refund') ? mine : undefined;
    });
    expect(receipts.filter((m: any) => m.template === 'payment.refund')).toHaveLength(1);
    expect(receipts.filter((m: any) => m.template === 'payment.receipt').length).toBeGreaterThanOrEqual(1);
    expect(receipts[0].subject).toMatch(/^Your Afterglow (receipt|refund): Event Pro$/);
  });

  it('keeps a refund that arrives before its success, and grants nothing for a wrong amount', async () => {
    const early = await buy(host, { plan: 'max' });
    await deliver('charge.refunded', refund(early));
    expect((await deliver('payment_intent.succeeded', succeeded(early))).body.result).toBe('ignored');
    const cheap = await buy(host, { plan: 'max' });
    expect(
      (await deliver('payment_intent.succeeded', { ...succeeded(cheap), amount: 100, amount_received: 100 }))
        .body.result,
    ).toBe('ignored');
    expect((await host.json('GET', '/api/user/stats')).body.currentPlan).toBe('free');
    const statuses = (await host.json('GET', '/api/user/payments')).body.map((l: any) => l.status);
    expect(statuses).toContain('refunded');
  });

  it('completes a purchase through the test-mode confirmation and the same webhook handler', async () => {
    const pi = await buy(host, { plan: 'pro' });
    const r = await host.json('POST', '/api/payments/test-confirm', { paymentIntentId: pi.paymentIntentId });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('succeeded');
    // billing's notice drops the answers other services kept: the plan shows in moments, not 30 s
    await waitFor(
      async () => (await host.json('GET', '/api/user/stats')).body.currentPlan === 'pro' || undefined,
      3000,
    );
    // only the buyer confirms their payment
    expect(
      (await other.json('POST', '/api/payments/test-confirm', { paymentIntentId: pi.paymentIntentId }))
        .status,
    ).toBe(404);
    const up = await host.json('POST', '/api/user/upgrade', { plan: 'max' });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      message: 'Plan upgrade initiated successfully',
      amountCents: PLANS.max.priceCents,
    });
  });

  it('raises the event photo limit by 1,000 with Extra Photos, once, and lowers it on a refund', async () => {
    const ev = (await host.json('POST', '/api/events', eventBody({ name: 'addon party' }))).body;
    const before = await maxPhotos(ev.id);
    expect(
      (await other.json('POST', '/api/create-payment-intent', { addon: 'extra-photos', eventId: ev.id }))
        .status,
    ).toBe(403);
    const pi = await buy(host, { addon: 'extra-photos', eventId: ev.id });
    expect(pi.amountCents).toBe(1000);
    const id = `evt_addon_${Date.now()}`;
    await deliver('payment_intent.succeeded', succeeded(pi), { id });
    await deliver('payment_intent.succeeded', succeeded(pi), { id });
    await waitFor(async () => (await maxPhotos(ev.id)) === before + 1000 || undefined);
    await new Promise((r) => setTimeout(r, 500));
    expect(await maxPhotos(ev.id)).toBe(before + 1000);
    await deliver('charge.refunded', refund(pi));
    await waitFor(async () => (await maxPhotos(ev.id)) === before || undefined);
  });
});
