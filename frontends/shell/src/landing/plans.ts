import { EXTRA_PHOTOS_COPY, PLAN_COPY_LIST, type PlanCopy } from '@afterglow/contracts';

/** The landing page's packages: the one plan copy of the catalogue (ADR 024). */
export type PlanSummary = PlanCopy;
export const PLAN_SUMMARIES: PlanSummary[] = PLAN_COPY_LIST;
export const EXTRA_PHOTOS = EXTRA_PHOTOS_COPY;
