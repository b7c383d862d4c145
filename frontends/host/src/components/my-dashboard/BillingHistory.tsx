import type { PaymentLine, PaymentStatus } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@afterglow/ui';
import { keys } from '../../lib/api';
import { formatDay } from '../../lib/format';

const STATUS: Record<PaymentStatus, string> = {
  pending: 'Not completed',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

const amount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** GET /api/user/payments: the account's payments, newest first (loaded when the list opens). */
export function BillingHistory() {
  const { data, isLoading } = useQuery<PaymentLine[]>({ queryKey: keys.userPayments });
  if (isLoading) return <Skeleton className="h-16 w-full" />;
  const lines = (data ?? []).filter((p) => p.status !== 'pending');
  if (!lines.length)
    return (
      <>
        <p className="font-semibold">No payments yet</p>
        <p className="text-sm text-neutral-600">Plans and add-ons you buy will be listed here.</p>
      </>
    );
  return (
    <ul className="divide-y divide-neutral-200" aria-label="Payments">
      {lines.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
          <span className="font-semibold">{p.description}</span>
          <span className="text-neutral-600">{formatDay(p.createdAt)}</span>
          <span>
            {amount(p.amountCents, p.currency)} · {STATUS[p.status]}
            {p.testMode && ' (test mode)'}
          </span>
        </li>
      ))}
    </ul>
  );
}
