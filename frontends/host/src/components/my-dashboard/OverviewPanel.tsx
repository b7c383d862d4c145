import type { AuthUser, UserStats } from '@afterglow/contracts';
import { CreditCard, Plus, Receipt } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Skeleton, buttonClass } from '@afterglow/ui';
import { planName } from '../../lib/plans';
import { useT } from '../../text';
import { BillingHistory } from './BillingHistory';

/** The Overview tab: Account Information and Quick Actions (with Billing History). */
export function OverviewPanel({ user, stats }: { user: AuthUser; stats: UserStats | undefined }) {
  const t = useT();
  const name = [user.firstName, user.lastName].filter((n) => n?.trim()).join(' ');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <h2 className="mb-4 text-xl font-bold">{t('overview.account', 'Account Information')}</h2>
        <dl className="space-y-3">
          <Row term={t('overview.email', 'Email')}>{user.email}</Row>
          <Row term={t('overview.name', 'Name')}>
            {name || <span className="text-neutral-600">{t('overview.notSet', 'Not set')}</span>}
          </Row>
          <Row term={t('myEvents.plan', 'Plan')}>
            {stats ? planName(stats.currentPlan) : <Skeleton className="h-5 w-24" />}
          </Row>
        </dl>
      </Card>
      <QuickActions />
    </div>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-20 shrink-0 text-sm font-medium text-neutral-600">{term}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

function QuickActions() {
  const t = useT();
  const [billing, setBilling] = useState(false);
  const billingId = useId();
  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">{t('overview.quickActions', 'Quick Actions')}</h2>
      <div className="flex flex-col gap-3">
        <Link to="/create-event" className={buttonClass('primary', 'md', 'justify-start')}>
          <Plus aria-hidden className="h-5 w-5" />
          {t('overview.createEvent', 'Create New Event')}
        </Link>
        <Link to="/pricing" className={buttonClass('outline', 'md', 'justify-start')}>
          <CreditCard aria-hidden className="h-5 w-5" />
          {t('common.viewPricing', 'View Pricing Plans')}
        </Link>
        <Button
          variant="outline"
          className="justify-start"
          aria-expanded={billing}
          aria-controls={billingId}
          onClick={() => setBilling((b) => !b)}
        >
          <Receipt aria-hidden className="h-5 w-5" />
          {t('overview.billing', 'Billing History')}
        </Button>
        <div id={billingId} hidden={!billing} className="rounded-xl bg-neutral-50 p-4">
          {billing && <BillingHistory />}
        </div>
      </div>
    </Card>
  );
}
