import type { Language } from './languages';
/**
 * The public gallery (/public/{slug}) and its share links, as the browser and chat apps receive them.
 * Zod-free: the guest page imports it (ADR 007).
 */
import type { CaptureKind } from './capture-kinds';

/** GET /api/public/events/{slug}: what anyone on the internet may read of a public event. */
export interface PublicGallery {
  slug: string;
  name: string;
  /** the host's share description */
  description: string | null;
  /** for the Join Event link (/join/{code}) */
  code: string;
  revealAt: string | null;
  timezone: string;
  /** the event's language: what the page reads in unless the viewer picked one (ADR 032) */
  language: Language;
  liveMode: boolean;
  /** photos show: live mode is on or the reveal time has passed */
  revealed: boolean;
  /** publicly visible photos, and the guests who took at least one of them (0 before the reveal) */
  photoCount: number;
  participantCount: number;
  colorMood: string;
  primaryColor: string;
  accentColor: string;
  backgroundGradient: string;
}

/** A photo in the public gallery: no event id, status, storage keys or device; the author's tail only. */
export interface PublicPhoto {
  id: string;
  /** what was captured (ADR 030), named for kinds other than a photo: absent, it is a photo */
  kind?: CaptureKind;
  caption: string | null;
  createdAt: string;
  /** short-lived signed URLs */
  thumbUrl: string | null;
  displayUrl: string | null;
  width: number | null;
  height: number | null;
  device: { displayName: string | null; anonId: string };
  deviceDisplayName: string | null;
  /** a clip's MP4, poster and length (ADR 033) */
  videoUrl?: string | null;
  posterUrl?: string | null;
  durationMs?: number | null;
}

/** GET /api/public/events/{slug}/photos (one page, newest first) */
export interface PublicPhotosPage {
  photos: PublicPhoto[];
  revealed: boolean;
  revealAt: string | null;
  nextCursor: string | null;
}

/** The answer for an unknown slug and for an event that is not public: the same, so neither is told apart. */
export const GALLERY_NOT_FOUND = {
  title: 'Gallery Not Found',
  detail: "This gallery doesn't exist or is not public.",
  code: 'gallery_not_found',
} as const;

/** Spec section 2: the default share hashtags, the product's name and 'Photography'. */
export const SHARE_HASHTAGS = ['Afterglow', 'Photography'] as const;

/** Share links (server-rendered, so chat apps unfurl them), and the pages they hand over to. */
export const shareEventPath = (slug: string) => `/share/event/${encodeURIComponent(slug)}`;
export const sharePhotoPath = (photoId: string) => `/share/photo/${encodeURIComponent(photoId)}`;
export const shareImagePath = (photoId: string) => `/share/photo/${encodeURIComponent(photoId)}/image.jpg`;
/** A shared clip's MP4 at a stable address (`og:video`), asked about again on every request. */
export const shareVideoPath = (photoId: string) => `/share/photo/${encodeURIComponent(photoId)}/video.mp4`;
export const publicGalleryPath = (slug: string, photoId?: string) =>
  `/public/${encodeURIComponent(slug)}${photoId ? `?photo=${encodeURIComponent(photoId)}` : ''}`;
