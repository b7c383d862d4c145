/**
 * The guest's upload, written once: one photo POSTed to /api/events/{code}/photos with one timeout,
 * a clip sent resumably (lib/tus.ts), and one rule for what is worth trying again and when. The
 * camera's Keep sends through it (by way of the offline queue, or directly where the browser has no
 * local database), and so do the queue's retries, in the page and in the service worker (/sw.js); so
 * it needs nothing but the browser.
 *
 * Retries are safe: each photo carries the uploadId made at capture, and the server stores a
 * replayed uploadId once and counts it once (ADR 004).
 */
import { captureKindOf, captureUploadName } from '@afterglow/contracts';
import { ask, type PhotoUpload, type Sent } from './request';
import type { ClipHooks } from './tus';
import { UPLOAD_FAILED } from './upload-failed';

export type { PhotoUpload, Sent };

/** A stalled request on bad Wi-Fi should not hold the photo forever; a retry is safe (same uploadId). */
export const UPLOAD_TIMEOUT_MS = 90_000;

export { RETRY_BACKOFF_MS, retryDelay } from './backoff';

export { UPLOAD_FAILED };

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
  const sent = await ask(
    `/api/events/${encodeURIComponent(p.eventCode)}/photos`,
    { method: 'POST', body: form },
    UPLOAD_TIMEOUT_MS,
  );
  if (sent.kind !== 'ok') return sent;
  let shotsRemaining = 0;
  try {
    shotsRemaining = (JSON.parse(await sent.body()) as { shotsRemaining: number }).shotsRemaining;
  } catch {
    /* stored all the same */
  }
  return { kind: 'stored', shotsRemaining };
}

/**
 * Sends one capture by its kind: a photo in one POST, a clip resumably (lib/tus.ts) from the upload
 * at `uploadUrl` if an earlier try created one.
 */
export async function sendCapture(p: PhotoUpload, uploadUrl?: string, hooks?: ClipHooks): Promise<Sent> {
  if (captureKindOf(p.kind) !== 'clip') return sendPhoto(p);
  // the resumable upload's code only where clips are sent (the service worker's bundle has it inline)
  const tus = await import('./tus').catch(() => null);
  if (!tus) return { kind: 'retry', message: UPLOAD_FAILED };
  return tus.sendClip(p, uploadUrl, hooks);
}
