// Clips (ADR 033): short videos on the roll, on Event Basic and above. Zod-free: the guest's camera
// and its service worker read these.

/** How long a clip may be, as a host sets it on the event (`clipSeconds`), and its default. */
export const CLIP_SECONDS_MIN = 3;
export const CLIP_SECONDS_MAX = 10;
export const CLIP_SECONDS_DEFAULT = 10;
/**
 * What a clip may run past its length, measured on the file: a recorder stops a few frames after the
 * button, and a container's last frame ends a frame's time after it starts.
 */
export const CLIP_LENGTH_GRACE_MS = 500;
/** The most a clip's file may weigh: ten seconds of a phone's 4K is about 60 MB. */
export const CLIP_MAX_BYTES = 100 * 1024 * 1024;

export const CLIP_CODES = {
  notAllowed: 'clips_not_allowed',
  tooLong: 'clip_too_long',
  tooBig: 'clip_too_large',
  notVideo: 'not_a_video',
} as const;

/** What the clip upload answers, and the camera shows, when it refuses a clip; no shot is used. */
export const CLIP_MESSAGES = {
  notAllowed: 'This event does not take clips. Your clip was not uploaded.',
  tooLong: 'This clip is longer than the event allows. Your clip was not uploaded.',
  tooBig: 'This clip is too large to upload. Your clip was not uploaded.',
  notVideo: 'This file is not a video clip. Nothing was uploaded.',
} as const;

/** A clip's length or a recording's timer as people read it: 7500 → '0:07' (whole seconds). */
export function clipClock(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A clip's length as a player shows it, rounded to the second (at least 1): 6600 → '0:07'. */
export const clipLength = (ms: number): string => clipClock(Math.max(1, Math.round(ms / 1000)) * 1000);
