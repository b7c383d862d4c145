/** Payments as the web app sees them (zod-free: the host app imports it). */

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'refunded';

/** What `POST /api/create-payment-intent` (and `POST /api/user/upgrade`) answer. */
export interface PaymentIntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  /** true without Stripe keys: no card is charged; the page confirms through the test-mode endpoint */
  testMode: boolean;
  /** Stripe's publishable key, with keys configured */
  publishableKey: string | null;
}

/** One line of `GET /api/user/payments`, newest first. */
export interface PaymentLine {
  id: string;
  description: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  testMode: boolean;
  createdAt: string;
}

/** Where the payment provider sends the browser back after a confirmed payment (spec section 2). */
export const PAYMENT_RETURN_PATH = '/create-event?success=true';

/** Stripe's webhook endpoint: authenticated by its signature, not by a cookie or an origin. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
