import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { ConfigError, type BaseConfig } from '@afterglow/service-kit';

/** A payment the provider is asked for: billing's amount, never the client's. */
export interface IntentRequest {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * Where card payments go (ADR 024): Stripe with keys configured; without them a test mode that makes
 * its own intent ids and secrets and charges no card. Either way, what a payment did arrives as a
 * Stripe event signed with `webhookSecret` and goes through the same webhook handler.
 */
export interface PaymentProvider {
  readonly testMode: boolean;
  readonly publishableKey: string | null;
  /** the webhook's signing secret: STRIPE_WEBHOOK_SECRET, or the test mode's own */
  readonly webhookSecret: string;
  createIntent(req: IntentRequest): Promise<{ id: string; clientSecret: string }>;
}

/** Checks a webhook body against its `Stripe-Signature` header; throws on a bad one. */
export function verifiedEvent(raw: Buffer | string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature, secret);
}

/** A `Stripe-Signature` header for `payload`, as Stripe makes it (the test mode's confirmations). */
export function signedHeader(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

function stripeProvider(secretKey: string, publishableKey: string, webhookSecret: string): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    testMode: false,
    publishableKey,
    webhookSecret,
    async createIntent({ amountCents, currency, description, metadata }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        description,
        metadata,
        automatic_payment_methods: { enabled: true },
      });
      if (!intent.client_secret) throw new Error('Stripe gave the payment intent no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
  };
}

/** The test mode's webhook signing secret, derived from the deployment's secret. */
export const testWebhookSecret = (secret: Buffer) =>
  `whsec_test_${createHmac('sha256', secret).update('billing.test-webhook').digest('hex')}`;

function testProvider(secret: Buffer): PaymentProvider {
  return {
    testMode: true,
    publishableKey: null,
    webhookSecret: testWebhookSecret(secret),
    async createIntent() {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
  };
}

/** Stripe when its three settings are there, the test mode when none is; a partial setting stops the start. */
export function paymentProvider(config: BaseConfig, secret: Buffer): PaymentProvider {
  const { STRIPE_SECRET_KEY: sk, STRIPE_PUBLISHABLE_KEY: pk, STRIPE_WEBHOOK_SECRET: wh } = config;
  if (sk && pk && wh) return stripeProvider(sk, pk, wh);
  if (sk || pk || wh)
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none of them (test mode)',
    );
  return testProvider(secret);
}
