import { useCallback, useEffect, useRef, useState } from 'react';
import { CaptureError } from './capture';

/**
 * What the camera records a clip as (ADR 033), best first: MP4 with H.264 and AAC where the browser
 * records it (Safari, recent Chromium), else WebM (Chromium, Firefox). The media worker develops any
 * of them into the same MP4; the original is kept as recorded for the host's export.
 */
export const CLIP_TYPES = [
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/** What a voice message is recorded as (the guestbook, ADR 034), best first: Opus, else AAC. */
export const VOICE_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4',
  'audio/webm',
] as const;

/** Whether this browser records in the page (MediaRecorder). */
export const canRecord = (): boolean => typeof MediaRecorder !== 'undefined';

/** The first of `types` this browser records, or '' to let it choose. */
export function recordingType(types: readonly string[]): string {
  if (!canRecord() || typeof MediaRecorder.isTypeSupported !== 'function') return '';
  return types.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

/** A recording's bitrate: enough for a phone's screen, small enough for a venue's Wi-Fi. */
const VIDEO_BITS = 2_500_000;
const AUDIO_BITS = 128_000;
/** How often the timer moves. */
const TICK_MS = 100;

/** The error's message; the camera page says it in the guest's language ('camera.recordFailed'). */
export const RECORD_FAILED = 'Could not record clip.';

/**
 * Records a clip from the camera's stream (or a voice message from the microphone's, with `types`
 * VOICE_TYPES): `start` begins and stops by itself at `limitMs` (the event's clip length: a hard stop,
 * the recording is never longer), `stop` ends it sooner; `elapsedMs` is the timer. `start` resolves
 * with the whole recording once it is stopped either way.
 */
export function useRecorder(types: readonly string[] = CLIP_TYPES) {
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; limit?: ReturnType<typeof setTimeout> }>({});

  const clearTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.limit);
    timers.current = {};
  };

  const stop = useCallback(() => {
    const r = recorder.current;
    if (r && r.state !== 'inactive') r.stop();
  }, []);

  const start = useCallback(
    (stream: MediaStream, limitMs: number): Promise<Blob> => {
      if (!canRecord()) return Promise.reject(new CaptureError(RECORD_FAILED));
      const type = recordingType(types);
      let r: MediaRecorder;
      try {
        r = new MediaRecorder(stream, {
          ...(type ? { mimeType: type } : {}),
          ...(stream.getVideoTracks().length ? { videoBitsPerSecond: VIDEO_BITS } : {}),
          ...(stream.getAudioTracks().length ? { audioBitsPerSecond: AUDIO_BITS } : {}),
        });
      } catch {
        return Promise.reject(new CaptureError(RECORD_FAILED));
      }
      recorder.current = r;
      const chunks: Blob[] = [];
      const done = new Promise<Blob>((resolve, reject) => {
        r.ondataavailable = (e) => {
          if (e.data.size > 0) chunks.push(e.data);
        };
        r.onerror = () => {
          clearTimers();
          setRecording(false);
          reject(new CaptureError(RECORD_FAILED));
        };
        r.onstop = () => {
          clearTimers();
          setRecording(false);
          recorder.current = null;
          const blob = new Blob(chunks, { type: (r.mimeType || type || types.at(-1)!).split(';')[0] });
          if (blob.size === 0) reject(new CaptureError(RECORD_FAILED));
          else resolve(blob);
        };
      });
      const began = performance.now();
      r.start(1000);
      setElapsed(0);
      setRecording(true);
      timers.current.tick = setInterval(
        () => setElapsed(Math.min(limitMs, performance.now() - began)),
        TICK_MS,
      );
      timers.current.limit = setTimeout(() => {
        setElapsed(limitMs);
        stop();
      }, limitMs);
      return done;
    },
    [stop, types],
  );

  // Leaving the page mid-recording: let the recorder go (the camera's tracks stop with the camera).
  useEffect(
    () => () => {
      clearTimers();
      const r = recorder.current;
      if (r && r.state !== 'inactive') {
        r.ondataavailable = null;
        r.onstop = null;
        r.stop();
      }
    },
    [],
  );

  return { recording, elapsedMs, start, stop };
}
