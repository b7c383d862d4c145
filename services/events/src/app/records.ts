import {
  DEFAULT_LANGUAGE,
  PUBLIC_EVENT_FIELDS,
  isLanguage,
  type EventRecord,
  type PlanId,
  type PublicEvent,
} from '@afterglow/contracts';
import type { EventRow } from '../adapters/schema';

/** An event row as the other services and the pages see it: the whole record, or its public fields. */
export function toRecord(r: EventRow): EventRecord {
  return {
    id: r.id,
    code: r.code,
    slug: r.slug,
    name: r.name,
    hostId: r.hostId,
    plan: r.plan as PlanId,
    createdAt: r.createdAt.toISOString(),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    revealAt: r.revealAt ? r.revealAt.toISOString() : null,
    timezone: r.timezone,
    liveMode: r.liveMode,
    maxShotsPerDevice: r.maxShotsPerDevice,
    shotCount: r.shotCount,
    filmMode: r.filmMode,
    filmPreset: r.filmPreset,
    noRetakes: r.noRetakes,
    allowCaptions: r.allowCaptions,
    allowClips: r.allowClips,
    clipSeconds: r.clipSeconds,
    findMe: r.findMe,
    isPublic: r.isPublic,
    shareDescription: r.shareDescription,
    colorMood: r.colorMood,
    primaryColor: r.primaryColor,
    accentColor: r.accentColor,
    backgroundGradient: r.backgroundGradient,
    maxPhotos: r.maxPhotos,
    maxGuests: r.maxGuests,
    reportThreshold: r.reportThreshold,
    language: isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE,
  };
}

export function toPublic(e: EventRecord): PublicEvent {
  const out: Record<string, unknown> = {};
  for (const k of PUBLIC_EVENT_FIELDS) out[k] = e[k];
  return out as PublicEvent;
}
