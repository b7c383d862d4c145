import { ApiError, apiUpload } from '@afterglow/ui';
import type { UploadResult } from '../lib/api';

export interface CapturedShot {
  blob: Blob;
  /** object URL of the blob, for the preview */
  url: string;
  /** made at capture time: a retry of this photo is stored once (ADR 004) */
  uploadId: string;
}

/** A stalled request on bad Wi-Fi should not hold the guest forever; a retry is safe (same uploadId). */
const UPLOAD_TIMEOUT_MS = 90_000;

export class UploadTimeout extends Error {
  override name = 'UploadTimeout';
  constructor() {
    super('The upload took too long');
  }
}

/** POST /api/events/{code}/photos as multipart: photo (photo.jpg), deviceId, caption?, uploadId. */
export function uploadShot(
  code: string,
  deviceId: string,
  shot: CapturedShot,
  caption: string,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('photo', shot.blob, 'photo.jpg');
  form.append('deviceId', deviceId);
  const text = caption.trim();
  if (text) form.append('caption', text);
  form.append('uploadId', shot.uploadId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UploadTimeout()), UPLOAD_TIMEOUT_MS);
  });
  return Promise.race([
    apiUpload<UploadResult>(`/api/events/${encodeURIComponent(code)}/photos`, form),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** The server's message (problem+json detail), or 'Could not upload photo' for anything else. */
export function uploadErrorText(err: unknown): string {
  return err instanceof ApiError ? err.detail : 'Could not upload photo';
}

/** Whether trying the same photo again can succeed (network trouble, server hiccups). */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.status === 408 || err.status === 429;
}
