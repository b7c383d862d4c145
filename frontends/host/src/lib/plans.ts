import { EXTRA_PHOTOS_COPY, PLAN_COPY, PLAN_IDS, isPlanId, type PlanId } from '@afterglow/contracts';

export { isPlanId };

export interface PlanDetails {
  id: PlanId;
  name: string;
  price: string;
  description: string;
  features: string[];
  limitations: string[];
  popular: boolean;
}

/** The plan cards of /pricing, /checkout and the dashboard: the one plan copy (ADR 024). */
export const PLAN_DETAILS: Record<PlanId, PlanDetails> = Object.fromEntries(
  PLAN_IDS.map((id) => {
    const { lines, ...copy } = PLAN_COPY[id];
    return [
      id,
      {
        ...copy,
        features: lines.filter((l) => l.included).map((l) => l.text),
        limitations: lines.filter((l) => !l.included).map((l) => l.text),
      },
    ];
  }),
) as Record<PlanId, PlanDetails>;

export const PLAN_LIST: PlanDetails[] = PLAN_IDS.map((id) => PLAN_DETAILS[id]);

export const ADDON = {
  id: EXTRA_PHOTOS_COPY.id,
  name: EXTRA_PHOTOS_COPY.name,
  price: EXTRA_PHOTOS_COPY.price,
  summary: EXTRA_PHOTOS_COPY.amount,
};
