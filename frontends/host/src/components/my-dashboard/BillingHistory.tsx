import { EXTRA_PHOTOS_ADDON, type PaymentLine, type PaymentStatus } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { formatMoney } from '@afterglow/ui/format';
import { keys } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { ADDON, usePlanText } from '../../lib/plans';
import { useT } from '../../text';

const STATUS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg('billing.pending', 'Not completed'),
  succeeded: msg('billing.paid', 'Paid'),
  failed: msg('billing.failed', 'Failed'),
  refunded: msg('billing.refunded', 'Refunded'),
};

/** Billing names a payment by its plan (a product name) or as the add-on, in English. */
const EXTRA_PHOTOS_LINE = /^Extra Photos \(\+[\d,]+ photos\)$/;
function describe(t: Translate, description: string): string {
  if (!EXTRA_PHOTOS_LINE.test(description)) return description;
  return t('billing.extraPhotos', '{name} (+{count, plural, one {# photo} other {# photos}})', {
    name: ADDON.name(t),
    count: EXTRA_PHOTOS_ADDON.photos,
  });
}

/** The amount with its cents, as '$29.00' (English) or as Intl writes it in the page's language. */
const amount = (cents: number, currency: string, locale: string) =>
  locale === 'en'
    ? new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
        cents / 100,
      )
    : formatMoney(cents, currency, locale);

/** GET /api/user/payments: the account's payments, newest first (loaded when the list opens). */
export function BillingHistory() {
  const t = useT();
  usePlanText(); // the add-on's name
  const { data, isLoading } = useQuery<PaymentLine[]>({ queryKey: keys.userPayments });
  if (isLoading) return <Skeleton className="h-16 w-full" />;
  const lines = (data ?? []).filter((p) => p.status !== 'pending');
  if (!lines.length)
    return (
      <>
        <p className="font-semibold">{t('billing.empty', 'No payments yet')}</p>
        <p className="text-sm text-neutral-600">
          {t('billing.emptyText', 'Plans and add-ons you buy will be listed here.')}
        </p>
      </>
    );
  return (
    <ul className="divide-y divide-neutral-200" aria-label={t('billing.label', 'Payments')}>
      {lines.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
          <span className="font-semibold">{describe(t, p.description)}</span>
          <span className="text-neutral-600">{formatDay(p.createdAt, t.locale)}</span>
          <span>
            {p.testMode
              ? t('billing.lineTest', '{amount} · {status} (test mode)', {
                  amount: amount(p.amountCents, p.currency, t.locale),
                  status: t(STATUS[p.status]),
                })
              : t('billing.line', '{amount} · {status}', {
                  amount: amount(p.amountCents, p.currency, t.locale),
                  status: t(STATUS[p.status]),
                })}
          </span>
        </li>
      ))}
    </ul>
  );
}
