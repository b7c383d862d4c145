import { Suspense, lazy } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, ImagePlus, Lock, SearchX } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  EXTRA_PHOTOS_COPY,
  PAYMENT_RETURN_PATH,
  type CreatePaymentIntentBody,
  type PaymentIntentAnswer,
} from '@afterglow/contracts';
import { Card, Spinner, apiRequest, buttonClass, errorText, toast } from '@afterglow/ui';
import { AuthGate } from '../components/LoginRequired';
import { MessageCard } from '../components/MessageCard';
import { TestPaymentForm } from '../components/checkout/TestPaymentForm';
import { PlanCard } from '../components/pricing/PlanCard';
import { keys } from '../lib/api';
import { PLAN_DETAILS, isPlanId } from '../lib/plans';

// Stripe's libraries load with this page only, and only when the server has keys
const StripePaymentForm = lazy(() => import('../components/checkout/StripePaymentForm'));

/**
 * /checkout?plan={plan} (pro when none is given), or /checkout?addon=extra-photos&event={id}: the
 * server prices the purchase and makes the payment intent; Stripe's form, or the test mode's.
 */
export function Checkout() {
  const [params] = useSearchParams();
  const addon = params.get('addon');
  const eventId = params.get('event') ?? '';
  const plan = params.get('plan') ?? 'pro';
  const returnTo = addon
    ? `/checkout?addon=${encodeURIComponent(addon)}&event=${encodeURIComponent(eventId)}`
    : `/checkout?plan=${encodeURIComponent(plan)}`;
  return (
    <AuthGate
      message="Please log in to complete your purchase"
      returnTo={returnTo}
      back={{ to: '/pricing', label: 'Back to Pricing' }}
    >
      {addon === EXTRA_PHOTOS_COPY.id ? (
        <CheckoutPage purchase={{ addon: EXTRA_PHOTOS_COPY.id, eventId }} />
      ) : isPlanId(plan) && !addon ? (
        plan === 'free' ? (
          <FreePlan />
        ) : (
          <CheckoutPage purchase={{ plan }} />
        )
      ) : (
        <Unknown what={addon ?? plan} />
      )}
    </AuthGate>
  );
}

function Unknown({ what }: { what: string }) {
  return (
    <MessageCard
      icon={SearchX}
      title="Unknown plan"
      role="alert"
      actions={
        <Link to="/pricing" className={buttonClass('primary')}>
          Back to Pricing
        </Link>
      }
    >
      <p>We don’t have a plan called “{what}”. Pick one on the pricing page.</p>
    </MessageCard>
  );
}

function FreePlan() {
  return (
    <Layout card={<PlanCard plan={PLAN_DETAILS.free} />}>
      <p className="mb-5 text-neutral-700">
        The Free Demo needs no payment: you can create your event right away.
      </p>
      <Link to="/create-event" className={buttonClass('primary', 'md', 'w-full')}>
        Create Event
      </Link>
    </Layout>
  );
}

function Layout({ card, children }: { card: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <Link
        to="/pricing"
        className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-[var(--ag-primary-ink)] hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Pricing
      </Link>
      <h1 className="mb-8 text-3xl font-extrabold">Complete Your Purchase</h1>
      <div className="grid gap-6 md:grid-cols-2">
        {card}
        <Card className="h-fit">
          <h2 className="mb-3 flex items-center gap-2 text-xl font-bold">
            <CreditCard aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            Payment Details
          </h2>
          {children}
        </Card>
      </div>
    </div>
  );
}

function AddonCard() {
  return (
    <article className="flex h-fit flex-col rounded-2xl border-2 border-neutral-200 bg-white p-6 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-[var(--ag-accent-soft)] text-neutral-900">
        <ImagePlus aria-hidden className="h-6 w-6" />
      </div>
      <h2 className="text-xl font-bold">{EXTRA_PHOTOS_COPY.name}</h2>
      <p className="mt-1 text-sm text-neutral-600">
        {EXTRA_PHOTOS_COPY.amount} for this event, when your guests can’t stop shooting.
      </p>
      <p className="my-4 text-4xl font-extrabold">{EXTRA_PHOTOS_COPY.price}</p>
    </article>
  );
}

function CheckoutPage({ purchase }: { purchase: CreatePaymentIntentBody }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isPlan = 'plan' in purchase;
  const intent = useQuery({
    queryKey: ['checkout', 'payment-intent', JSON.stringify(purchase)],
    queryFn: () => apiRequest<PaymentIntentAnswer>('POST', '/api/create-payment-intent', purchase),
    gcTime: 0,
  });
  const returnPath = isPlan ? PAYMENT_RETURN_PATH : `/host/dashboard/${encodeURIComponent(purchase.eventId)}`;

  if (intent.isError)
    return (
      <MessageCard
        icon={SearchX}
        title="Payment unavailable"
        role="alert"
        actions={
          <Link to="/pricing" className={buttonClass('primary')}>
            Back to Pricing
          </Link>
        }
      >
        <p>{errorText(intent.error, 'The payment could not be prepared. Please try again.')}</p>
      </MessageCard>
    );
  if (!intent.data) return <Spinner label="Preparing your payment" />;

  const paid = () => {
    void qc.invalidateQueries({ queryKey: keys.userStats });
    if (!isPlan) void qc.invalidateQueries({ queryKey: keys.event(purchase.eventId) });
    toast({
      title: 'Payment Successful',
      description: isPlan ? 'Your plan is active.' : `${EXTRA_PHOTOS_COPY.amount} added to your event.`,
    });
    navigate(returnPath);
  };
  const { testMode, publishableKey, clientSecret, paymentIntentId } = intent.data;
  return (
    <Layout card={isPlan ? <PlanCard plan={PLAN_DETAILS[purchase.plan]} /> : <AddonCard />}>
      {testMode || !publishableKey ? (
        <TestPaymentForm paymentIntentId={paymentIntentId} onPaid={paid} />
      ) : (
        <Suspense fallback={<Spinner label="Loading the payment form" />}>
          <StripePaymentForm
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            returnPath={returnPath}
          />
        </Suspense>
      )}
      <p className="mt-4 flex items-start gap-2 text-sm text-neutral-600">
        <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        Your payment is secure and encrypted. Card payments are processed by Stripe.
      </p>
    </Layout>
  );
}
