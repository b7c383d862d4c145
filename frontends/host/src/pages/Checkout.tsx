import { Suspense, lazy } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, ImagePlus, Lock, SearchX } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PAYMENT_RETURN_PATH,
  type CreatePaymentIntentBody,
  type PaymentIntentAnswer,
} from '@afterglow/contracts';
import { ApiError, Card, Spinner, apiRequest, buttonClass, toast, translator, useAuth } from '@afterglow/ui';
import { Reminder } from '../components/my-dashboard/account/ConfirmEmailBanner';
import { AuthGate } from '../components/LoginRequired';
import { MessageCard } from '../components/MessageCard';
import { TestPaymentForm } from '../components/checkout/TestPaymentForm';
import { PlanCard } from '../components/pricing/PlanCard';
import { keys } from '../lib/api';
import { ADDON, isPlanId, planDetails, usePlanText } from '../lib/plans';
import { problemText } from '../lib/problems';
import { useT } from '../text';

// Stripe's libraries load with this page only, and only when the server has keys
const StripePaymentForm = lazy(() => import('../components/checkout/StripePaymentForm'));

/**
 * /checkout?plan={plan} (pro when none is given), or /checkout?addon=extra-photos&event={id}: the
 * server prices the purchase and makes the payment intent; Stripe's form, or the test mode's.
 */
export function Checkout() {
  const t = useT();
  const [params] = useSearchParams();
  const addon = params.get('addon');
  const eventId = params.get('event') ?? '';
  const plan = params.get('plan') ?? 'pro';
  const returnTo = addon
    ? `/checkout?addon=${encodeURIComponent(addon)}&event=${encodeURIComponent(eventId)}`
    : `/checkout?plan=${encodeURIComponent(plan)}`;
  return (
    <AuthGate
      message={t('checkout.login', 'Please log in to complete your purchase')}
      returnTo={returnTo}
      back={{ to: '/pricing', label: t('checkout.backToPricing', 'Back to Pricing') }}
    >
      {addon === ADDON.id ? (
        <CheckoutPage purchase={{ addon: ADDON.id, eventId }} />
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
  const t = useT();
  return (
    <MessageCard
      icon={SearchX}
      title={t('checkout.unknown', 'Unknown plan')}
      role="alert"
      actions={
        <Link to="/pricing" className={buttonClass('primary')}>
          {t('checkout.backToPricing', 'Back to Pricing')}
        </Link>
      }
    >
      <p>
        {t('checkout.unknownText', 'We don’t have a plan called “{name}”. Pick one on the pricing page.', {
          name: what,
        })}
      </p>
    </MessageCard>
  );
}

function FreePlan() {
  const t = useT();
  const tp = usePlanText();
  return (
    <Layout card={<PlanCard plan={planDetails('free', tp)} />}>
      <p className="mb-5 text-neutral-700">
        {t('checkout.free', 'The Free Demo needs no payment: you can create your event right away.')}
      </p>
      <Link to="/create-event" className={buttonClass('primary', 'md', 'w-full')}>
        {t('create.submit', 'Create Event')}
      </Link>
    </Layout>
  );
}

function Layout({ card, children }: { card: React.ReactNode; children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <Link
        to="/pricing"
        className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-[var(--ag-primary-ink)] hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
        {t('checkout.backToPricing', 'Back to Pricing')}
      </Link>
      <h1 className="mb-8 text-3xl font-extrabold">{t('checkout.title', 'Complete Your Purchase')}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        {card}
        <Card className="h-fit">
          <h2 className="mb-3 flex items-center gap-2 text-xl font-bold">
            <CreditCard aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            {t('checkout.details', 'Payment Details')}
          </h2>
          {children}
        </Card>
      </div>
    </div>
  );
}

function AddonCard() {
  const t = useT();
  const tp = usePlanText();
  return (
    <article className="flex h-fit flex-col rounded-2xl border-2 border-neutral-200 bg-white p-6 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-[var(--ag-accent-soft)] text-neutral-900">
        <ImagePlus aria-hidden className="h-6 w-6" />
      </div>
      <h2 className="text-xl font-bold">{ADDON.name(tp)}</h2>
      <p className="mt-1 text-sm text-neutral-600">
        {t(
          'checkout.addonText',
          '+{count, plural, one {# photo} other {# photos}} for this event, when your guests can’t stop shooting.',
          { count: ADDON.photos },
        )}
      </p>
      <p className="my-4 text-4xl font-extrabold">{ADDON.price(tp)}</p>
    </article>
  );
}

function CheckoutPage({ purchase }: { purchase: CreatePaymentIntentBody }) {
  const t = useT();
  const tp = usePlanText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isPlan = 'plan' in purchase;
  const intent = useQuery({
    queryKey: ['checkout', 'payment-intent', JSON.stringify(purchase)],
    queryFn: () => apiRequest<PaymentIntentAnswer>('POST', '/api/create-payment-intent', purchase),
    gcTime: 0,
  });
  const returnPath = isPlan ? PAYMENT_RETURN_PATH : `/host/dashboard/${encodeURIComponent(purchase.eventId)}`;

  if (intent.isError && intent.error instanceof ApiError && intent.error.code === 'email_unconfirmed')
    return <ConfirmFirst />;
  if (intent.isError)
    return (
      <MessageCard
        icon={SearchX}
        title={t('checkout.unavailable', 'Payment unavailable')}
        role="alert"
        actions={
          <Link to="/pricing" className={buttonClass('primary')}>
            {t('checkout.backToPricing', 'Back to Pricing')}
          </Link>
        }
      >
        <p>
          {problemText(
            t,
            intent.error,
            t('checkout.prepareFailed', 'The payment could not be prepared. Please try again.'),
          )}
        </p>
      </MessageCard>
    );
  if (!intent.data) return <Spinner label={t('checkout.preparing', 'Preparing your payment')} />;

  const paid = () => {
    void qc.invalidateQueries({ queryKey: keys.userStats });
    if (!isPlan) void qc.invalidateQueries({ queryKey: keys.event(purchase.eventId) });
    const t = translator();
    toast({
      title: t('checkout.success', 'Payment Successful'),
      description: isPlan
        ? t('checkout.planActive', 'Your plan is active.')
        : t('checkout.addonAdded', '+{count, plural, one {# photo} other {# photos}} added to your event.', {
            count: ADDON.photos,
          }),
    });
    navigate(returnPath);
  };
  const { testMode, publishableKey, clientSecret, paymentIntentId } = intent.data;
  return (
    <Layout card={isPlan ? <PlanCard plan={planDetails(purchase.plan, tp)} /> : <AddonCard />}>
      {testMode || !publishableKey ? (
        <TestPaymentForm paymentIntentId={paymentIntentId} onPaid={paid} />
      ) : (
        <Suspense fallback={<Spinner label={t('checkout.loadingForm', 'Loading the payment form')} />}>
          <StripePaymentForm
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            returnPath={returnPath}
          />
        </Suspense>
      )}
      <p className="mt-4 flex items-start gap-2 text-sm text-neutral-600">
        <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t('checkout.secure', 'Your payment is secure and encrypted. Card payments are processed by Stripe.')}
      </p>
    </Layout>
  );
}

/** Buying needs a confirmed address (ADR 035): the link again, and the way back here after it. */
function ConfirmFirst() {
  const t = useT();
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold">
        {t('checkout.confirmTitle', 'Confirm your e-mail address first')}
      </h1>
      <p>
        {t(
          'checkout.confirmText',
          'Receipts and the link to reset your password go to your e-mail address, so it must be yours before you buy. Follow the link we sent you, then come back to this page.',
        )}
      </p>
      {user && <Reminder email={user.email} />}
      <Link to="/pricing" className={buttonClass('outline')}>
        {t('checkout.backToPricing', 'Back to Pricing')}
      </Link>
    </div>
  );
}
