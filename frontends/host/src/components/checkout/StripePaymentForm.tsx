import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { LoaderCircle } from 'lucide-react';
import { Button, toast } from '@afterglow/ui';

/** Stripe's Payment Element (loaded only on /checkout, and only with keys configured). */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnPath,
}: {
  publishableKey: string;
  clientSecret: string;
  returnPath: string;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardForm returnPath={returnPath} />
    </Elements>
  );
}

function CardForm({ returnPath }: { returnPath: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // on success Stripe sends the browser to the return address; an error comes back here
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
    });
    setBusy(false);
    if (error)
      toast({
        title: 'Payment Failed',
        description: error.message ?? 'The payment could not be completed',
        variant: 'destructive',
      });
  };
  return (
    <form onSubmit={submit}>
      <PaymentElement className="mb-5" />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || busy}>
        {busy && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
        Complete Payment
      </Button>
    </form>
  );
}
