import express, { Router } from 'express';
import {
  STRIPE_WEBHOOK_PATH,
  createPaymentIntentSchema,
  parseOr400,
  testConfirmSchema,
  upgradeSchema,
} from '@afterglow/contracts';
import { requireUser } from '@afterglow/service-kit';
import type { Payments } from '../app/payments';

/** Billing's routes (ADR 024): checkout, the Stripe webhook, the test mode's confirmation, history. */
export function billingRouter(payments: Payments, secret: Buffer): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });

  r.post('/api/create-payment-intent', json, async (req, res) => {
    const buyer = requireUser(req, secret);
    const body = parseOr400(createPaymentIntentSchema, req.body ?? {});
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await payments.create(buyer, body));
  });

  // defined by the spec and wired to no button: it starts the plan's payment, as checkout does
  r.post('/api/user/upgrade', json, async (req, res) => {
    const buyer = requireUser(req, secret);
    const { plan } = parseOr400(upgradeSchema, req.body ?? {});
    const intent = await payments.create(buyer, { plan });
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        ...intent,
        message: 'Plan upgrade initiated successfully',
        checkoutUrl: `/checkout?plan=${plan}`,
      });
  });

  r.get('/api/user/payments', async (req, res) => {
    const user = requireUser(req, secret);
    res.set('Cache-Control', 'no-store').json(await payments.list(user));
  });

  r.post('/api/payments/test-confirm', json, async (req, res) => {
    const buyer = requireUser(req, secret);
    const { paymentIntentId } = parseOr400(testConfirmSchema, req.body ?? {});
    const outcome = await payments.confirmTest(buyer, paymentIntentId);
    res.json({ status: outcome.result === 'applied' ? outcome.payment.status : outcome.result });
  });

  // Stripe's calls: no cookie and no origin of ours; the signature over the raw body is the proof
  r.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const sig = req.headers['stripe-signature'];
    const outcome = await payments.webhook(raw, typeof sig === 'string' ? sig : undefined);
    res.json({ received: true, result: outcome.result });
  });

  return r;
}
