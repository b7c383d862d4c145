import { z } from 'zod';
import './jitless';
import type { PublicGuestbookEntry } from './guestbook-rules';
import type { PhotoDto } from './photos';

/**
 * Venue screens (docs/adr/017-venue-screens.md): every screen showing an event's live display asks the
 * photos service for its next photo, so several screens share one order and show different photos.
 */

/** A screen's own random id (kept in the tab's sessionStorage): 16 to 64 URL-safe characters. */
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** At most this many photos one screen says it has on display (a grid's tiles). */
export const SCREEN_SHOWING_MAX = 24;
/** What the live display says while the host has live mode off (spec section 2). */
export const LIVE_DISPLAY_OFF = 'Live display is not currently active...';

/** POST /api/events/{code}/screens/next */
export const screenNextSchema = z.object({
  screenId: z
    .string({ error: 'screenId is required' })
    .regex(SCREEN_ID_PATTERN, 'screenId must be 16 to 64 letters, digits, - or _'),
  /** the photos the screen has on display now (the one the answer replaces among them) */
  showing: z
    .array(z.uuid({ error: 'showing must list photo ids' }))
    .max(SCREEN_SHOWING_MAX, `showing can list at most ${SCREEN_SHOWING_MAX} photos`)
    .default([]),
});
export type ScreenNextBody = z.input<typeof screenNextSchema>;

/** The answer: the screen's next photo (null when none is approved yet) and where the cycle stands. */
export interface ScreenNext {
  photo: PhotoDto | null;
  /** the event's cycle: each approved photo is handed out once per cycle */
  cycle: number;
  /** photos handed out in this cycle so far, and how many there are to hand out */
  shown: number;
  total: number;
  /** photos of `showing` that may no longer be shown (rejected, deleted): take them off the screen */
  gone: string[];
  /**
   * the guestbook's approved messages that may be shown in front of the room, newest first (at most
   * `GUESTBOOK_SCREEN_MAX`): the screen shows one as a card after every `GUESTBOOK_SCREEN_EVERY`
   * photos, taking them in turn; a message no longer listed is no longer shown
   */
  guestbook: PublicGuestbookEntry[];
}
