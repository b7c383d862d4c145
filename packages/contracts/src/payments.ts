import { z } from 'zod';
import { EXTRA_PHOTOS_ADDON, PLAN_IDS } from './catalog';

const paidPlan = z.enum(PLAN_IDS).refine((p) => p !== 'free', {
  message: 'The Free Demo needs no payment',
});

/**
 * `POST /api/create-payment-intent`: a paid plan for the signed-in account, or the Extra Photos
 * add-on for one of its events. No amount: billing prices it from its plan table (ADR 024).
 */
export const createPaymentIntentSchema = z.union([
  z.strictObject({ plan: paidPlan }),
  z.strictObject({ addon: z.literal(EXTRA_PHOTOS_ADDON.id), eventId: z.uuid() }),
]);
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

/** `POST /api/user/upgrade {plan}`: starts the payment of that plan (answers as create-payment-intent). */
export const upgradeSchema = z.strictObject({ plan: paidPlan });

/** `POST /api/payments/test-confirm {paymentIntentId}`: test mode only (no Stripe keys). */
export const testConfirmSchema = z.strictObject({
  paymentIntentId: z
    .string()
    .max(200)
    .regex(/^pi_[A-Za-z0-9_]+$/, 'paymentIntentId must be a payment intent id'),
});
