/**
 * The guest's upload, written once: one photo POSTed to /api/events/{code}/photos with one timeout,
 * and one rule for what is worth trying again and when. The camera's Keep sends through it (by way
 * of the offline queue, or directly where the browser has no local database), and so do the queue's
 * retries, in the page and in the service worker (/sw.js); so it needs nothing but the browser.
 *
 * Retries are safe: each photo carries the uploadId made at capture, and the server stores a
 * replayed uploadId once and counts it once (ADR 004).
 */
import { captureKindOf, captureUploadName, type CaptureKind } from '@afterglow/contracts';
import { UPLOAD_FAILED } from './upload-failed';

/** One photo on its way up: what the camera keeps and what the offline queue holds. */
export interface PhotoUpload {
  /** what was captured (ADR 030); absent (and in entries queued before kinds), a photo */
  kind?: CaptureKind;
  /** the capture as taken (a photo: the JPEG), sent as the `photo` part */
  photo: Blob;
  eventCode: string;
  deviceId: string;
  caption: string;
  /** made at capture time: a retry of this photo is stored once */
  uploadId: string;
}

export type Sent =
  /** the server has it (201, or 200 for a replay) */
  | { kind: 'stored'; shotsRemaining: number }
  /** the server refused it for good (no shots left, event ended…), in its own words and by its code */
  | { kind: 'refused'; status: number; message: string; code?: string }
  /** offline, too slow, or the server in trouble (5xx, 408, 429): the same photo may go up later */
  | { kind: 'retry'; status?: number; message: string; code?: string };

/** A stalled request on bad Wi-Fi should not hold the photo forever; a retry is safe (same uploadId). */
export const UPLOAD_TIMEOUT_MS = 90_000;

/** Waits between tries while a photo waits; back to the first after any progress or when online. */
export const RETRY_BACKOFF_MS = [2000, 5000, 10_000, 20_000, 30_000, 60_000] as const;

/** The wait before try number `attempt` + 1 of a photo that is waiting. */
export const retryDelay = (attempt: number): number =>
  RETRY_BACKOFF_MS[Math.min(attempt, RETRY_BACKOFF_MS.length - 1)]!;

export { UPLOAD_FAILED };

/** Whether a failed answer may succeed later: the server's trouble, not the photo's. */
export const isTransientStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * The server's message (problem+json `detail`), or the generic one; and the problem's `code`, which
 * the pages translate the message by.
 */
function problemOf(body: string): { message: string; code?: string } {
  try {
    const p = JSON.parse(body) as { detail?: string; error?: string; code?: unknown };
    const message = p.detail ?? p.error ?? UPLOAD_FAILED;
    return typeof p.code === 'string' ? { message, code: p.code } : { message };
  } catch {
    return { message: UPLOAD_FAILED };
  }
}

/**
 * Sends one capture as multipart (the `photo` part, named as its kind's file, e.g. a photo's JPEG;
 * deviceId, caption if any, uploadId) and reads the answer.
 */
export async function sendPhoto(p: PhotoUpload): Promise<Sent> {
  const form = new FormData();
  form.append('photo', p.photo, captureUploadName(captureKindOf(p.kind)));
  form.append('deviceId', p.deviceId);
  const caption = p.caption.trim();
  if (caption) form.append('caption', caption);
  form.append('uploadId', p.uploadId);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), UPLOAD_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`/api/events/${encodeURIComponent(p.eventCode)}/photos`, {
      method: 'POST',
      credentials: 'include',
      body: form,
      signal: abort.signal,
    });
  } catch {
    return { kind: 'retry', message: UPLOAD_FAILED };
  } finally {
    clearTimeout(timer);
  }
  const body = await res.text().catch(() => '');
  if (res.ok) {
    let shotsRemaining = 0;
    try {
      shotsRemaining = (JSON.parse(body) as { shotsRemaining: number }).shotsRemaining;
    } catch {
      /* stored all the same */
    }
    return { kind: 'stored', shotsRemaining };
  }
  const problem = problemOf(body);
  if (isTransientStatus(res.status)) return { kind: 'retry', status: res.status, ...problem };
  return { kind: 'refused', status: res.status, ...problem };
}
