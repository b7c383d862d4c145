import { EXTRA_PHOTOS_ADDON, PLAN_IDS, PLANS, type PlanId, type PlanLimits } from './catalog';

/**
 * The plans in words, for every page that shows them (the landing page's packages, /pricing,
 * /checkout, the dashboard's Upgrade tab): one copy, made from the plan table (`PLANS`), so a card
 * can never promise what billing does not grant (ADR 024). Zod-free: the web apps import it.
 */

/** One line of a plan card: something the plan includes, or a limit it has. */
export interface PlanLine {
  text: string;
  included: boolean;
}

export interface PlanCopy {
  id: PlanId;
  name: string;
  /** `$59` */
  price: string;
  description: string;
  /** the Most Popular plan */
  popular: boolean;
  lines: PlanLine[];
}

const DESCRIPTIONS: Record<PlanId, string> = {
  free: 'Try Afterglow at a small get-together',
  basic: 'Everything a birthday or a party needs',
  pro: 'For weddings and the big celebrations',
  max: 'For festivals, conferences and large venues',
};

/** What the plan table does not hold as a limit (spec section 9, as ADR 024 settles it). */
const EXTRAS: Record<PlanId, { before?: string[]; after?: string[] }> = {
  free: {},
  basic: {},
  pro: { after: ['Priority support'] },
  max: { before: ['All Pro features'], after: ['Host moderation queue', 'Priority support'] },
};

const count = (n: number) => n.toLocaleString('en-US');
/** Whole dollars: `$29` */
export const dollars = (cents: number) => `$${count(Math.round(cents / 100))}`;

function hosting(days: number): string {
  return days >= 180 ? `${Math.round(days / 30.5)}-month hosting` : `${days}-day hosting`;
}

/** The key limits of a plan, in the same order on every card so they compare at a glance. */
export function planLines(p: PlanLimits): PlanLine[] {
  const { before = [], after = [] } = EXTRAS[p.id];
  const lines: PlanLine[] = before.map((text) => ({ text, included: true }));
  if (p.maxEvents !== null) lines.push({ text: `${count(p.maxEvents)} event`, included: true });
  lines.push({
    text:
      p.id === 'free' ? `${count(p.maxPhotosPerEvent)} photos` : `Up to ${count(p.maxPhotosPerEvent)} photos`,
    included: true,
  });
  lines.push({
    text: p.maxGuestsPerEvent === null ? 'Unlimited guests' : `${count(p.maxGuestsPerEvent)} guests`,
    included: true,
  });
  if (p.liveSlideshow) lines.push({ text: 'Live slideshow and reveal modes', included: true });
  lines.push(
    p.watermark ? { text: 'Watermark on photos', included: false } : { text: 'No watermark', included: true },
  );
  lines.push({ text: p.zipExport ? 'ZIP export' : 'No ZIP export', included: p.zipExport });
  if (p.printableQrKit) lines.push({ text: 'Printable QR kit', included: true });
  if (p.publicGallery) lines.push({ text: 'Public gallery', included: true });
  if (p.aiSafetyFilter) lines.push({ text: 'AI safety filter', included: true });
  lines.push({ text: hosting(p.hostingDays), included: true });
  return [...lines, ...after.map((text) => ({ text, included: true }))];
}

export const PLAN_COPY: Record<PlanId, PlanCopy> = Object.fromEntries(
  PLAN_IDS.map((id) => [
    id,
    {
      id,
      name: PLANS[id].name,
      price: dollars(PLANS[id].priceCents),
      description: DESCRIPTIONS[id],
      popular: id === 'pro',
      lines: planLines(PLANS[id]),
    },
  ]),
) as Record<PlanId, PlanCopy>;

export const PLAN_COPY_LIST: PlanCopy[] = PLAN_IDS.map((id) => PLAN_COPY[id]);

/** The Extra Photos add-on in words. */
export const EXTRA_PHOTOS_COPY = {
  id: EXTRA_PHOTOS_ADDON.id,
  name: 'Extra Photos',
  price: dollars(EXTRA_PHOTOS_ADDON.priceCents),
  photos: count(EXTRA_PHOTOS_ADDON.photos),
  amount: `+${count(EXTRA_PHOTOS_ADDON.photos)} photos`,
};

export function isPlanId(v: string | null | undefined): v is PlanId {
  return typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);
}
