import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  ENTITLEMENTS_CHANGED,
  EXTRA_PHOTOS_ADDON,
  HttpError,
  conflict,
  eventsGet,
  forbidden,
  notFound,
  type CreatePaymentIntentBody,
  type PaymentIntentAnswer,
  type PaymentLine,
  type PaymentStatus,
  type Principal,
} from '@afterglow/contracts';
import { ask, type Bus } from '@afterglow/bus';
import type { Db, OutboxRelay } from '@afterglow/db';
import { payments, plans, type PaymentRow } from '../adapters/schema';
import { signedHeader, verifiedEvent, type PaymentProvider } from './provider';
import { applyStripeEvent, type WebhookOutcome } from './webhook';

const describe = (p: Pick<PaymentRow, 'kind' | 'plan'>, planName?: string) =>
  p.kind === 'plan' ? (planName ?? p.plan ?? 'Plan') : 'Extra Photos (+1,000 photos)';

/** Checkout, the webhook and the billing history (ADR 024). */
export class Payments {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly relay: OutboxRelay,
    readonly provider: PaymentProvider,
    /** where buyers open Afterglow (their receipts' links) */
    private readonly publicUrl = '',
  ) {}

  /** A payment intent for a paid plan or the add-on, priced from the plan table; recorded as pending. */
  async create(buyer: Principal, body: CreatePaymentIntentBody): Promise<PaymentIntentAnswer> {
    // receipts and account recovery go to this address: it must be the buyer's (ADR 035)
    if (!buyer.emailVerified)
      throw forbidden(
        'Confirm your e-mail address to buy a plan: follow the link we sent you, or send it again from My Dashboard',
        'email_unconfirmed',
      );
    let amountCents: number;
    let description: string;
    let row: Pick<PaymentRow, 'kind' | 'plan' | 'eventId'>;
    if ('plan' in body) {
      const [plan] = await this.db.select().from(plans).where(eq(plans.id, body.plan));
      if (!plan || plan.priceCents <= 0) throw notFound('No such paid plan', 'plan_not_found');
      amountCents = plan.priceCents;
      description = plan.name;
      row = { kind: 'plan', plan: plan.id, eventId: null };
    } else {
      const event = await ask(this.bus, eventsGet, { idOrCode: body.eventId }, { timeoutMs: 3000 });
      if (!event) throw notFound('Event not found', 'event_not_found');
      if (event.hostId !== buyer.userId)
        throw forbidden('Only the host can buy extra photos for this event', 'not_host');
      amountCents = EXTRA_PHOTOS_ADDON.priceCents;
      description = `${describe({ kind: EXTRA_PHOTOS_ADDON.id, plan: null })} for ${event.name}`;
      row = { kind: EXTRA_PHOTOS_ADDON.id, plan: null, eventId: event.id };
    }
    const currency = 'usd';
    const intent = await this.provider.createIntent({
      amountCents,
      currency,
      description,
      metadata: { accountId: buyer.userId, kind: row.kind, ...(row.plan ? { plan: row.plan } : {}) },
    });
    await this.db.insert(payments).values({
      ...row,
      intentId: intent.id,
      userId: buyer.userId,
      amountCents,
      currency,
      testMode: this.provider.testMode,
    });
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amountCents,
      currency,
      testMode: this.provider.testMode,
      publishableKey: this.provider.publishableKey,
    };
  }

  /** The account's payments, newest first. */
  async list(user: Principal): Promise<PaymentLine[]> {
    const rows = await this.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.userId))
      .orderBy(desc(payments.createdAt))
      .limit(100);
    const names = new Map((await this.db.select().from(plans)).map((p) => [p.id, p.name]));
    return rows.map((p) => ({
      id: p.id,
      description: describe(p, p.plan ? names.get(p.plan) : undefined),
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status as PaymentStatus,
      testMode: p.testMode,
      createdAt: p.createdAt.toISOString(),
    }));
  }

  /** A webhook delivery: verified by its signature (a bad one answers 400), then applied once. */
  async webhook(raw: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      event = verifiedEvent(raw, signature ?? '', this.provider.webhookSecret);
    } catch {
      throw new HttpError(400, 'bad_signature', 'The webhook signature does not verify');
    }
    const outcome = await applyStripeEvent(this.db, event, this.publicUrl);
    if (outcome.result === 'applied') this.relay.kick();
    if (outcome.result === 'applied' && (outcome.granted || outcome.revoked)) {
      await this.bus.notify(ENTITLEMENTS_CHANGED, { accountId: outcome.payment.userId }).catch(() => {});
    }
    return outcome;
  }

  /**
   * Test mode's "card": the payment succeeds as Stripe would report it, a `payment_intent.succeeded`
   * signed with the test webhook secret and handed to the same webhook handler. Refused with keys.
   */
  async confirmTest(buyer: Principal, intentId: string): Promise<WebhookOutcome> {
    if (!this.provider.testMode)
      throw conflict('Payments go through Stripe here: there is no test mode', 'not_test_mode');
    const [p] = await this.db.select().from(payments).where(eq(payments.intentId, intentId));
    if (!p || p.userId !== buyer.userId) throw notFound('Payment not found', 'payment_not_found');
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: p.intentId,
          object: 'payment_intent',
          amount: p.amountCents,
          amount_received: p.amountCents,
          currency: p.currency,
          status: 'succeeded',
        },
      },
    });
    return this.webhook(Buffer.from(payload), signedHeader(payload, this.provider.webhookSecret));
  }
}
