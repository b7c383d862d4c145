import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  EXTRA_PHOTOS_ADDON,
  PLANS,
  mailRequested,
  paymentExtraPhotos,
  type PlanId,
} from '@afterglow/contracts';
import { outboxRow, type Db } from '@afterglow/db';
import { accountPlans, outbox, payments, processedEvents, type PaymentRow } from '../adapters/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one webhook event did: applied, already seen (by its id), or nothing to do. */
export type WebhookOutcome =
  | { result: 'applied'; payment: PaymentRow; granted?: boolean; revoked?: boolean }
  | { result: 'duplicate' }
  | { result: 'ignored'; reason: string };

const intentIdOf = (charge: Stripe.Charge) =>
  typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);

/**
 * Applies one verified Stripe event (ADR 024), at most once per event id, in one transaction with the
 * grant it makes. Safe in any order: refunded is final (a `succeeded` after a refund grants nothing),
 * and a `payment_failed` after `succeeded` changes nothing.
 */
export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  /** where the buyer opens Afterglow (the receipt's link) */
  publicUrl = '',
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { result: 'duplicate' } as const;
    switch (event.type) {
      case 'payment_intent.succeeded':
        return receipt(tx, await succeeded(tx, event.data.object), 'payment.receipt', publicUrl);
      case 'payment_intent.payment_failed':
        return failed(tx, event.data.object);
      case 'charge.refunded':
        return receipt(tx, await refunded(tx, event.data.object), 'payment.refund', publicUrl);
      default:
        return { result: 'ignored', reason: `not handled: ${event.type}` } as const;
    }
  });
}

async function paymentOf(tx: Tx, intentId: string | null): Promise<PaymentRow | null> {
  if (!intentId) return null;
  const [row] = await tx.select().from(payments).where(eq(payments.intentId, intentId)).for('update');
  return row ?? null;
}

async function setStatus(tx: Tx, p: PaymentRow, status: PaymentRow['status'], failure: string | null) {
  const [row] = await tx
    .update(payments)
    .set({ status, failure, updatedAt: new Date() })
    .where(eq(payments.id, p.id))
    .returning();
  return row!;
}

async function succeeded(tx: Tx, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  const p = await paymentOf(tx, intent.id);
  if (!p) return { result: 'ignored', reason: 'no such payment' };
  if (p.status === 'succeeded' || p.status === 'refunded')
    return { result: 'ignored', reason: `payment already ${p.status}` };
  const paid = intent.amount_received || intent.amount;
  if (paid !== p.amountCents || intent.currency !== p.currency) {
    await setStatus(tx, p, 'failed', `amount ${paid} ${intent.currency} is not the price`);
    return { result: 'ignored', reason: 'amount is not the price' };
  }
  const row = await setStatus(tx, p, 'succeeded', null);
  await grant(tx, row, true);
  return { result: 'applied', payment: row, granted: true };
}

async function failed(tx: Tx, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  const p = await paymentOf(tx, intent.id);
  if (!p) return { result: 'ignored', reason: 'no such payment' };
  if (p.status !== 'pending' && p.status !== 'failed')
    return { result: 'ignored', reason: `payment already ${p.status}` };
  const row = await setStatus(tx, p, 'failed', intent.last_payment_error?.message ?? 'The payment failed');
  return { result: 'applied', payment: row };
}

async function refunded(tx: Tx, charge: Stripe.Charge): Promise<WebhookOutcome> {
  // a partial refund leaves what the payment bought
  if (!charge.refunded) return { result: 'ignored', reason: 'partial refund' };
  const p = await paymentOf(tx, intentIdOf(charge));
  if (!p) return { result: 'ignored', reason: 'no such payment' };
  if (p.status === 'refunded') return { result: 'ignored', reason: 'payment already refunded' };
  const row = await setStatus(tx, p, 'refunded', null);
  if (p.status === 'succeeded') await grant(tx, row, false);
  return { result: 'applied', payment: row, revoked: p.status === 'succeeded' };
}

/**
 * The buyer's receipt for a payment or its refund (ADR 035), written to the outbox with the change it
 * records; notify sends it in the buyer's language. One per payment and kind.
 */
async function receipt(
  tx: Tx,
  outcome: WebhookOutcome,
  template: 'payment.receipt' | 'payment.refund',
  publicUrl: string,
): Promise<WebhookOutcome> {
  if (outcome.result !== 'applied') return outcome;
  const p = outcome.payment;
  const item =
    p.kind === 'plan' && p.plan && p.plan in PLANS
      ? PLANS[p.plan as PlanId].name
      : `Extra Photos (+${EXTRA_PHOTOS_ADDON.photos})`;
  const key = `${template}:${p.id}`;
  await tx.insert(outbox).values(
    outboxRow({
      subject: mailRequested.subject,
      msgId: `mail:${key}`,
      payload: mailRequested.schema.parse({
        key,
        template,
        to: { userId: p.userId },
        params: {
          item,
          amountCents: p.amountCents,
          currency: p.currency,
          paymentId: p.intentId,
          at: p.updatedAt.toISOString(),
          url: `${publicUrl}/dashboard`,
          ...(p.testMode ? { testMode: 1 } : {}),
        },
      }),
    }),
  );
  return outcome;
}

/** Gives (or, on a refund, takes back) what the payment bought: its plan, or extra photos for its event. */
async function grant(tx: Tx, p: PaymentRow, granted: boolean): Promise<void> {
  if (p.kind === 'plan' && p.plan) {
    if (granted)
      await tx
        .insert(accountPlans)
        .values({ userId: p.userId, plan: p.plan, since: new Date(), until: null, paymentId: p.id })
        .onConflictDoUpdate({
          target: accountPlans.userId,
          set: { plan: p.plan, since: new Date(), until: null, paymentId: p.id },
        });
    // only the plan this payment bought goes: one comped or bought later stays
    else
      await tx
        .delete(accountPlans)
        .where(and(eq(accountPlans.userId, p.userId), eq(accountPlans.paymentId, p.id)));
    return;
  }
  if (p.kind === EXTRA_PHOTOS_ADDON.id && p.eventId)
    await tx.insert(outbox).values(
      outboxRow({
        subject: paymentExtraPhotos.subject,
        msgId: `${paymentExtraPhotos.subject}:${p.id}:${granted ? 'granted' : 'revoked'}`,
        payload: paymentExtraPhotos.schema.parse({
          paymentId: p.id,
          eventId: p.eventId,
          accountId: p.userId,
          photos: EXTRA_PHOTOS_ADDON.photos,
          granted,
          at: new Date().toISOString(),
        }),
      }),
    );
}
