import { z } from 'zod';
import './jitless';
import { CAPTURE_KINDS, type CaptureKind } from './capture-kinds';
import { CAPTION_MAX, DEVICE_MESSAGES, DISPLAY_NAME_MAX } from './catalog';
import { REPORT_REASON_KEYS } from './report-rules';
import { cleanText } from './text';

export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/** A capture's kind (ADR 030) where a message or an answer names it; absent, it is a photo. */
export const captureKindSchema = z.enum(CAPTURE_KINDS, {
  error: `kind must be one of ${CAPTURE_KINDS.join(', ')}`,
});

/**
 * A guest's device is proven by an httpOnly cookie named this prefix and the device id, holding an HMAC
 * of the id (the photos service's guests module, ADR 029). The gateway's per-device rate limit keys on
 * the cookie's name; only the guests module checks its value.
 */
export const DEVICE_COOKIE_PREFIX = 'agd_';

/** POST /api/events/{code}/devices */
export const createDeviceSchema = z.object({
  anonId: z.uuid({ error: DEVICE_MESSAGES.anonId }),
  displayName: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(DISPLAY_NAME_MAX, DEVICE_MESSAGES.displayNameMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** The text parts of the multipart upload (the file part is `photo`). */
export const uploadFieldsSchema = z.object({
  deviceId: z.uuid({ error: 'Upload must carry a device id' }),
  caption: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(CAPTION_MAX, `Caption can be at most ${CAPTION_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
  /** client-made id (UUID) making a replay from the offline queue safe */
  uploadId: z.uuid({ error: 'uploadId must be a UUID' }).optional(),
});

/**
 * A clip's resumable upload (tus 1.0.0, ADR 033): its `Upload-Metadata`, decoded. `uploadId` is the
 * client's id of the capture (a clip retried, from the offline queue or another tab, is one capture);
 * `filetype` is what the recorder said it wrote (informative: the file itself is read).
 */
export const clipUploadMetadataSchema = uploadFieldsSchema.extend({
  uploadId: z.uuid({ error: 'uploadId must be a UUID' }),
  kind: z.literal('clip', { error: 'kind must be clip' }),
  filetype: z
    .string()
    .max(100, 'filetype can be at most 100 characters')
    .regex(/^[\w.+-]+\/[\w.+-]+(;[\w =.,"+-]*)?$/, 'filetype must be a media type')
    .optional(),
});
export type ClipUploadMetadata = z.output<typeof clipUploadMetadataSchema>;

/** PATCH /api/photos/{id}: `hostId` is accepted for old clients and ignored. */
export const patchPhotoSchema = z.object({
  status: z.enum(PHOTO_STATUSES, { error: 'status must be pending, approved or rejected' }),
  hostId: z.unknown().optional(),
});
export const flagPhotoSchema = z.object({
  reason: z.string().overwrite(cleanText).trim().min(1).max(200).default('inappropriate'),
});

/** POST /api/photos/{id}/report: a guest's report, from a device of the photo's event (its cookie). */
export const reportPhotoSchema = z.object({
  deviceId: z.uuid({ error: 'A report must carry a device id' }),
  reason: z.enum(REPORT_REASON_KEYS, { error: 'Choose why you are reporting this photo' }),
});
export interface ReportResult {
  /** this device's report is on record (reporting twice counts once) */
  reported: true;
}

export interface PhotoDto {
  id: string;
  eventId: string;
  /** what was captured (ADR 030): a screen renders it by its kind */
  kind: CaptureKind;
  caption: string | null;
  status: PhotoStatus;
  createdAt: string;
  /** short-lived signed URLs; null until the renditions exist */
  thumbUrl: string | null;
  displayUrl: string | null;
  storageKeyThumb: string | null;
  storageKeyDisplay: string | null;
  processed: boolean;
  width: number | null;
  height: number | null;
  device: { displayName: string | null; anonId: string };
  deviceDisplayName: string | null;
  /**
   * a clip (ADR 033): its MP4 (a short-lived signed URL, null until developed), its poster (the
   * display rendition) and how long it plays
   */
  videoUrl?: string | null;
  posterUrl?: string | null;
  durationMs?: number | null;
  /** host only */
  flagCount?: number;
  /** host only: distinct guest devices that reported it */
  reportCount?: number;
  /** host only: hidden from guests and screens by reports, until the host approves or rejects it */
  held?: boolean;
  /** host only: why it was flagged (the host's reason, or 'AI safety filter': ADR 027) */
  flagReason?: string | null;
  /** host only: the AI safety filter's score, 0..1 (null when the plan has no filter or it could not score) */
  safetyScore?: number | null;
  /** host only: the untouched original */
  originalUrl?: string;
}

export interface DeviceDto {
  id: string;
  eventId: string;
  anonId: string;
  displayName: string | null;
  shotsTaken: number;
  shotsRemaining: number;
  createdAt: string;
}

export interface EventStats {
  activeGuests: number;
  photoStats: { total: number; approved: number; pending: number; rejected: number; flagged: number };
}

/** GET /api/devices/{deviceId}/photos */
export interface DevicePhotos {
  photos: PhotoDto[];
  shotsTaken: number;
  shotsRemaining: number;
  maxShots: number;
}

/** GET /api/events/{code}/photos (one page) */
export interface EventPhotosPage {
  photos: PhotoDto[];
  revealed: boolean;
  revealAt: string | null;
  liveMode: boolean;
  nextCursor: string | null;
}

/** POST /api/events/{code}/photos */
export interface UploadResult {
  photoId: string;
  shotsRemaining: number;
  replayed?: boolean;
}
