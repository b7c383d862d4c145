import { Link } from 'react-router';
import { Check, ImagePlus, X } from 'lucide-react';
import { buttonClass } from '@afterglow/ui';
import { useT } from './text';
import { extraPhotosText, planTexts, usePlanText, type PlanText } from '@afterglow/ui/plans';

function PlanCard({ plan }: { plan: PlanText }) {
  const t = useT();
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? 'border-2 border-[var(--ag-primary)] shadow-md' : 'border-neutral-200'
      }`}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-[var(--ag-primary-strong)] px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          {t('packages.mostPopular', 'Most Popular')}
        </p>
      )}
      <h3 id={headingId} className="text-lg font-semibold text-neutral-900">
        {plan.name}
      </h3>
      <p className="mb-1 mt-2 text-4xl font-extrabold text-neutral-900">{plan.price}</p>
      <p className="mb-5 text-sm text-neutral-700">{plan.description}</p>
      <ul className="grid gap-2 text-sm">
        {plan.lines.map((line) => (
          <li
            key={line.text}
            className={`flex items-start gap-2 ${line.included ? 'text-neutral-800' : 'text-neutral-600'}`}
          >
            {line.included ? (
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
            ) : (
              <X aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" />
            )}
            <span>
              <span className="sr-only">
                {line.included ? t('packages.included', 'Included:') : t('packages.limit', 'Limit:')}{' '}
              </span>
              {line.text}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Packages() {
  const t = useT();
  const tp = usePlanText();
  return (
    <section aria-labelledby="packages-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="packages-title" className="mb-2 text-center text-3xl font-bold text-neutral-900">
        {t('packages.title', 'Compare packages')}
      </h2>
      <p className="mx-auto mb-10 max-w-2xl text-center text-neutral-700">
        {t('packages.intro', 'Start with the free demo, then pick the roll that fits your guest list.')}
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {planTexts(tp).map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Link to="/pricing" className={buttonClass('outline', 'md')}>
          {t('packages.seePlans', 'See plans in detail')}
        </Link>
      </p>
    </section>
  );
}

export function AddOns() {
  const t = useT();
  const addOn = extraPhotosText(usePlanText());
  return (
    <section aria-labelledby="addons-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="addons-title" className="mb-6 text-center text-3xl font-bold text-neutral-900">
        {t('addons.title', 'Add-ons')}
      </h2>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-6 text-center shadow-sm sm:flex-row sm:text-start">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-[var(--ag-accent-soft)] text-neutral-900">
          <ImagePlus aria-hidden className="h-7 w-7" />
        </span>
        <div className="flex-1">
          <h3 className="text-lg font-semibold text-neutral-900">{addOn.name}</h3>
          <p className="text-neutral-700">
            {t(
              'addons.extraPhotos.text',
              '{count, plural, one {Running out of film? Add # more photo to your event.} other {Running out of film? Add # more photos to your event.}}',
              { count: addOn.photos },
            )}
          </p>
        </div>
        <p className="text-center">
          <span className="block text-3xl font-extrabold text-neutral-900">{addOn.price}</span>
          <span className="text-sm text-neutral-700">
            {t('addons.extraPhotos.amount', '{count, plural, one {for +# photo} other {for +# photos}}', {
              count: addOn.photos,
            })}
          </span>
        </p>
      </div>
    </section>
  );
}
