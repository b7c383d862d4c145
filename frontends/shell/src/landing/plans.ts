import { EXTRA_PHOTOS_ADDON, PLAN_IDS, PLANS, type PlanId, type PlanLimits } from '@afterglow/contracts';

/** One line of a plan card: something the plan includes, or a limit it has. */
export interface PlanLine {
  text: string;
  included: boolean;
}

export interface PlanSummary {
  id: PlanId;
  name: string;
  price: string;
  tagline: string;
  popular: boolean;
  lines: PlanLine[];
}

const TAGLINES: Record<PlanId, string> = {
  free: 'Try it at a small get-together',
  basic: 'Everything a single event needs',
  pro: 'For weddings and big celebrations',
  max: 'For large events that need extra care',
};

/** Features of spec section 9 that the plan table (PLANS) does not hold as limits. */
const EXTRAS: Record<PlanId, { before?: string[]; after?: string[] }> = {
  free: {},
  basic: {},
  pro: { after: ['Printable QR kit', 'Priority support'] },
  max: { before: ['All Pro features'], after: ['Host moderation queue', 'Priority support'] },
};

const count = (n: number) => n.toLocaleString('en-US');
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
    p.watermark
      ? { text: 'Watermark on photos', included: false }
      : { text: p.publicGallery ? 'No watermark, or your own custom one' : 'No watermark', included: true },
  );
  lines.push({ text: p.zipExport ? 'ZIP export' : 'No ZIP export', included: p.zipExport });
  if (p.publicGallery) lines.push({ text: 'Public gallery', included: true });
  if (p.aiSafetyFilter) lines.push({ text: 'AI safety filter', included: true });
  lines.push({ text: hosting(p.hostingDays), included: true });
  return [...lines, ...after.map((text) => ({ text, included: true }))];
}

export const PLAN_SUMMARIES: PlanSummary[] = PLAN_IDS.map((id) => {
  const p = PLANS[id];
  return {
    id,
    name: p.name,
    price: dollars(p.priceCents),
    tagline: TAGLINES[id],
    popular: id === 'pro',
    lines: planLines(p),
  };
});

export const EXTRA_PHOTOS = {
  name: 'Extra Photos',
  price: dollars(EXTRA_PHOTOS_ADDON.priceCents),
  photos: count(EXTRA_PHOTOS_ADDON.photos),
  amount: `+${count(EXTRA_PHOTOS_ADDON.photos)} photos`,
};
