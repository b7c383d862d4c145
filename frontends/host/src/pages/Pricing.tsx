import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, buttonClass, loginHref, useAuth } from '@afterglow/ui';
import { Faq } from '../components/pricing/Faq';
import { PlanCard } from '../components/pricing/PlanCard';
import { ADDON, planList, usePlanText, type PlanDetails } from '../lib/plans';
import { useT } from '../text';

/** Get Started: the free plan creates an event; a paid plan goes to checkout, through login if needed. */
function GetStarted({ plan, signedIn }: { plan: PlanDetails; signedIn: boolean }) {
  const t = useT();
  const cls = buttonClass(plan.popular ? 'primary' : 'outline', 'md', 'w-full');
  const label = (
    <>
      {t('pricing.getStarted', 'Get Started')}
      <span className="sr-only"> {t('pricing.withPlan', 'with {plan}', { plan: plan.name })}</span>
    </>
  );
  if (plan.id === 'free')
    return (
      <Link to="/create-event" className={cls}>
        {label}
      </Link>
    );
  const checkout = `/checkout?plan=${plan.id}`;
  return signedIn ? (
    <Link to={checkout} className={cls}>
      {label}
    </Link>
  ) : (
    <a href={loginHref(checkout)} className={cls}>
      {label}
    </a>
  );
}

/** /pricing */
export function Pricing() {
  const t = useT();
  const tp = usePlanText();
  const { isAuthenticated } = useAuth();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-extrabold sm:text-5xl">
          {t('pricing.title', 'Simple pricing, one event at a time')}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-neutral-600">
          {t('pricing.intro', 'Start free, then pick the roll that fits your guest list. No subscriptions.')}
        </p>
      </header>

      <ul className="grid gap-6 pt-2 sm:grid-cols-2 lg:grid-cols-4">
        {planList(tp).map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} action={<GetStarted plan={plan} signedIn={isAuthenticated} />} />
          </li>
        ))}
      </ul>

      <section aria-labelledby="addons-heading" className="mx-auto max-w-3xl">
        <h2 id="addons-heading" className="mb-4 text-center text-2xl font-bold">
          {t('pricing.addons', 'Add-ons')}
        </h2>
        <Card className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-[var(--ag-accent-soft)] text-neutral-900">
            <ImagePlus aria-hidden className="h-6 w-6" />
          </div>
          <div className="flex-1">
            <h3 className="text-lg font-bold">{ADDON.name(tp)}</h3>
            <p className="text-neutral-600">
              {t(
                'pricing.addonText',
                '+{count, plural, one {# photo} other {# photos}} for any event, when your guests can’t stop shooting.',
                { count: ADDON.photos },
              )}
            </p>
          </div>
          <p className="text-2xl font-extrabold">
            {ADDON.price(tp)}
            <span className="sr-only">
              {' '}
              {t('pricing.addonFor', 'for +{count, plural, one {# photo} other {# photos}}', {
                count: ADDON.photos,
              })}
            </span>
          </p>
        </Card>
      </section>

      <Faq />
    </div>
  );
}
