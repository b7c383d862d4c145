/**
 * A clip's resumable upload (tus 1.0.0, ADR 033), the guest's side: small, for the page and the
 * service worker alike. POST creates the upload (its address is kept with the queued clip, so a later
 * try — after a reload, from the service worker — resumes it), HEAD asks how much arrived, PATCHes send
 * the rest in chunks. A connection cut mid-chunk loses only that chunk's unsent part.
 */
import { ask, type PhotoUpload, type Sent } from './request';
import { UPLOAD_FAILED } from './upload-failed';

export const TUS_VERSION = '1.0.0';
/** One PATCH's bytes: small enough to finish on bad Wi-Fi, large enough not to waste round trips. */
export const TUS_CHUNK_BYTES = 1024 * 1024;
/** A PATCH that stalls this long is given up (what arrived is kept on the server). */
const CHUNK_TIMEOUT_MS = 60_000;
/** Offsets the server and the client disagree on, resynchronised by HEAD, at most. */
const MAX_RESYNC = 3;

/** A clip on its way: where its upload lives once created, and how far it got. */
export interface ClipHooks {
  /** the upload's address, once created: kept so the next try resumes it */
  onCreated?: (url: string) => void | Promise<void>;
  /** bytes the server has, of `total` */
  onProgress?: (sent: number, total: number) => void;
}

/** base64 of UTF-8 (a caption may hold any character). */
function b64(s: string): string {
  let bin = '';
  for (const byte of new TextEncoder().encode(s)) bin += String.fromCharCode(byte);
  return btoa(bin);
}

/** `Upload-Metadata`: the capture's fields as tus pairs. */
export function tusMetadata(p: PhotoUpload): string {
  const fields: Record<string, string> = { deviceId: p.deviceId, uploadId: p.uploadId, kind: 'clip' };
  const caption = p.caption.trim();
  if (caption) fields.caption = caption;
  if (p.photo.type) fields.filetype = p.photo.type;
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
}

const offsetOf = (res: Response): number | null => {
  const v = res.headers.get('Upload-Offset');
  return v !== null && /^\d+$/.test(v) ? Number(v) : null;
};

/**
 * Sends one clip: resumes the upload at `uploadUrl` if there is one (and it is still there), else
 * creates it; then sends every byte the server lacks. The last PATCH answers the capture (its shots
 * left); a finished upload answers it again, so a retry after a lost answer is stored once.
 */
export async function sendClip(p: PhotoUpload, uploadUrl?: string, hooks: ClipHooks = {}): Promise<Sent> {
  const total = p.photo.size;
  const tus = { 'Tus-Resumable': TUS_VERSION };
  let url = uploadUrl;
  let offset: number | null = null;
  if (url) {
    const head = await ask(url, { method: 'HEAD', headers: tus, cache: 'no-store' }, CHUNK_TIMEOUT_MS);
    if (head.kind === 'ok') offset = offsetOf(head.res);
    // gone (given up after a day, or refused before): start it afresh; anything else waits
    else if (head.kind === 'refused' && (head.status === 404 || head.status === 410)) url = undefined;
    else return head;
  }
  if (!url || offset === null) {
    const created = await ask(
      `/api/events/${encodeURIComponent(p.eventCode)}/uploads`,
      {
        method: 'POST',
        headers: { ...tus, 'Upload-Length': String(total), 'Upload-Metadata': tusMetadata(p) },
      },
      CHUNK_TIMEOUT_MS,
    );
    if (created.kind !== 'ok') return created;
    const location = created.res.headers.get('Location');
    if (!location) return { kind: 'retry', message: UPLOAD_FAILED };
    // on this origin (the server names a path; an absolute address is read for its path)
    url = location.startsWith('/') ? location : new URL(location).pathname;
    offset = offsetOf(created.res) ?? 0;
    await hooks.onCreated?.(url);
  }
  let resyncs = 0;
  // Every byte sent: one more (empty) PATCH asks the server for the capture it became.
  for (;;) {
    hooks.onProgress?.(offset, total);
    const end = Math.min(total, offset + TUS_CHUNK_BYTES);
    const sent = await ask(
      url,
      {
        method: 'PATCH',
        headers: {
          ...tus,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: p.photo.slice(offset, end),
      },
      CHUNK_TIMEOUT_MS,
    );
    if (sent.kind === 'refused' && sent.status === 409 && resyncs++ < MAX_RESYNC) {
      // another try of this clip moved on meanwhile: carry on from where the server is
      const head = await ask(url, { method: 'HEAD', headers: tus, cache: 'no-store' }, CHUNK_TIMEOUT_MS);
      if (head.kind !== 'ok') return head;
      offset = offsetOf(head.res) ?? offset;
      continue;
    }
    if (sent.kind !== 'ok') return sent;
    const shots = sent.res.headers.get('Afterglow-Shots-Remaining');
    if (shots !== null) {
      hooks.onProgress?.(total, total);
      return { kind: 'stored', shotsRemaining: Number(shots) || 0 };
    }
    // the server took nothing (or said nothing we can read): try again later, from where it is
    const now = offsetOf(sent.res);
    if (now === null || now <= offset) return { kind: 'retry', message: UPLOAD_FAILED };
    offset = now;
  }
}
