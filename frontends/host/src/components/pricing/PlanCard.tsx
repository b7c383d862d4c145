import type { PlanId } from '@afterglow/contracts';
import { Camera, Check, Crown, Gift, Minus, Star, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PlanDetails } from '../../lib/plans';
import { useT } from '../../text';

export const PLAN_ICONS: Record<PlanId, LucideIcon> = { free: Gift, basic: Camera, pro: Star, max: Crown };

/** A plan: icon, name, price, description, features (and limits), and an action. */
export function PlanCard({
  plan,
  action,
  headingLevel = 2,
}: {
  plan: PlanDetails;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const Icon = PLAN_ICONS[plan.id];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col rounded-2xl border-2 bg-white p-6 shadow-sm ${
        plan.popular ? 'border-[var(--ag-primary-strong)] shadow-lg' : 'border-neutral-200'
      }`}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-[var(--ag-primary-strong)] px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          {t('plan.popular', 'Most Popular')}
        </p>
      )}
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
        <Icon aria-hidden className="h-6 w-6" />
      </div>
      <Heading id={headingId} className="text-xl font-bold">
        {plan.name}
      </Heading>
      <p className="mt-1 min-h-10 text-sm text-neutral-600">{plan.description}</p>
      <p className="my-4">
        <span className="text-4xl font-extrabold">{plan.price}</span>
        <span className="text-neutral-600"> {t('plan.perEvent', '/ event')}</span>
      </p>
      <ul
        className="mb-6 flex-1 space-y-2 text-sm"
        aria-label={t('plan.includes', '{plan} includes', { plan: plan.name })}
      >
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
            <span>{f}</span>
          </li>
        ))}
        {plan.limitations.map((f) => (
          <li key={f} className="flex gap-2 text-neutral-600">
            <Minus aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      {action}
    </article>
  );
}
