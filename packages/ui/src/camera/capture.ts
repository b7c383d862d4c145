/** JPEG quality of every captured photo (spec section 9). */
export const JPEG_QUALITY = 0.8;
/** How often capture checks whether the video has frames yet (spec section 4). */
export const VIDEO_POLL_MS = 100;
const VIDEO_WAIT_MS = 5000;

export class CaptureError extends Error {
  override name = 'CaptureError';
  /** `reason`: why, in the guest's words and language, where it is more than 'it failed' */
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** Resolves once the video has dimensions, polling every 100 ms; rejects with 'Camera not ready'. */
export function waitForVideo(video: HTMLVideoElement, timeoutMs = VIDEO_WAIT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (video.videoWidth > 0 && video.videoHeight > 0) return resolve();
      if (Date.now() - started >= timeoutMs) return reject(new CaptureError('Camera not ready'));
      setTimeout(check, VIDEO_POLL_MS);
    };
    check();
  });
}

/** Draws the current frame at the video's native resolution and encodes it as JPEG (quality 0.8). */
export async function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  await waitForVideo(video);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new CaptureError('Could not get canvas context');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  // Free the pixels now rather than whenever the canvas is collected (phones are short on memory).
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new CaptureError('Could not process photo.');
  return blob;
}
