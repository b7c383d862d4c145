import {
  EXTRA_PHOTOS_ADDON,
  PLAN_COPY,
  PLAN_IDS,
  PLANS,
  type PlanId,
  type PlanLine,
  type PlanLineKey,
} from '@afterglow/contracts';
import { msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { formatMoney } from '@afterglow/ui/format';

export { usePlanText } from './text';

// The plans in the reader's language: the one plan copy of contracts (ADR 024), line by line, for the
// landing page's packages, /pricing, /checkout and the dashboard. Plan names are product names.

const DESCRIPTIONS: Record<PlanId, MessageDescriptor> = {
  free: msg('plans.free.description', 'Try Afterglow at a small get-together'),
  basic: msg('plans.basic.description', 'Everything a birthday or a party needs'),
  pro: msg('plans.pro.description', 'For weddings and the big celebrations'),
  max: msg('plans.max.description', 'For festivals, conferences and large venues'),
};

const LINES: Record<PlanLineKey, MessageDescriptor> = {
  allPro: msg('plans.line.allPro', 'All Pro features'),
  events: msg('plans.line.events', '{count, plural, one {# event} other {# events}}'),
  photos: msg('plans.line.photos', '{count, plural, one {# photo} other {# photos}}'),
  upToPhotos: msg('plans.line.upToPhotos', '{count, plural, one {Up to # photo} other {Up to # photos}}'),
  guests: msg('plans.line.guests', '{count, plural, one {# guest} other {# guests}}'),
  unlimitedGuests: msg('plans.line.unlimitedGuests', 'Unlimited guests'),
  liveSlideshow: msg('plans.line.liveSlideshow', 'Live slideshow and reveal modes'),
  watermark: msg('plans.line.watermark', 'Watermark on photos'),
  noWatermark: msg('plans.line.noWatermark', 'No watermark'),
  zipExport: msg('plans.line.zipExport', 'ZIP export'),
  noZipExport: msg('plans.line.noZipExport', 'No ZIP export'),
  qrKit: msg('plans.line.qrKit', 'Printable QR kit'),
  publicGallery: msg('plans.line.publicGallery', 'Public gallery'),
  aiSafety: msg('plans.line.aiSafety', 'AI safety filter'),
  dayHosting: msg('plans.line.dayHosting', '{count, plural, other {#-day hosting}}'),
  monthHosting: msg('plans.line.monthHosting', '{count, plural, other {#-month hosting}}'),
  prioritySupport: msg('plans.line.prioritySupport', 'Priority support'),
  moderationQueue: msg('plans.line.moderationQueue', 'Host moderation queue'),
  clips: msg(
    'plans.line.clips',
    '{count, plural, one {Video clips up to # second} other {Video clips up to # seconds}}',
  ),
  noClips: msg('plans.line.noClips', 'Photos only, no video clips'),
  guestbook: msg('plans.line.guestbook', 'Written guestbook'),
  voiceGuestbook: msg('plans.line.voiceGuestbook', 'Guestbook with voice messages'),
  findMe: msg('plans.line.findMe', 'Find Me: guests find their photos with a selfie'),
};

/** One line of a plan card in the page's language. */
export const planLineText = (t: Translate, line: PlanLine): string =>
  line.count === undefined ? t(LINES[line.key]) : t(LINES[line.key], { count: line.count });

export interface PlanText {
  id: PlanId;
  name: string;
  /** `$59` in English */
  price: string;
  description: string;
  popular: boolean;
  lines: { text: string; included: boolean }[];
}

/** A plan card in the page's language (`t` from `usePlanText`, so the plans' catalogue is here). */
export function planText(id: PlanId, t: Translate): PlanText {
  const { name, popular, lines } = PLAN_COPY[id];
  return {
    id,
    name,
    popular,
    price: formatMoney(PLANS[id].priceCents, 'USD', t.locale),
    description: t(DESCRIPTIONS[id]),
    lines: lines.map((line) => ({ text: planLineText(t, line), included: line.included })),
  };
}

export const planTexts = (t: Translate): PlanText[] => PLAN_IDS.map((id) => planText(id, t));

/** The Extra Photos add-on in the page's language. */
export const extraPhotosText = (t: Translate) => ({
  id: EXTRA_PHOTOS_ADDON.id,
  name: t('plans.extraPhotos.name', 'Extra Photos'),
  price: formatMoney(EXTRA_PHOTOS_ADDON.priceCents, 'USD', t.locale),
  photos: EXTRA_PHOTOS_ADDON.photos,
  amount: t('plans.extraPhotos.amount', '+{count, number} photos', { count: EXTRA_PHOTOS_ADDON.photos }),
});
