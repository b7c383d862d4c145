import { useCallback, useEffect, useRef, useState } from 'react';
// The package, not '../text': this subpath is bundled into the pages that have a camera.
import { msg, useUiText } from '@afterglow/ui';
import { CaptureError, captureFrame } from './capture';

export type Facing = 'environment' | 'user';
export type CameraStatus = 'idle' | 'starting' | 'streaming';

/** Shown on the start screen when getUserMedia fails (spec section 8); `error` is it translated. */
export const CAMERA_UNAVAILABLE_MESSAGE = msg('camera.unavailable', 'Camera access denied or not available');
/** The English of CAMERA_UNAVAILABLE_MESSAGE (spec section 8). */
export const CAMERA_UNAVAILABLE = CAMERA_UNAVAILABLE_MESSAGE.message;

/** Whether the in-app camera exists here: browsers give getUserMedia only to secure (https) pages. */
export function hasLiveCamera(): boolean {
  return !!navigator.mediaDevices?.getUserMedia;
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

function showStream(el: HTMLVideoElement | null, stream: MediaStream | null) {
  if (!el) return;
  el.srcObject = stream;
  if (stream) void el.play().catch(() => undefined);
}

async function openCamera(facing: Facing, exact: boolean, audio: boolean): Promise<MediaStream> {
  if (!hasLiveCamera()) throw new Error(CAMERA_UNAVAILABLE);
  const video = {
    facingMode: exact ? { exact: facing } : { ideal: facing },
    width: { ideal: 1920 },
    height: { ideal: 1080 },
  };
  if (audio) {
    // A clip with sound; a microphone refused or missing still records the picture.
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video });
    } catch {
      /* the camera alone, below */
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: false, video });
}

/** A camera opened ahead of the page that shows it: the next start() facing the default way takes it. */
let ahead: { opening: Promise<MediaStream>; timer: ReturnType<typeof setTimeout> } | null = null;
/** How long a camera opened ahead waits for its page before it is let go. */
const AHEAD_MS = 15_000;

/**
 * Opens the rear camera now, for the page the guest is about to see: the join page's 'Start Taking
 * Photos' opens it while the device is made, so the browser asks for the camera at that tap and the
 * camera page starts with it rather than opening it again (docs/adr/037-guest-page-weight.md). Let go
 * (every track stopped) by dropCameraAhead(), or when no start() takes it within 15 s.
 */
export function openCameraAhead(): void {
  if (ahead || !hasLiveCamera()) return;
  const opening = openCamera('environment', false, false);
  // a refusal is start()'s to report, when it takes the opening
  opening.catch(() => undefined);
  ahead = { opening, timer: setTimeout(dropCameraAhead, AHEAD_MS) };
}

/** Whether a camera opened ahead waits for its page (the camera page then starts it at once). */
export const hasCameraAhead = (): boolean => ahead !== null;

/** Lets a camera opened ahead go (the join failed, or the page shows no camera). */
export function dropCameraAhead(): void {
  if (!ahead) return;
  clearTimeout(ahead.timer);
  void ahead.opening.then(stopStream, () => undefined);
  ahead = null;
}

/** The camera opened ahead, taken by a start() that wants what it opened; else it is let go. */
function takeAhead(want: Facing, exact: boolean, audio: boolean): Promise<MediaStream> | null {
  if (!ahead) return null;
  if (want !== 'environment' || exact || audio) {
    dropCameraAhead();
    return null;
  }
  clearTimeout(ahead.timer);
  const { opening } = ahead;
  ahead = null;
  return opening;
}

/**
 * The camera helper (spec section 4), the guest's camera and the admin's camera test page alike: idle
 * or streaming. Rear camera preferred at an ideal 1920x1080; switching toggles rear and front and
 * falls back to the default camera; capture takes a frame at native resolution as JPEG 0.8. With
 * `withSound` (a clip's recording, ADR 033) the microphone opens too, only then. Every track is
 * stopped on stop() and when the component unmounts.
 */
export function useCamera() {
  const t = useUiText();
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  /** bumps on every start/stop so a slow getUserMedia answer that lost the race is thrown away */
  const generation = useRef(0);
  /** false once the component is gone: a late start() must not leave a camera running */
  const alive = useRef(true);
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [facing, setFacing] = useState<Facing>('environment');
  /** getUserMedia failed: `error` says so in the page's language (it follows a language change) */
  const [failed, setFailed] = useState(false);
  /** the microphone is wanted too (clips); read when the camera (re)starts */
  const sound = useRef(false);

  /** Ref callback for the <video>: attaches the live stream whenever the element appears. */
  const attachVideo = useCallback((el: HTMLVideoElement | null) => {
    videoRef.current = el;
    if (el && streamRef.current && el.srcObject !== streamRef.current) showStream(el, streamRef.current);
  }, []);

  const release = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    showStream(videoRef.current, null);
  }, []);

  const stop = useCallback(() => {
    generation.current++;
    release();
    setStatus('idle');
  }, [release]);

  /**
   * Opens the camera; answers true once it streams, false when it cannot be opened (denied or missing:
   * `error` says so) and null when given up (a later start or stop, or the component unmounted).
   * `exact` insists on that facing (used to switch).
   */
  const start = useCallback(
    async (want: Facing = 'environment', exact = false): Promise<boolean | null> => {
      if (!alive.current) return null;
      const gen = ++generation.current;
      // Phones cannot open two cameras at once: let go of the current one first.
      release();
      setStatus('starting');
      try {
        const stream = await (takeAhead(want, exact, sound.current) ??
          openCamera(want, exact, sound.current));
        if (gen !== generation.current || !alive.current) {
          stopStream(stream);
          return null;
        }
        streamRef.current = stream;
        const actual = stream.getVideoTracks()[0]?.getSettings().facingMode;
        setFacing(actual === 'user' || actual === 'environment' ? actual : want);
        showStream(videoRef.current, stream);
        setFailed(false);
        setStatus('streaming');
        return true;
      } catch {
        if (gen !== generation.current) return null;
        setStatus('idle');
        setFailed(true);
        return false;
      }
    },
    [release],
  );

  /** Rear ⇄ front; if that camera cannot be opened, restarts the default one. */
  const switchCamera = useCallback(async (): Promise<'switched' | 'fallback' | 'failed'> => {
    const next: Facing = facing === 'environment' ? 'user' : 'environment';
    if (await start(next, true)) return 'switched';
    return (await start('environment')) ? 'fallback' : 'failed';
  }, [facing, start]);

  const capture = useCallback(async (): Promise<Blob> => {
    const video = videoRef.current;
    if (!video || !streamRef.current) throw new CaptureError('Camera not ready');
    return captureFrame(video);
  }, []);

  /** The live stream (a clip records it), or null when the camera is off. */
  const stream = useCallback(() => streamRef.current, []);

  /**
   * Whether the microphone opens with the camera (a clip's sound). A running camera restarts with the
   * change, facing the same way; answers as start() does (undefined when it was off).
   */
  const withSound = useCallback(
    async (on: boolean): Promise<boolean | null | undefined> => {
      if (sound.current === on) return undefined;
      sound.current = on;
      if (!streamRef.current) return undefined;
      return start(facing);
    },
    [facing, start],
  );

  useEffect(() => {
    // the counter itself, not its value now: unmounting bumps it so a start() in flight is given up
    const gen = generation;
    alive.current = true;
    return () => {
      alive.current = false;
      gen.current++;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  const error = failed ? t(CAMERA_UNAVAILABLE_MESSAGE) : null;
  return { status, facing, error, start, stop, switchCamera, capture, attachVideo, stream, withSound };
}

export type CameraControls = ReturnType<typeof useCamera>;

/**
 * A hidden page gives the camera back (battery, privacy); when it is shown again, `onShown` may take
 * it again (called only if the camera was on when the page was hidden).
 */
export function useReleaseWhileHidden(camera: CameraControls, onShown: () => void): void {
  const latest = useRef({ camera, onShown });
  latest.current = { camera, onShown };
  useEffect(() => {
    let resume = false;
    const onVisibility = () => {
      const { camera: c, onShown: shown } = latest.current;
      if (document.hidden) {
        if (c.status !== 'idle') {
          resume = true;
          c.stop();
        }
      } else if (resume) {
        resume = false;
        shown();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
