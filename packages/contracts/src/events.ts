import { z } from 'zod';
import './jitless';
import {
  CAPTION_MAX,
  EVENT_MESSAGES,
  COLOR_MOODS,
  EVENT_NAME_MAX,
  FILM_PRESETS,
  SHARE_DESCRIPTION_MAX,
  SHOT_OPTIONS,
} from './catalog';
import type { PlanId } from './catalog';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { REPORT_THRESHOLD_MAX, REPORT_THRESHOLD_MIN } from './report-rules';
import { cleanText } from './text';
import { CLIP_SECONDS_DEFAULT, CLIP_SECONDS_MAX, CLIP_SECONDS_MIN } from './clips';

/** Clock skew and request latency we forgive when checking "in the future". */
export const START_GRACE_MS = 2 * 60_000;

const shots = z.union(
  SHOT_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<12>, z.ZodLiteral<24>, z.ZodLiteral<36>],
  {
    error: 'Shots per device must be 12, 24 or 36',
  },
);
/**
 * A date an event can have: parseable and between the years 2000 and 2999 (JavaScript accepts years up
 * to ±275760, which the database cannot store).
 */
const EARLIEST_EVENT_DATE = Date.UTC(2000, 0, 1);
const LATEST_EVENT_DATE = Date.UTC(3000, 0, 1);
const isEventDate = (v: string) => {
  const t = Date.parse(v);
  return t >= EARLIEST_EVENT_DATE && t < LATEST_EVENT_DATE;
};
export const isoDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isEventDate, 'Enter a valid date and time');
/** The event's language (a tag among LANGUAGES): what its guests read when their phones speak none of ours. */
export const EVENT_LANGUAGE_MESSAGE = `Language must be one of ${LANGUAGES.join(', ')}`;
const eventLanguage = z.enum(LANGUAGES, { error: EVENT_LANGUAGE_MESSAGE });
/** How long a guest's clip may be on the event (ADR 033). */
const clipSeconds = z
  .number({ error: 'clipSeconds must be a number' })
  .int({ error: 'clipSeconds must be a whole number' })
  .min(CLIP_SECONDS_MIN, `A clip is at least ${CLIP_SECONDS_MIN} seconds long`)
  .max(CLIP_SECONDS_MAX, `A clip is at most ${CLIP_SECONDS_MAX} seconds long`);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #rrggbb');

/** POST /api/events body. `userId`/`hostId` may be sent by old clients; the host always comes from the session. */
export const createEventSchema = z
  .object({
    name: z
      .string({ error: EVENT_MESSAGES.nameRequired })
      .overwrite(cleanText)
      .trim()
      .min(1, EVENT_MESSAGES.nameRequired)
      .max(EVENT_NAME_MAX, `Event name can be at most ${EVENT_NAME_MAX} characters`),
    startsAt: isoDate(EVENT_MESSAGES.startDateRequired),
    endsAt: isoDate(EVENT_MESSAGES.endDateRequired),
    maxShotsPerDevice: shots.default(12),
    revealMode: z.enum(['end', 'live'], { error: 'Reveal mode must be end or live' }).default('end'),
    revealAt: z
      .string()
      .trim()
      .refine((v) => v === '' || isEventDate(v), 'Enter a valid reveal date and time')
      .nullish(),
    timezone: z.string().overwrite(cleanText).trim().min(1).max(64).default('UTC'),
    filmMode: z.boolean().default(false),
    filmPreset: z.enum(FILM_PRESETS, { error: 'Unknown film preset' }).default('classic'),
    noRetakes: z.boolean().default(false),
    shotCount: shots.default(24),
    allowCaptions: z.boolean().default(true),
    allowClips: z.boolean({ error: 'allowClips must be true or false' }).default(false),
    clipSeconds: clipSeconds.default(CLIP_SECONDS_DEFAULT),
    findMe: z.boolean({ error: 'findMe must be true or false' }).default(false),
    colorMood: z.enum(COLOR_MOODS, { error: 'Unknown colour mood' }).default('vintage'),
    language: eventLanguage.default(DEFAULT_LANGUAGE),
    primaryColor: hexColor.optional(),
    accentColor: hexColor.optional(),
    backgroundGradient: z.string().overwrite(cleanText).max(200).optional(),
    userId: z.unknown().optional(),
    hostId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const start = Date.parse(v.startsAt);
    const end = Date.parse(v.endsAt);
    if (!Number.isNaN(start) && start < Date.now() - START_GRACE_MS) {
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: EVENT_MESSAGES.startFuture });
    }
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENT_MESSAGES.endAfterStart });
    }
    if (v.revealMode === 'live' && v.revealAt) {
      const reveal = Date.parse(v.revealAt);
      if (!Number.isNaN(reveal) && (reveal < start || reveal > end)) {
        ctx.addIssue({ code: 'custom', path: ['revealAt'], message: EVENT_MESSAGES.revealBetween });
      }
    }
  });
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventBody = z.output<typeof createEventSchema>;

/**
 * The create form (date and time typed separately), shared with the UI. `toCreateEventBody` combines
 * them into the ISO timestamps the API takes, in the browser's time zone.
 */
export const createEventFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, EVENT_MESSAGES.nameRequired)
      .max(EVENT_NAME_MAX, `Event name can be at most ${EVENT_NAME_MAX} characters`),
    startDate: z.string().min(1, EVENT_MESSAGES.startDateRequired),
    startTime: z.string().min(1, EVENT_MESSAGES.startTimeRequired),
    endDate: z.string().min(1, EVENT_MESSAGES.endDateRequired),
    endTime: z.string().min(1, EVENT_MESSAGES.endTimeRequired),
    maxShotsPerDevice: shots,
    revealMode: z.enum(['end', 'live']),
    revealDate: z.string().optional(),
    revealTime: z.string().optional(),
    filmMode: z.boolean(),
    filmPreset: z.enum(FILM_PRESETS),
    noRetakes: z.boolean(),
    shotCount: shots,
    allowCaptions: z.boolean(),
    colorMood: z.enum(COLOR_MOODS),
  })
  .superRefine((v, ctx) => {
    const start = combineDateTime(v.startDate, v.startTime);
    const end = combineDateTime(v.endDate, v.endTime);
    if (start !== null && start.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: EVENT_MESSAGES.startFuture });
    }
    if (start && end && end.getTime() <= start.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: EVENT_MESSAGES.endAfterStart });
    }
    if (v.revealMode === 'live' && v.revealDate && v.revealTime && start && end) {
      const reveal = combineDateTime(v.revealDate, v.revealTime);
      if (reveal && (reveal < start || reveal > end)) {
        ctx.addIssue({ code: 'custom', path: ['revealDate'], message: EVENT_MESSAGES.revealBetween });
      }
    }
  });
export type CreateEventForm = z.infer<typeof createEventFormSchema>;

/** 'YYYY-MM-DD' + 'HH:mm' in local time, or null when either is missing or invalid. */
export function combineDateTime(date?: string, time?: string): Date | null {
  if (!date || !time) return null;
  const d = new Date(`${date}T${time}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function toCreateEventBody(form: CreateEventForm, timezone: string): CreateEventInput {
  const reveal = form.revealMode === 'live' ? combineDateTime(form.revealDate, form.revealTime) : null;
  return {
    name: form.name.trim(),
    startsAt: combineDateTime(form.startDate, form.startTime)!.toISOString(),
    endsAt: combineDateTime(form.endDate, form.endTime)!.toISOString(),
    maxShotsPerDevice: form.maxShotsPerDevice,
    revealMode: form.revealMode,
    revealAt: reveal ? reveal.toISOString() : null,
    timezone,
    filmMode: form.filmMode,
    filmPreset: form.filmPreset,
    noRetakes: form.noRetakes,
    shotCount: form.shotCount,
    allowCaptions: form.allowCaptions,
    colorMood: form.colorMood,
  };
}

/** PATCH /api/events/{id} body: the event's settings a host may change after creating it. */
export const updateEventSchema = z
  .object({
    language: eventLanguage.optional(),
    allowClips: z.boolean({ error: 'allowClips must be true or false' }).optional(),
    clipSeconds: clipSeconds.optional(),
    findMe: z.boolean({ error: 'findMe must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type UpdateEventBody = z.output<typeof updateEventSchema>;

export const liveModeSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export const sharingSchema = z.object({
  isPublic: z.boolean({ error: 'isPublic must be true or false' }),
  shareDescription: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(SHARE_DESCRIPTION_MAX, `Share description can be at most ${SHARE_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** optional: how many distinct guest reports hide a photo until the host decides (ADR 023) */
  reportThreshold: z
    .number({ error: 'reportThreshold must be a number' })
    .int({ error: 'reportThreshold must be a whole number' })
    .min(REPORT_THRESHOLD_MIN, `A photo is hidden after at least ${REPORT_THRESHOLD_MIN} report`)
    .max(REPORT_THRESHOLD_MAX, `A photo is hidden after at most ${REPORT_THRESHOLD_MAX} reports`)
    .optional(),
});

/** The event as the services pass it around (bus replies, facts). Dates are ISO strings. */
export interface EventRecord {
  id: string;
  code: string;
  slug: string;
  name: string;
  hostId: string;
  plan: PlanId;
  createdAt: string;
  startsAt: string;
  endsAt: string;
  revealAt: string | null;
  timezone: string;
  liveMode: boolean;
  maxShotsPerDevice: number;
  shotCount: number;
  filmMode: boolean;
  filmPreset: string;
  noRetakes: boolean;
  allowCaptions: boolean;
  /** whether guests may take clips (ADR 033; the host's plan must include them too), and how long */
  allowClips: boolean;
  clipSeconds: number;
  /**
   * whether guests may find the photos they are in with a selfie (Find Me, ADR 036; the host's plan
   * must include it); off deletes every face record of the event
   */
  findMe: boolean;
  isPublic: boolean;
  shareDescription: string | null;
  colorMood: string;
  primaryColor: string;
  accentColor: string;
  backgroundGradient: string;
  maxPhotos: number;
  maxGuests: number | null;
  /** distinct guest reports that hide a photo until the host decides (ADR 023) */
  reportThreshold: number;
  /** the event's language: guests whose phones speak none of ours, venue screens and share pages read it */
  language: Language;
}

/** Fields anyone with the code may read (the join screen, the camera, the gallery). */
export const PUBLIC_EVENT_FIELDS = [
  'id',
  'code',
  'slug',
  'name',
  'createdAt',
  'startsAt',
  'endsAt',
  'revealAt',
  'timezone',
  'liveMode',
  'maxShotsPerDevice',
  'shotCount',
  'filmMode',
  'filmPreset',
  'noRetakes',
  'allowCaptions',
  'allowClips',
  'clipSeconds',
  'findMe',
  'isPublic',
  'colorMood',
  'primaryColor',
  'accentColor',
  'backgroundGradient',
  'language',
] as const satisfies readonly (keyof EventRecord)[];
export type PublicEvent = Pick<EventRecord, (typeof PUBLIC_EVENT_FIELDS)[number]>;
/** What the host sees: everything, plus the QR code SVG, the join URL and the guest count. */
export interface HostEvent extends EventRecord {
  qrCode: string;
  joinUrl: string;
  deviceCount: number;
  /** the host's plan's hosting days and the latest end they allow (null when billing cannot say just now) */
  hostingDays: number | null;
  maxEndsAt: string | null;
  /** when hosting ends and when the event and its photos are deleted (ADR 026); null when billing cannot say just now */
  hostingEndsAt: string | null;
  deletesAt: string | null;
  /** whether the host's plan includes a public gallery now (null when billing cannot say just now) */
  publicGallery: boolean | null;
  /** whether the host's plan includes Find Me now (null when billing cannot say just now) */
  planFindMe: boolean | null;
}

export { CAPTION_MAX };
