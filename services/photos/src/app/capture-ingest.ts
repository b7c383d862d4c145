import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLIP_CODES,
  CLIP_CONTAINERS,
  CLIP_LENGTH_GRACE_MS,
  CLIP_MAX_BYTES,
  CLIP_MESSAGES,
  HttpError,
  type CaptureKind,
  type ClipContainer,
} from '@afterglow/contracts';
import { FfmpegError, probeClip } from '@afterglow/service-kit/ffmpeg';
import { StreamedJpeg, cleanJpeg } from './jpeg';

/** A guest's capture as it is to be stored: its bytes and its size in pixels. */
export interface Ingested {
  data: Buffer;
  width: number;
  height: number;
  /** the extension and type it is stored with, when not its kind's own (a clip's container) */
  ext?: string;
  contentType?: string;
  /** a clip's length, measured on the file */
  durationMs?: number;
}

/** A capture's bytes as they came: a photo's upload has cleaned its JPEG already. */
export type Capture = Buffer | StreamedJpeg;

/** What the event allows of a capture: a clip's length. */
export interface IngestRules {
  clipSeconds: number;
}

/**
 * A clip as it is to be stored: exactly the bytes that arrived (the host's export keeps the original),
 * after ffmpeg has read it as a video in a container a camera or recorder writes, no longer than the
 * event's length (measured on its frames, not trusted from the client; ADR 033).
 */
export async function ingestClip(file: Buffer, rules: IngestRules): Promise<Ingested> {
  if (file.length > CLIP_MAX_BYTES) throw new HttpError(413, CLIP_CODES.tooBig, CLIP_MESSAGES.tooBig);
  const path = join(tmpdir(), `afterglow-ingest-${randomUUID()}`);
  await writeFile(path, file);
  try {
    const probe = await probeClip(path).catch((err: unknown) => {
      if (err instanceof FfmpegError) throw new HttpError(422, CLIP_CODES.notVideo, CLIP_MESSAGES.notVideo);
      throw err;
    });
    if (probe.durationMs > rules.clipSeconds * 1000 + CLIP_LENGTH_GRACE_MS)
      throw new HttpError(422, CLIP_CODES.tooLong, CLIP_MESSAGES.tooLong);
    const ext: ClipContainer = probe.container.includes('webm')
      ? 'webm'
      : probe.brand === 'qt'
        ? 'mov'
        : 'mp4';
    const turned = probe.rotation === 90 || probe.rotation === 270;
    return {
      data: file,
      width: turned ? probe.height : probe.width,
      height: turned ? probe.width : probe.height,
      ext,
      contentType: CLIP_CONTAINERS[ext],
      durationMs: probe.durationMs,
    };
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * What the upload does with a capture of each kind before storing it (ADR 030): it refuses what is not
 * of the kind (a problem the guest is shown) and keeps only what the kind needs. A new kind is one more
 * entry; the upload around it (shots, limits, the row, `photo.uploaded`) is the same for every kind.
 */
export const INGEST: Readonly<Record<CaptureKind, (file: Capture, rules: IngestRules) => Promise<Ingested>>> =
  {
    // Stored without comments or trailing bytes: a polyglot's payload never reaches storage. (A photo's
    // upload cleaned it while it arrived.)
    photo: async (file) => (file instanceof StreamedJpeg ? file.cleaned() : cleanJpeg(file)),
    clip: (file, rules) => {
      if (file instanceof StreamedJpeg) throw new HttpError(422, CLIP_CODES.notVideo, CLIP_MESSAGES.notVideo);
      return ingestClip(file, rules);
    },
  };
