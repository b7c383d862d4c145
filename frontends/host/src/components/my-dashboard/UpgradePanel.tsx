import type { PlanId } from '@afterglow/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { planDetails, usePlanText } from '../../lib/plans';
import { useT } from '../../text';
import { PlanCard } from '../pricing/PlanCard';

/** The paid plans, as the Upgrade tab offers them. */
const UPGRADES: PlanId[] = ['basic', 'pro', 'max'];

/** The Upgrade tab: three plan cards, each leading to /pricing. */
export function UpgradePanel({ currentPlan }: { currentPlan: PlanId | undefined }) {
  const t = useT();
  const tp = usePlanText();
  return (
    <section aria-labelledby="upgrade-heading">
      <h2 id="upgrade-heading" className="mb-1 text-xl font-bold">
        {t('upgrade.title', 'Upgrade your plan')}
      </h2>
      <p className="mb-8 text-neutral-600">
        {t('upgrade.intro', 'More photos, unlimited guests and longer hosting for your next event.')}
      </p>
      <ul className="grid gap-6 md:grid-cols-3">
        {UPGRADES.map((id) => {
          const plan = planDetails(id, tp);
          const current = id === currentPlan;
          return (
            <li key={id}>
              <PlanCard
                plan={plan}
                headingLevel={3}
                action={
                  <>
                    {current && (
                      <p className="mb-2 text-center text-sm font-semibold text-emerald-800">
                        {t('upgrade.current', 'Your current plan')}
                      </p>
                    )}
                    <Link
                      to="/pricing"
                      className={buttonClass(plan.popular ? 'primary' : 'outline', 'md', 'w-full')}
                    >
                      {current
                        ? t('upgrade.view', 'View {plan}', { plan: plan.name })
                        : t('upgrade.to', 'Upgrade to {plan}', { plan: plan.name })}
                    </Link>
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
