import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GUESTBOOK_AUDIO_FORMATS,
  GUESTBOOK_AUDIO_GRACE_MS,
  GUESTBOOK_AUDIO_MAX_BYTES,
  GUESTBOOK_AUDIO_SECONDS_MAX,
  GUESTBOOK_CODES,
  GUESTBOOK_MESSAGES,
  HttpError,
  type GuestbookAudioFormat,
} from '@afterglow/contracts';
import { FfmpegError, probeAudio } from '@afterglow/service-kit/ffmpeg';

/** A voice message as it is to be stored: the bytes that arrived, its container and its length. */
export interface Recording {
  data: Buffer;
  ext: GuestbookAudioFormat;
  contentType: string;
  durationMs: number;
}

export const audioTooBig = () =>
  new HttpError(413, GUESTBOOK_CODES.audioTooBig, GUESTBOOK_MESSAGES.audioTooBig);

/**
 * A guest's recording, read by ffmpeg before anything is stored: audio (and nothing moving) in a
 * container browsers and phones record in, no longer than `GUESTBOOK_AUDIO_SECONDS_MAX` measured on its
 * packets (a recorder's WebM names no duration, and a client's claim is no measurement). Kept exactly
 * as it arrived: every browser plays what another recorded (Opus in WebM or Ogg, AAC in MP4).
 */
export async function ingestRecording(file: Buffer): Promise<Recording> {
  if (file.length > GUESTBOOK_AUDIO_MAX_BYTES) throw audioTooBig();
  const path = join(tmpdir(), `afterglow-voice-${randomUUID()}`);
  await writeFile(path, file);
  try {
    const probe = await probeAudio(path).catch((err: unknown) => {
      if (err instanceof FfmpegError)
        throw new HttpError(422, GUESTBOOK_CODES.notAudio, GUESTBOOK_MESSAGES.notAudio);
      throw err;
    });
    if (probe.durationMs > GUESTBOOK_AUDIO_SECONDS_MAX * 1000 + GUESTBOOK_AUDIO_GRACE_MS)
      throw new HttpError(422, GUESTBOOK_CODES.audioTooLong, GUESTBOOK_MESSAGES.audioTooLong);
    const ext: GuestbookAudioFormat = probe.container.includes('ogg')
      ? 'ogg'
      : probe.container.includes('matroska') || probe.container.includes('webm')
        ? 'webm'
        : 'm4a';
    return { data: file, ext, contentType: GUESTBOOK_AUDIO_FORMATS[ext], durationMs: probe.durationMs };
  } finally {
    await rm(path, { force: true });
  }
}
