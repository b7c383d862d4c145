import { useMutation } from '@tanstack/react-query';
import { FlaskConical, LoaderCircle } from 'lucide-react';
import { Button, apiRequest, toast, translator } from '@afterglow/ui';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';

/**
 * Test mode (no Stripe keys): no card form and no charge. 'Complete Payment' asks the server to
 * confirm the payment as Stripe would, through the same webhook handler (ADR 024).
 */
export function TestPaymentForm({
  paymentIntentId,
  onPaid,
}: {
  paymentIntentId: string;
  onPaid: () => void;
}) {
  const t = useT();
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest<{ status: string }>('POST', '/api/payments/test-confirm', { paymentIntentId }),
    onSuccess: (r) => {
      if (r.status === 'succeeded') return onPaid();
      const t = translator();
      toast({
        title: t('payment.failed', 'Payment Failed'),
        description: t('payment.notDone', 'The payment was not completed'),
        variant: 'destructive',
      });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('payment.failed', 'Payment Failed'),
        description: problemText(t, err, t('payment.notCompleted', 'The payment could not be completed')),
        variant: 'destructive',
      });
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate();
      }}
    >
      <p
        role="note"
        className="mb-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-neutral-900"
      >
        <FlaskConical aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        <span>
          <strong>{t('payment.testMode', 'Test mode: no card is charged.')}</strong>{' '}
          {t(
            'payment.testModeText',
            'This server has no Stripe keys, so the payment is completed without a card.',
          )}
        </span>
      </p>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending && <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />}
        {t('payment.complete', 'Complete Payment')}
      </Button>
    </form>
  );
}
