// No zod here: the guest's gallery, the 'Film Roll Complete!' card, the host's Guestbook tab and the
// venue screen read these. The schemas are in guestbook.ts.

/**
 * The guestbook (issue 23): a guest leaves the hosts a message, written (at most
 * `GUESTBOOK_TEXT_MAX` characters) or, on plans with voice messages, recorded in the browser (at most
 * `GUESTBOOK_AUDIO_SECONDS_MAX` seconds). It uses no shot. Entries are moderated like photos and
 * follow the photos' visibility rule (convention 14): the host sees every entry; guests and screens
 * see the approved ones once photos show at all (the reveal, or live mode).
 */

export const GUESTBOOK_TEXT_MAX = 500;
/** The longest voice message, measured on the file (not trusted from the recorder). */
export const GUESTBOOK_AUDIO_SECONDS_MAX = 60;
/** What a recording may run past the limit: a recorder stops a moment after the button. */
export const GUESTBOOK_AUDIO_GRACE_MS = 500;
/** The most a voice message's file may weigh: a minute of Opus or AAC is well under 1 MB. */
export const GUESTBOOK_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
/** Messages one guest (device) may leave for one event: the host's queue cannot be flooded. */
export const GUESTBOOK_ENTRIES_PER_DEVICE = 20;
/** Approved messages a venue screen is given with each photo, newest first. */
export const GUESTBOOK_SCREEN_MAX = 20;
/** A venue screen shows a guestbook card after this many photos. */
export const GUESTBOOK_SCREEN_EVERY = 4;

export const GUESTBOOK_KINDS = ['text', 'voice'] as const;
export type GuestbookKind = (typeof GUESTBOOK_KINDS)[number];

/** As a photo's: pending until the host approves or rejects it. */
export const GUESTBOOK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type GuestbookStatus = (typeof GUESTBOOK_STATUSES)[number];

/**
 * The containers a browser records audio in, as stored (the original, as it arrived) and served:
 * WebM (Opus: Chromium, Firefox), Ogg (Opus: Firefox), MP4 (AAC: Safari, phones' recorders).
 */
export const GUESTBOOK_AUDIO_FORMATS = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
} as const;
export type GuestbookAudioFormat = keyof typeof GUESTBOOK_AUDIO_FORMATS;

/**
 * Where a voice message is stored: `events/<eventId>/guestbook/<entryId>.<ext>`, under the event's
 * prefix, so deleting the event (by its host, an admin or retention) removes it with the photos.
 */
export const guestbookAudioKey = (eventId: string, entryId: string, ext: GuestbookAudioFormat) =>
  `events/${eventId}/guestbook/${entryId}.${ext}`;

export const GUESTBOOK_CODES = {
  voiceNotAllowed: 'guestbook_voice_not_allowed',
  audioRequired: 'guestbook_audio_required',
  audioTooLong: 'guestbook_audio_too_long',
  audioTooBig: 'guestbook_audio_too_large',
  notAudio: 'not_audio',
  limit: 'guestbook_limit_reached',
  notFound: 'guestbook_entry_not_found',
  revealed: 'already_revealed',
  planUnavailable: 'plan_unavailable',
  storageUnavailable: 'storage_unavailable',
} as const;

/** What the guestbook's routes answer, and the pages show, when they refuse. */
export const GUESTBOOK_MESSAGES = {
  deviceRequired: 'A message must carry a device id',
  textRequired: 'Write a message, or record a voice message',
  textMax: `A message can be at most ${GUESTBOOK_TEXT_MAX} characters`,
  audioRequired: 'Attach the voice message as the `audio` part',
  voiceNotAllowed: 'This event does not take voice messages. Write your message instead.',
  audioTooLong: `This voice message is longer than ${GUESTBOOK_AUDIO_SECONDS_MAX} seconds. Your message was not sent.`,
  audioTooBig: 'This voice message is too large to send. Your message was not sent.',
  notAudio: 'This file is not a voice recording. Nothing was sent.',
  limit: 'You have left as many messages as one guest can. Thank you!',
  notFound: 'Message not found',
  deleteAfterReveal: 'Messages can no longer be deleted after the reveal',
  reportReason: 'Choose why you are reporting this message',
  planUnavailable: 'Voice messages cannot be sent just now. Please try again in a moment.',
  storageUnavailable: 'Storage is busy right now. Your message was not sent; please try again in a moment.',
} as const;

/** `POST /api/events/{code}/guestbook`: the entry, and whether the host has yet to approve it. */
export interface GuestbookPostResult {
  id: string;
  status: GuestbookStatus;
  /** a retried post (the same `uploadId`) was answered as the first was */
  replayed?: boolean;
}

/** An entry as the event's host (and admins) see it: `GET /api/events/{id}/guestbook`. */
export interface GuestbookEntryDto {
  id: string;
  eventId: string;
  kind: GuestbookKind;
  /** the message (a text entry), else null */
  text: string | null;
  /** the recording as it arrived (a voice entry): a short-lived signed URL, else null */
  audioUrl: string | null;
  /** how long the recording plays (measured), else null */
  durationMs: number | null;
  /** the name the guest joined with, or null */
  deviceName: string | null;
  /** how guests are named to others: their name, or 'Guest' and the last 4 of their anonymous id */
  author: string;
  status: GuestbookStatus;
  createdAt: string;
  /** distinct guest devices that reported it since the host last decided */
  reportCount: number;
  /** hidden from guests and screens by reports, until the host approves or rejects it */
  held: boolean;
}

/** An approved entry as guests and venue screens see it: no status, no ids of devices. */
export type PublicGuestbookEntry = Pick<
  GuestbookEntryDto,
  'id' | 'kind' | 'text' | 'audioUrl' | 'durationMs' | 'deviceName' | 'author' | 'createdAt'
>;

/** One of the guest's own entries (theirs to delete before the reveal): with its status. */
export type OwnGuestbookEntry = PublicGuestbookEntry & { status: GuestbookStatus };

/**
 * `GET /api/events/{code}/guestbook`. The host (or an admin) gets every entry (`GuestbookEntryDto`);
 * anyone else the approved ones once photos show (`PublicGuestbookEntry`), and, when the browser holds
 * a device of the event, `mine`: that device's own entries with their status.
 */
export interface GuestbookPage<E = PublicGuestbookEntry | GuestbookEntryDto> {
  entries: E[];
  revealed: boolean;
  revealAt: string | null;
  liveMode: boolean;
  /** the event's plan takes voice messages: a guest's composer offers its recorder */
  voiceMessages: boolean;
  nextCursor: string | null;
  mine?: OwnGuestbookEntry[];
}

/** The export's guestbook: `guestbook.csv` at the root of part 1, voice messages in `guestbook/`. */
export const GUESTBOOK_CSV_NAME = 'guestbook.csv';
export const GUESTBOOK_EXPORT_FOLDER = 'guestbook';
export const GUESTBOOK_CSV_COLUMNS = [
  'id',
  'created_at_utc',
  'created_at_local',
  'time_zone',
  'author',
  'kind',
  'text',
  'audio_file',
  'status',
] as const;
