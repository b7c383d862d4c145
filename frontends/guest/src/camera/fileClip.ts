import { CLIP_LENGTH_GRACE_MS, CLIP_MAX_BYTES } from '@afterglow/contracts';
import type { Translate } from '@afterglow/ui';
import { clipRefusal } from '../lib/upload-errors';
import { CaptureError } from './capture';

/** Containers phones and browsers record video in, by name, for files that come without a type. */
const VIDEO_NAME = /\.(mp4|m4v|mov|qt|webm|mkv|3gp)$/i;
/** Reading a file's length gives up after this: the server measures it anyway. */
const PROBE_MS = 5000;

/** The clip's length in ms as the browser reads it, or null when it cannot tell (the server will). */
function lengthOf(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const v = document.createElement('video');
    const done = (ms: number | null) => {
      clearTimeout(timer);
      v.removeAttribute('src');
      v.load();
      URL.revokeObjectURL(url);
      resolve(ms);
    };
    const timer = setTimeout(() => done(null), PROBE_MS);
    v.preload = 'metadata';
    v.muted = true;
    v.onloadedmetadata = () => done(Number.isFinite(v.duration) ? v.duration * 1000 : null);
    v.onerror = () => done(null);
    v.src = url;
  });
}

/**
 * A clip from the phone's own camera app (plain http, no in-app recorder): sent as it is, once it is
 * a video, small enough, and (where the browser can tell) no longer than the event's clip length, so a
 * guest on bad Wi-Fi does not send a minute of video only to have it refused. The server checks all
 * of it again on the file itself.
 */
export async function fileClip(t: Translate, file: File, clipSeconds: number): Promise<Blob> {
  if (!file.type.startsWith('video/') && !VIDEO_NAME.test(file.name))
    throw new CaptureError('not a video', clipRefusal(t, 'notVideo'));
  if (file.size > CLIP_MAX_BYTES) throw new CaptureError('too large', clipRefusal(t, 'tooBig'));
  const ms = await lengthOf(file);
  if (ms !== null && ms > clipSeconds * 1000 + CLIP_LENGTH_GRACE_MS)
    throw new CaptureError('too long', clipRefusal(t, 'tooLong'));
  return file;
}
