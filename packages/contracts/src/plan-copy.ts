import { EXTRA_PHOTOS_ADDON, PLAN_IDS, PLANS, type PlanId, type PlanLimits } from './catalog';

/**
 * The plans in words, for every page that shows them (the landing page's packages, /pricing,
 * /checkout, the dashboard's Upgrade tab): one copy, made from the plan table (`PLANS`), so a card
 * can never promise what billing does not grant (ADR 024). Zod-free: the web apps import it.
 */

/** What a plan card's line says, for the pages that write it in the reader's language. */
export type PlanLineKey =
  | 'allPro'
  | 'events'
  | 'photos'
  | 'upToPhotos'
  | 'guests'
  | 'unlimitedGuests'
  | 'liveSlideshow'
  | 'watermark'
  | 'noWatermark'
  | 'zipExport'
  | 'noZipExport'
  | 'qrKit'
  | 'publicGallery'
  | 'aiSafety'
  | 'dayHosting'
  | 'monthHosting'
  | 'prioritySupport'
  | 'moderationQueue'
  | 'clips'
  | 'noClips'
  | 'guestbook'
  | 'voiceGuestbook'
  | 'findMe';

/** One line of a plan card: something the plan includes, or a limit it has. */
export interface PlanLine {
  /** in English */
  text: string;
  /** what it says, and its number where it has one */
  key: PlanLineKey;
  count?: number;
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
const EXTRA_TEXT = {
  allPro: 'All Pro features',
  moderationQueue: 'Host moderation queue',
  prioritySupport: 'Priority support',
} as const;
type Extra = keyof typeof EXTRA_TEXT;
const EXTRAS: Record<PlanId, { before?: Extra[]; after?: Extra[] }> = {
  free: {},
  basic: {},
  pro: { after: ['prioritySupport'] },
  max: { before: ['allPro'], after: ['moderationQueue', 'prioritySupport'] },
};

const count = (n: number) => n.toLocaleString('en-US');
/** Whole dollars: `$29` */
export const dollars = (cents: number) => `$${count(Math.round(cents / 100))}`;

function hosting(days: number): PlanLine {
  if (days < 180) return { key: 'dayHosting', count: days, text: `${days}-day hosting`, included: true };
  const months = Math.round(days / 30.5);
  return { key: 'monthHosting', count: months, text: `${months}-month hosting`, included: true };
}

const line = (key: PlanLineKey, text: string, included = true, n?: number): PlanLine =>
  n === undefined ? { key, text, included } : { key, text, included, count: n };

/** The key limits of a plan, in the same order on every card so they compare at a glance. */
export function planLines(p: PlanLimits): PlanLine[] {
  const { before = [], after = [] } = EXTRAS[p.id];
  const extra = (key: Extra) => line(key, EXTRA_TEXT[key]);
  const lines: PlanLine[] = before.map(extra);
  if (p.maxEvents !== null) lines.push(line('events', `${count(p.maxEvents)} event`, true, p.maxEvents));
  const photos = p.maxPhotosPerEvent;
  lines.push(
    p.id === 'free'
      ? line('photos', `${count(photos)} photos`, true, photos)
      : line('upToPhotos', `Up to ${count(photos)} photos`, true, photos),
  );
  lines.push(
    p.maxGuestsPerEvent === null
      ? line('unlimitedGuests', 'Unlimited guests')
      : line('guests', `${count(p.maxGuestsPerEvent)} guests`, true, p.maxGuestsPerEvent),
  );
  if (p.liveSlideshow) lines.push(line('liveSlideshow', 'Live slideshow and reveal modes'));
  lines.push(
    p.watermark ? line('watermark', 'Watermark on photos', false) : line('noWatermark', 'No watermark'),
  );
  lines.push(p.zipExport ? line('zipExport', 'ZIP export') : line('noZipExport', 'No ZIP export', false));
  // clips (ADR 033) and the guestbook (ADR 034)
  lines.push(
    p.maxClipSeconds > 0
      ? line('clips', `Video clips up to ${p.maxClipSeconds} seconds`, true, p.maxClipSeconds)
      : line('noClips', 'Photos only, no video clips', false),
  );
  lines.push(
    p.voiceGuestbook
      ? line('voiceGuestbook', 'Guestbook with voice messages')
      : line('guestbook', 'Written guestbook'),
  );
  if (p.printableQrKit) lines.push(line('qrKit', 'Printable QR kit'));
  if (p.publicGallery) lines.push(line('publicGallery', 'Public gallery'));
  if (p.aiSafetyFilter) lines.push(line('aiSafety', 'AI safety filter'));
  if (p.findMe) lines.push(line('findMe', 'Find Me: guests find their photos with a selfie'));
  lines.push(hosting(p.hostingDays));
  return [...lines, ...after.map(extra)];
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
