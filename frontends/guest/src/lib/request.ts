/**
 * One upload request and one reading of its answer, for the photo's POST and the clip's tus requests
 * alike (lib/upload.ts, lib/tus.ts): a timeout, the server's words (problem+json) and one rule for what
 * is worth trying again. Needs nothing but the browser: the service worker sends with it too.
 */
import type { CaptureKind } from '@afterglow/contracts';
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
  /** offline, too slow, or the server in trouble (5xx, 408, 429): the same capture may go up later */
  | { kind: 'retry'; status?: number; message: string; code?: string };

/** A request's answer: a success to read, or why not (a failure of the kinds above). */
export type Answer =
  { kind: 'ok'; res: Response; body: () => Promise<string> } | Exclude<Sent, { kind: 'stored' }>;

/** Whether a failed answer may succeed later: the server's trouble, not the capture's. */
export const isTransientStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * The server's message (problem+json `detail`), or the generic one; and the problem's `code`, which
 * the pages translate the message by.
 */
export function problemOf(body: string): { message: string; code?: string } {
  try {
    const p = JSON.parse(body) as { detail?: string; error?: string; code?: unknown };
    const message = p.detail ?? p.error ?? UPLOAD_FAILED;
    return typeof p.code === 'string' ? { message, code: p.code } : { message };
  } catch {
    return { message: UPLOAD_FAILED };
  }
}

/** One request, given up after `timeoutMs` (a stall on bad Wi-Fi is worth trying again later). */
export async function ask(url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'include', signal: abort.signal });
  } catch {
    return { kind: 'retry', message: UPLOAD_FAILED };
  } finally {
    clearTimeout(timer);
  }
  const body = () => res.text().catch(() => '');
  if (res.ok) return { kind: 'ok', res, body };
  const problem = problemOf(await body());
  if (isTransientStatus(res.status)) return { kind: 'retry', status: res.status, ...problem };
  return { kind: 'refused', status: res.status, ...problem };
}
