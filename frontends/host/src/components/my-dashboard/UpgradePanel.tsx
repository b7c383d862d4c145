import type { PlanId } from '@afterglow/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { PLAN_DETAILS } from '../../lib/plans';
import { PlanCard } from '../pricing/PlanCard';

/** The paid plans, as the Upgrade tab offers them. */
const UPGRADES: PlanId[] = ['basic', 'pro', 'max'];

/** The Upgrade tab: three plan cards, each leading to /pricing. */
export function UpgradePanel({ currentPlan }: { currentPlan: PlanId | undefined }) {
  return (
    <section aria-labelledby="upgrade-heading">
      <h2 id="upgrade-heading" className="mb-1 text-xl font-bold">
        Upgrade your plan
      </h2>
      <p className="mb-8 text-neutral-600">
        More photos, unlimited guests and longer hosting for your next event.
      </p>
      <ul className="grid gap-6 md:grid-cols-3">
        {UPGRADES.map((id) => {
          const plan = PLAN_DETAILS[id];
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
                        Your current plan
                      </p>
                    )}
                    <Link
                      to="/pricing"
                      className={buttonClass(plan.popular ? 'primary' : 'outline', 'md', 'w-full')}
                    >
                      {current ? `View ${plan.name}` : `Upgrade to ${plan.name}`}
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
