import { EXTRA_PHOTOS_ADDON, PLAN_COPY, isPlanId, type PlanId } from '@afterglow/contracts';
import type { Translate } from '@afterglow/ui';
import { extraPhotosText, planText, planTexts, type PlanText } from '@afterglow/ui/plans';

export { isPlanId };
export { usePlanText } from '@afterglow/ui/plans';

/** A plan card of /pricing, /checkout and the dashboard: what it includes, and its limits. */
export interface PlanDetails extends Omit<PlanText, 'lines'> {
  features: string[];
  limitations: string[];
}

function details({ lines, ...plan }: PlanText): PlanDetails {
  return {
    ...plan,
    features: lines.filter((l) => l.included).map((l) => l.text),
    limitations: lines.filter((l) => !l.included).map((l) => l.text),
  };
}

// `t` from usePlanText: the plans' words are the one copy every page shares (@afterglow/ui/plans).

export const planDetails = (id: PlanId, t: Translate): PlanDetails => details(planText(id, t));

export const planList = (t: Translate): PlanDetails[] => planTexts(t).map(details);

/** A plan's name (a product name, the same in every language). */
export const planName = (id: PlanId) => PLAN_COPY[id].name;

/** The Extra Photos add-on (ADR 024). */
export const ADDON = {
  id: EXTRA_PHOTOS_ADDON.id,
  photos: EXTRA_PHOTOS_ADDON.photos,
  name: (t: Translate) => extraPhotosText(t).name,
  price: (t: Translate) => extraPhotosText(t).price,
};
