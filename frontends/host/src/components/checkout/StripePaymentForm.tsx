import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type StripeElementLocale } from '@stripe/stripe-js';
import { LoaderCircle } from 'lucide-react';
import { Button, toast, translator } from '@afterglow/ui';
import { useT } from '../../text';

/** Stripe's name for the page's language ('pt-BR' as it is; the pseudo-locale reads English). */
const stripeLocale = (locale: string): StripeElementLocale =>
  (locale === 'en-XA' ? 'en' : locale) as StripeElementLocale;

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
  const t = useT();
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    // Stripe writes its own form and messages in the page's language
    <Elements stripe={stripe} options={{ clientSecret, locale: stripeLocale(t.locale) }}>
      <CardForm returnPath={returnPath} />
    </Elements>
  );
}

function CardForm({ returnPath }: { returnPath: string }) {
  const t = useT();
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
    if (error) {
      // Stripe's message is written in the language its Elements were loaded in (the page's)
      const t = translator();
      toast({
        title: t('payment.failed', 'Payment Failed'),
        description: error.message ?? t('payment.notCompleted', 'The payment could not be completed'),
        variant: 'destructive',
      });
    }
  };
  return (
    <form onSubmit={submit}>
      <PaymentElement className="mb-5" />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || busy}>
        {busy && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
        {t('payment.complete', 'Complete Payment')}
      </Button>
    </form>
  );
}
