import { useCallback, useEffect, useRef, useState } from 'react';
import { JPEG_QUALITY } from './settings';

export type CameraStatus = 'idle' | 'starting' | 'streaming' | 'error';

/** Rear camera preferred, ideal 1920x1080 (spec section 4). */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
};
const POLL_MS = 100;
const READY_TIMEOUT_MS = 5000;

export const CAMERA_UNAVAILABLE = 'Camera access denied or not available';

export interface Capture {
  blob: Blob;
  width: number;
  height: number;
}

const hasFrame = (v: HTMLVideoElement) =>
  v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && v.videoWidth > 0;

/** Polls every 100 ms until the video has a frame (spec section 4), or gives up. */
function waitForFrame(video: HTMLVideoElement): Promise<void> {
  if (hasFrame(video)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (hasFrame(video)) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > READY_TIMEOUT_MS) {
        clearInterval(timer);
        reject(new Error('Camera not ready'));
      }
    }, POLL_MS);
  });
}

/** The device camera in a <video>: start, stop (also on unmount) and capture a JPEG frame. */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const attempt = useRef(0);
  const [status, setStatus] = useState<CameraStatus>('idle');

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  /** Opens the camera: 'streaming', 'error' (denied or missing) or 'cancelled' (superseded or unmounted). */
  const start = useCallback(async (): Promise<'streaming' | 'error' | 'cancelled'> => {
    const mine = ++attempt.current;
    release();
    setStatus('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error(CAMERA_UNAVAILABLE);
      const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      if (mine !== attempt.current) {
        stream.getTracks().forEach((t) => t.stop());
        return 'cancelled';
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        // Autoplay may be refused until the first gesture; the muted, inline video usually plays anyway.
        await video.play().catch(() => undefined);
      }
      setStatus('streaming');
      return 'streaming';
    } catch {
      if (mine !== attempt.current) return 'cancelled';
      setStatus('error');
      return 'error';
    }
  }, [release]);

  const stop = useCallback(() => {
    attempt.current++;
    release();
    setStatus('idle');
  }, [release]);

  /** A frame at the video's native resolution, as JPEG at quality 0.8. */
  const capture = useCallback(async (): Promise<Capture> => {
    const video = videoRef.current;
    if (!video || !streamRef.current) throw new Error('Camera not ready');
    await waitForFrame(video);
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Could not get canvas context');
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) throw new Error('Could not encode the photo');
    return { blob, width: canvas.width, height: canvas.height };
  }, []);

  useEffect(
    () => () => {
      attempt.current++;
      release();
    },
    [release],
  );

  return { videoRef, status, start, stop, capture };
}
