/**
 * What a guest captures has a kind (ADR 030). Photos, and later clips, are kinds of one capture: one
 * upload path, one visibility rule, one moderation, one export. A kind adds its facts here, its ingest
 * step in the photos service, its pipeline in the media worker and its renderer on the venue screen.
 * Zod-free: the guest's upload (and its service worker) import it (ADR 007).
 */

export const CAPTURE_KINDS = ['photo', 'clip'] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];

/** The kind of a row, message or answer that names none: every capture of before is a photo. */
export const DEFAULT_CAPTURE_KIND: CaptureKind = 'photo';

/** What every layer needs to know of a kind's original, as the guest sends it and as it is stored. */
export interface CaptureKindFacts {
  /** the original's file extension (no dot): its storage key, its upload's file name, its export name */
  ext: string;
  /** the original's content type in storage */
  contentType: string;
}

/** The one table of kinds: a new kind is one more entry. */
export const CAPTURE_KIND_FACTS: Readonly<Record<CaptureKind, CaptureKindFacts>> = {
  photo: { ext: 'jpg', contentType: 'image/jpeg' },
  // a clip's original keeps the container it was recorded in (CLIP_CONTAINERS); MP4 names the kind
  clip: { ext: 'mp4', contentType: 'video/mp4' },
};

/**
 * The containers a clip may arrive in (ADR 033), by the extension its original is stored and exported
 * with: what phones' cameras and browsers' recorders write.
 */
export const CLIP_CONTAINERS = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
} as const;
export type ClipContainer = keyof typeof CLIP_CONTAINERS;

export const isCaptureKind = (v: unknown): v is CaptureKind =>
  (CAPTURE_KINDS as readonly unknown[]).includes(v);

/** A stored or sent kind as a kind: a photo when it names none (or one this code does not know). */
export const captureKindOf = (v: unknown): CaptureKind => (isCaptureKind(v) ? v : DEFAULT_CAPTURE_KIND);

/** `<name>.<ext>`: a file of the kind (the upload's file name, a name in an export). */
export const captureFileName = (name: string, kind: CaptureKind) => `${name}.${CAPTURE_KIND_FACTS[kind].ext}`;

/** The file name the guest's upload gives its capture: `photo.jpg` for a photo. */
export const captureUploadName = (kind: CaptureKind) => captureFileName(kind, kind);

/**
 * Where a capture's original is stored: `events/<eventId>/originals/<captureId>.<ext>`, the kind's
 * extension or the one it arrived with (a clip's container).
 */
export const originalStorageKey = (
  eventId: string,
  captureId: string,
  kind: CaptureKind,
  ext = CAPTURE_KIND_FACTS[kind].ext,
) => `events/${eventId}/originals/${captureId}.${ext}`;
