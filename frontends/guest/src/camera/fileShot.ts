import { MAX_UPLOAD_BYTES } from '@afterglow/contracts';
import { CaptureError, JPEG_QUALITY } from './capture';

/**
 * The long side of a photo from the phone's camera app, at most. Every rendition fits well inside it,
 * it is far below the server's pixel limit (MAX_UPLOAD_PIXELS) and 4096² is exactly the largest
 * canvas iOS Safari will draw.
 */
export const MAX_SIDE = 4096;
/** Below this long side, an encoder that still cannot fit the upload limit has met a broken image. */
const MIN_SIDE = 1024;

/** The error's message; the camera page tells the guest in their language ('camera.processFailed'). */
export const PROCESS_FAILED = 'Could not process photo.';

type Decoded = { source: CanvasImageSource; width: number; height: number; free: () => void };

/** Decodes with EXIF orientation applied, as the browser shows the photo (createImageBitmap first). */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, free: () => bitmap.close() };
    } catch {
      // Older engines refuse the option; some decode only through <img> (Safari and HEIC).
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  try {
    img.src = url;
    await img.decode();
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
  // <img> applies EXIF orientation by default (CSS image-orientation: from-image).
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    free: () => URL.revokeObjectURL(url),
  };
}

function encode(image: Decoded, side: number): Promise<Blob | null> {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  // JPEG has no transparency: a transparent PNG becomes white, not black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image.source, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY)).finally(
    () => {
      // Free the pixels now rather than whenever the canvas is collected (phones are short on memory).
      canvas.width = 0;
      canvas.height = 0;
    },
  );
}

/**
 * A photo from the phone's camera app (any format the browser decodes: JPEG, PNG, WebP, HEIC on
 * Safari…) as the JPEG an in-app capture would be: upright, at most 4096 px on the long side, quality
 * 0.8, within the upload limit. JPEGs are re-encoded too, so what goes up has no EXIF metadata (GPS
 * position, device) and shows exactly as the preview did. Rejects with 'Could not process photo.'
 * when the browser cannot decode it (HEIC in most browsers, a file that is no image). `maxSide` makes
 * it smaller still (a Find Me selfie, which the server looks at within 1280 px).
 */
export async function fileToJpeg(file: Blob, maxSide = MAX_SIDE): Promise<Blob> {
  let image: Decoded;
  try {
    if (file.size === 0) throw new Error('empty file');
    image = await decode(file);
  } catch {
    throw new CaptureError(PROCESS_FAILED);
  }
  try {
    if (!image.width || !image.height) throw new CaptureError(PROCESS_FAILED);
    for (let side = maxSide; side >= Math.min(MIN_SIDE, maxSide); side = Math.round(side * 0.75)) {
      const blob = await encode(image, side);
      if (!blob) break;
      if (blob.size <= MAX_UPLOAD_BYTES) return blob;
    }
    throw new CaptureError(PROCESS_FAILED);
  } finally {
    image.free();
  }
}
