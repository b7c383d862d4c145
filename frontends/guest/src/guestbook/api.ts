import { apiRequest, apiUpload } from '@afterglow/ui';
import type {
  GuestbookPage,
  GuestbookPostResult,
  OwnGuestbookEntry,
  PublicGuestbookEntry,
} from '@afterglow/contracts';

/** The guestbook as a guest sees it: approved entries once photos show, and their own. */
export type GuestGuestbook = GuestbookPage<PublicGuestbookEntry> & { mine?: OwnGuestbookEntry[] };

export const guestbookKey = (code: string) => ['guest', 'guestbook', code] as const;
export const guestbookPath = (code: string) => `/api/events/${encodeURIComponent(code)}/guestbook`;

/** A written message, or a recording: one entry, sent once whatever is retried (`uploadId`). */
export type Message = { text: string } | { audio: Blob };

/** The recording's file name, by what the browser recorded. */
const audioName = (b: Blob) =>
  b.type.includes('mp4') ? 'voice.m4a' : b.type.includes('ogg') ? 'voice.ogg' : 'voice.webm';

export function postMessage(code: string, deviceId: string, uploadId: string, m: Message) {
  if ('text' in m)
    return apiRequest<GuestbookPostResult>('POST', guestbookPath(code), { deviceId, uploadId, text: m.text });
  const form = new FormData();
  form.append('deviceId', deviceId);
  form.append('uploadId', uploadId);
  form.append('audio', m.audio, audioName(m.audio));
  return apiUpload<GuestbookPostResult>(guestbookPath(code), form);
}

export const deleteMessage = (id: string, deviceId: string) =>
  apiRequest<void>(
    'DELETE',
    `/api/guestbook/${encodeURIComponent(id)}?deviceId=${encodeURIComponent(deviceId)}`,
  );
