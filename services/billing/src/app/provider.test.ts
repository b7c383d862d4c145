import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { ConfigError, baseConfigSchema, loadConfig } from '@afterglow/service-kit';
import { Payments } from './payments';
import { paymentProvider, signedHeader, testWebhookSecret, verifiedEvent } from './provider';

const secret = Buffer.alloc(32, 7);
const config = (env: Record<string, string>) => loadConfig(baseConfigSchema, env);
const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
};

describe('the payment provider', () => {
  it('is the labelled test mode without Stripe keys, with its own intent ids and webhook secret', async () => {
    const p = paymentProvider(config({}), secret);
    expect(p).toMatchObject({
      testMode: true,
      publishableKey: null,
      webhookSecret: testWebhookSecret(secret),
    });
    const intent = await p.createIntent({
      amountCents: 5900,
      currency: 'usd',
      description: 'x',
      metadata: {},
    });
    expect(intent.id).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
  });

  it('is Stripe with all three settings, and refuses to start with only some of them', () => {
    const p = paymentProvider(config(KEYS), secret);
    expect(p).toMatchObject({ testMode: false, publishableKey: 'pk_test_123', webhookSecret: 'whsec_123' });
    expect(() => paymentProvider(config({ STRIPE_SECRET_KEY: 'sk_test_123' }), secret)).toThrow(ConfigError);
  });

  it('refuses the test-mode confirmation when Stripe keys are configured', async () => {
    const payments = new Payments(
      null as never,
      null as never,
      null as never,
      paymentProvider(config(KEYS), secret),
    );
    await expect(
      payments.confirmTest({ userId: 'u1', email: 'a@b.c', isAdmin: false } as never, 'pi_test_1'),
    ).rejects.toMatchObject({ status: 409, code: 'not_test_mode' });
  });

  it('signs as Stripe does, and verifies only with the same secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const header = signedHeader(payload, 'whsec_a');
    expect(verifiedEvent(payload, header, 'whsec_a').id).toBe('evt_1');
    expect(() => verifiedEvent(payload, header, 'whsec_b')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifiedEvent(payload.replace('evt_1', 'evt_2'), header, 'whsec_a')).toThrow();
  });
});
