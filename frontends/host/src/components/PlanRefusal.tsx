import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { useT } from '../text';

/** A plan's refusal (`planRefusal`), said where the host acted, with the way to a plan that allows it. */
export function PlanRefusal({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-neutral-900">
      <p className="font-semibold">{message}</p>
      <Link to="/pricing" className={buttonClass('primary', 'md', 'mt-3')}>
        {t('common.upgrade', 'Upgrade')}
      </Link>
    </div>
  );
}
