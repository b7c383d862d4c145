/** Product constants of spec sections 3 and 9, shared by the services and the UI. */
export const SHOT_OPTIONS = [12, 24, 36] as const;
export type ShotOption = (typeof SHOT_OPTIONS)[number];
export const SHOT_LABELS: Record<ShotOption, string> = { 12: 'Half roll', 24: 'Classic', 36: 'Full roll' };

export const FILM_PRESETS = ['classic', 'warm200', 'cool400', 'bw'] as const;
export type FilmPreset = (typeof FILM_PRESETS)[number];
export const FILM_PRESET_INFO: Record<FilmPreset, { name: string; description: string }> = {
  classic: { name: 'Classic Film', description: 'Warm, timeless look with subtle grain' },
  warm200: { name: 'Warm 200', description: 'Golden hour warmth with rich shadows' },
  cool400: { name: 'Cool 400', description: 'Crisp, clean tones with enhanced blues' },
  bw: { name: 'Black & White', description: 'Dramatic monochrome with high contrast' },
};

export const COLOR_MOODS = ['vintage', 'ocean', 'sunset', 'forest', 'lavender', 'monochrome'] as const;
export type ColorMood = (typeof COLOR_MOODS)[number];
export interface MoodTheme {
  name: string;
  description: string;
  primaryColor: string;
  accentColor: string;
  backgroundGradient: string;
}
export const MOODS: Record<ColorMood, MoodTheme> = {
  vintage: {
    name: 'Vintage',
    description: 'Warm pinks and golden film tones',
    primaryColor: '#f472b6',
    accentColor: '#fbbf24',
    backgroundGradient: 'from-vintage-cream via-white to-vintage-yellow/20',
  },
  ocean: {
    name: 'Ocean',
    description: 'Cool blues and sea-glass greens',
    primaryColor: '#0ea5e9',
    accentColor: '#14b8a6',
    backgroundGradient: 'from-sky-50 via-white to-teal-100/40',
  },
  sunset: {
    name: 'Sunset',
    description: 'Glowing oranges fading into rose',
    primaryColor: '#f97316',
    accentColor: '#f43f5e',
    backgroundGradient: 'from-orange-50 via-white to-rose-100/40',
  },
  forest: {
    name: 'Forest',
    description: 'Deep greens and earthy ambers',
    primaryColor: '#16a34a',
    accentColor: '#ca8a04',
    backgroundGradient: 'from-green-50 via-white to-amber-100/40',
  },
  lavender: {
    name: 'Lavender',
    description: 'Soft purples and gentle lilacs',
    primaryColor: '#8b5cf6',
    accentColor: '#ec4899',
    backgroundGradient: 'from-violet-50 via-white to-pink-100/40',
  },
  monochrome: {
    name: 'Monochrome',
    description: 'Timeless black, white and grey',
    primaryColor: '#404040',
    accentColor: '#a3a3a3',
    backgroundGradient: 'from-neutral-100 via-white to-neutral-200/40',
  },
};

export const CAPTION_MAX = 100;
export const SHARE_DESCRIPTION_MAX = 200;
export const DISPLAY_NAME_MAX = 50;
export const EVENT_NAME_MAX = 120;

/** Event codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

/** Upload limits (server-enforced). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 50_000_000;

/** Signed image URLs live this long. */
export const IMAGE_URL_TTL_SECONDS = 15 * 60;

export const PLAN_IDS = ['free', 'basic', 'pro', 'max'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export interface PlanLimits {
  id: PlanId;
  name: string;
  priceCents: number;
  /** events a host may hold on this plan; null = unlimited */
  maxEvents: number | null;
  maxPhotosPerEvent: number;
  /** guest devices per event; null = unlimited */
  maxGuestsPerEvent: number | null;
  hostingDays: number;
  /**
   * what the account's photos may take in storage, in MB (1 MB = 1,048,576 bytes): originals and every
   * rendition, over all its events (ADR 018). The spec names no figure: about 5 MB a photo of the plan.
   */
  storageMb: number;
  watermark: boolean;
  zipExport: boolean;
  publicGallery: boolean;
  /** the print-ready poster and table cards with the event's QR code */
  printableQrKit: boolean;
  liveSlideshow: boolean;
  aiSafetyFilter: boolean;
  /** the longest clip a guest may take (ADR 033); 0: photos only */
  maxClipSeconds: number;
  /** guests may leave voice messages in the guestbook (text messages: every plan) */
  voiceGuestbook: boolean;
  /** guests may find the photos they are in with a selfie (Find Me, ADR 036), where the host turns it on */
  findMe: boolean;
}
/**
 * Spec section 9: the plan catalogue as the pricing pages show it. Billing loads it into its plan
 * table at start; what an account may do is billing's answer (`rpc.billing.entitlements`), never
 * read from here by the other services.
 */
export const PLANS: Record<PlanId, PlanLimits> = {
  free: {
    id: 'free',
    name: 'Free Demo',
    priceCents: 0,
    maxEvents: 1,
    maxPhotosPerEvent: 50,
    maxGuestsPerEvent: 20,
    hostingDays: 7,
    storageMb: 500,
    watermark: true,
    zipExport: false,
    publicGallery: false,
    printableQrKit: false,
    liveSlideshow: true,
    aiSafetyFilter: false,
    maxClipSeconds: 0,
    voiceGuestbook: false,
    findMe: false,
  },
  basic: {
    id: 'basic',
    name: 'Event Basic',
    priceCents: 2900,
    maxEvents: 1,
    maxPhotosPerEvent: 600,
    maxGuestsPerEvent: null,
    hostingDays: 30,
    storageMb: 5120,
    watermark: false,
    zipExport: true,
    publicGallery: false,
    printableQrKit: false,
    liveSlideshow: true,
    aiSafetyFilter: false,
    maxClipSeconds: 10,
    voiceGuestbook: true,
    findMe: false,
  },
  pro: {
    id: 'pro',
    name: 'Event Pro',
    priceCents: 5900,
    maxEvents: 1,
    maxPhotosPerEvent: 2000,
    maxGuestsPerEvent: null,
    hostingDays: 90,
    storageMb: 10240,
    watermark: false,
    zipExport: true,
    publicGallery: true,
    printableQrKit: true,
    liveSlideshow: true,
    aiSafetyFilter: false,
    maxClipSeconds: 10,
    voiceGuestbook: true,
    findMe: true,
  },
  max: {
    id: 'max',
    name: 'Event Max',
    priceCents: 9900,
    maxEvents: 1,
    maxPhotosPerEvent: 5000,
    maxGuestsPerEvent: null,
    hostingDays: 183,
    storageMb: 25600,
    watermark: false,
    zipExport: true,
    publicGallery: true,
    printableQrKit: true,
    liveSlideshow: true,
    aiSafetyFilter: true,
    maxClipSeconds: 10,
    voiceGuestbook: true,
    findMe: true,
  },
};
export const EXTRA_PHOTOS_ADDON = { id: 'extra-photos', priceCents: 1000, photos: 1000 } as const;

/** Validation messages of spec section 5, spelled exactly. */
export const EVENT_MESSAGES = {
  nameRequired: 'Event name is required',
  startDateRequired: 'Start date is required',
  startFuture: 'Start date must be in the future',
  startTimeRequired: 'Start time is required',
  endDateRequired: 'End date is required',
  endTimeRequired: 'End time is required',
  endAfterStart: 'End date must be after start date',
  revealBetween: 'Reveal time must be between start and end dates',
  invalidCode: 'Please enter a valid 6-digit event code',
} as const;

/** What the join form and POST /api/events/{code}/devices answer for a bad device. */
export const DEVICE_MESSAGES = {
  anonId: 'anonId must be a UUID',
  displayNameMax: `Your name can be at most ${DISPLAY_NAME_MAX} characters`,
} as const;
