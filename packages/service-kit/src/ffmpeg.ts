import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

// ffmpeg for clips (docs/adr/033-clips.md), for the photos service's checks and the media worker's
// developing: the static build that `npm install` brings in a registry package
// (`@ffmpeg-installer/ffmpeg`, ffmpeg 4.1 with libx264 and aac; nothing is downloaded), or the one
// `FFMPEG_PATH` names.

let found: string | null = null;
let configured: string | null = null;

/** The configuration's `FFMPEG_PATH` (the services set it as they start); unset: the package's. */
export function useFfmpeg(path: string | undefined): void {
  configured = path || null;
}

/** The ffmpeg this process runs: `FFMPEG_PATH`, else the registry package's binary. */
export function ffmpegPath(): string {
  if (configured) return configured;
  if (!found) {
    try {
      found = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    } catch (err) {
      // the package throws a string on a platform it has no build for
      throw new Error(`no ffmpeg: set FFMPEG_PATH (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  return found;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** The nice value of background work: the lowest, given the CPU only when nothing else wants it. */
export const BACKGROUND_PRIORITY = 19;

/**
 * Runs ffmpeg with `args` (no shell), quietly and without reading stdin; answers its stderr (where
 * ffmpeg reports what it read and did). Refuses with the last lines of stderr when it fails, and stops
 * it after `timeoutMs`.
 */
export function runFfmpeg(
  args: string[],
  timeoutMs = 120_000,
  /**
   * `background`: at the lowest CPU priority, so the rest of the machine (photos) goes first;
   * `onSpawn`: told of the process (to pause it while more urgent work runs)
   */
  opts: { background?: boolean; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (opts.background && child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // not allowed here (some sandboxes): it runs at the normal priority
      }
    }
    opts.onSpawn?.(child);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr += d;
      if (stderr.length > 1_000_000) stderr = stderr.slice(-200_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else {
        const tail = stderr.trim().split('\n').slice(-4).join(' | ');
        reject(
          new FfmpegError(`ffmpeg ${signal ? `stopped (${signal})` : `failed (${code})`}: ${tail}`, stderr),
        );
      }
    });
  });
}

/** What a clip's file holds, as ffmpeg reads it. */
export interface ClipProbe {
  /** the time of its last video frame's end, measured by reading every packet (a recorder's WebM names none) */
  durationMs: number;
  width: number;
  height: number;
  /** the rotation a phone recorded (0, 90, 180, 270): ffmpeg applies it when it decodes */
  rotation: number;
  hasAudio: boolean;
  videoCodec: string;
  /** the demuxer's names for the container (`mov,mp4,m4a,…` or `matroska,webm`) */
  container: string[];
  /** an MP4 family file's major brand (`isom`, `mp42`, `qt` for QuickTime), if any */
  brand: string | null;
}

/** The containers a phone's camera or a browser's recorder writes: MP4/QuickTime and WebM/Matroska. */
const VIDEO_CONTAINERS = new Set(['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm']);

const TIME = /time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g;

/** The demuxer's names for the container ffmpeg read (`mov,mp4,m4a,…`, `matroska,webm`, `ogg`). */
const containerOf = (stderr: string) => /Input #0, ([\w,]+), from/.exec(stderr)?.[1]?.split(',') ?? [];

/** The end of the last packet copied, from the last `time=` ffmpeg reports (0 when it reports none). */
function lastTimeMs(stderr: string): number {
  const times = [...stderr.matchAll(TIME)];
  const last = times[times.length - 1];
  return last ? Math.round((Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])) * 1000) : 0;
}

/**
 * Reads a clip file: refuses a file without a video stream (not a video, or not one ffmpeg reads).
 * The duration is measured, not trusted from the container: every video packet is read (copied to
 * nowhere, not decoded), and the last `time=` ffmpeg reports is the end of the last one.
 */
export async function probeClip(file: string): Promise<ClipProbe> {
  let stderr: string;
  try {
    stderr = await runFfmpeg(['-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'], 60_000);
  } catch (err) {
    if (err instanceof FfmpegError) throw new FfmpegError('not a video ffmpeg can read', err.stderr);
    throw err;
  }
  const container = containerOf(stderr);
  const video = /Stream #0:\d+(?:\[\w+\])?(?:\(\w+\))?: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(
    stderr,
  );
  // a picture is a stream of one frame to ffmpeg: only the containers phones and browsers record in
  if (!video || !container.some((c) => VIDEO_CONTAINERS.has(c)))
    throw new FfmpegError('not a video ffmpeg can read', stderr);
  const durationMs = lastTimeMs(stderr);
  const rotate = /rotate\s*:\s*(-?\d+)/.exec(stderr);
  return {
    durationMs,
    width: Number(video[2]),
    height: Number(video[3]),
    rotation: rotate ? ((Number(rotate[1]) % 360) + 360) % 360 : 0,
    hasAudio: /Stream #0:\d+(?:\[\w+\])?(?:\(\w+\))?: Audio: /.test(stderr),
    videoCodec: video[1]!,
    container,
    brand: /major_brand\s*:\s*(\S+)/.exec(stderr)?.[1] ?? null,
  };
}

/** What a voice recording's file holds, as ffmpeg reads it. */
export interface AudioProbe {
  /** the end of its last audio packet, measured by reading every packet (a recorder's WebM names none) */
  durationMs: number;
  audioCodec: string;
  /** the demuxer's names for the container (`matroska,webm`, `ogg`, `mov,mp4,m4a,…`) */
  container: string[];
  /** an MP4 family file's major brand (`M4A `, `isom`), if any */
  brand: string | null;
}

/** The containers browsers and phones record audio in: WebM/Matroska, Ogg, MP4/M4A. */
const AUDIO_CONTAINERS = new Set(['matroska', 'webm', 'ogg', 'mov', 'mp4', 'm4a', '3gp', '3g2']);

/**
 * Reads a voice recording (the guestbook, issue 23): refuses a file without an audio stream, one in
 * a container recorders do not write, and one with moving pictures (a video is not a voice message;
 * an album cover in an M4A is fine). The duration is measured as `probeClip` measures a clip's: every
 * audio packet is read (copied to nowhere, not decoded) and the last `time=` is the end of the last.
 */
export async function probeAudio(file: string): Promise<AudioProbe> {
  let stderr: string;
  try {
    stderr = await runFfmpeg(['-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-'], 60_000);
  } catch (err) {
    if (err instanceof FfmpegError) throw new FfmpegError('not audio ffmpeg can read', err.stderr);
    throw err;
  }
  const container = containerOf(stderr);
  const audio = /Stream #0:\d+(?:\[\w+\])?(?:\(\w+\))?: Audio: (\w+)/.exec(stderr);
  const moving = [...stderr.matchAll(/Stream #0:\d+(?:\[\w+\])?(?:\(\w+\))?: Video: [^\n]*/g)].filter(
    (m) => !m[0].includes('(attached pic)'),
  );
  if (!audio || moving.length > 0 || !container.some((c) => AUDIO_CONTAINERS.has(c)))
    throw new FfmpegError('not an audio recording', stderr);
  return {
    durationMs: lastTimeMs(stderr),
    audioCodec: audio[1]!,
    container,
    brand: /major_brand\s*:\s*(\S+)/.exec(stderr)?.[1] ?? null,
  };
}
