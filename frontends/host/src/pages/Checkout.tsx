import { ArrowLeft, CreditCard, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card, buttonClass } from '@afterglow/ui';
import { AuthGate } from '../components/LoginRequired';
import { MessageCard } from '../components/MessageCard';
import { PlanCard } from '../components/pricing/PlanCard';
import { PLAN_DETAILS, isPlanId } from '../lib/plans';

/** /checkout?plan={plan} (pro when none is given). Online payment is not connected yet. */
export function Checkout() {
  const [params] = useSearchParams();
  const plan = params.get('plan') ?? 'pro';
  return (
    <AuthGate
      message="Please log in to complete your purchase"
      returnTo={`/checkout?plan=${encodeURIComponent(plan)}`}
      back={{ to: '/pricing', label: 'Back to Pricing' }}
    >
      <CheckoutPage plan={plan} />
    </AuthGate>
  );
}

function CheckoutPage({ plan }: { plan: string }) {
  if (!isPlanId(plan)) {
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
        <p>We don’t have a plan called “{plan}”. Pick one on the pricing page.</p>
      </MessageCard>
    );
  }
  const details = PLAN_DETAILS[plan];
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
        <PlanCard plan={details} />
        <Card className="h-fit">
          <h2 className="mb-3 flex items-center gap-2 text-xl font-bold">
            <CreditCard aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
            Payment Details
          </h2>
          {plan === 'free' ? (
            <>
              <p className="mb-5 text-neutral-700">
                The Free Demo needs no payment: you can create your event right away.
              </p>
              <Link to="/create-event" className={buttonClass('primary', 'md', 'w-full')}>
                Create Event
              </Link>
            </>
          ) : (
            <>
              <p role="status" className="mb-3 rounded-xl bg-[var(--ag-accent-soft)] p-4 text-neutral-900">
                Online payment is being set up and isn’t available yet. You have not been charged.
              </p>
              <p className="mb-5 text-neutral-700">
                In the meantime you can create an event on the Free Demo plan and upgrade once payment opens.
              </p>
              <Link to="/create-event" className={buttonClass('outline', 'md', 'w-full')}>
                Create a Free Event
              </Link>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
