import { EXTRA_PHOTOS_ADDON, PLAN_IDS, PLANS, type PlanId } from '@afterglow/contracts';
import { dollars } from './format';

export interface PlanDetails {
  id: PlanId;
  name: string;
  price: string;
  description: string;
  features: string[];
  limitations: string[];
  popular: boolean;
}

/** Spec section 9, in words for the plan cards. */
const TEXT: Record<PlanId, Omit<PlanDetails, 'id' | 'name' | 'price' | 'popular'>> = {
  free: {
    description: 'Try Afterglow at a small get-together',
    features: ['1 event', '50 photos', '20 guests', '7-day hosting'],
    limitations: ['Watermark on photos', 'No ZIP export'],
  },
  basic: {
    description: 'Everything a birthday or a party needs',
    features: [
      '1 event',
      'Up to 600 photos',
      'Unlimited guests',
      'Live slideshow and reveal modes',
      'ZIP export',
      'No watermark',
      '30-day hosting',
    ],
    limitations: [],
  },
  pro: {
    description: 'For weddings and the big celebrations',
    features: [
      'Up to 2,000 photos',
      'Unlimited guests',
      'No watermark, or your own custom watermark',
      'Printable QR kit',
      'ZIP export',
      'Public gallery',
      'Priority support',
      '90-day hosting',
    ],
    limitations: [],
  },
  max: {
    description: 'For festivals, conferences and large venues',
    features: [
      'Up to 5,000 photos',
      'All Pro features',
      'AI safety filter',
      'Host moderation queue',
      'Priority support',
      '6-month hosting',
    ],
    limitations: [],
  },
};

export const PLAN_DETAILS: Record<PlanId, PlanDetails> = Object.fromEntries(
  PLAN_IDS.map((id) => [
    id,
    { id, name: PLANS[id].name, price: dollars(PLANS[id].priceCents), popular: id === 'pro', ...TEXT[id] },
  ]),
) as Record<PlanId, PlanDetails>;

export const PLAN_LIST: PlanDetails[] = PLAN_IDS.map((id) => PLAN_DETAILS[id]);

export const ADDON = {
  id: EXTRA_PHOTOS_ADDON.id,
  name: 'Extra Photos',
  price: dollars(EXTRA_PHOTOS_ADDON.priceCents),
  summary: `+${EXTRA_PHOTOS_ADDON.photos.toLocaleString('en-US')} photos`,
};

export function isPlanId(v: string | null): v is PlanId {
  return v !== null && (PLAN_IDS as readonly string[]).includes(v);
}
