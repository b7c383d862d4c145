import sharp, { type Metadata } from 'sharp';
import { HttpError, MAX_UPLOAD_PIXELS } from '@afterglow/contracts';

export interface JpegInfo {
  width: number;
  height: number;
}

/**
 * Accepts only real, complete JPEGs, judged by content: the SOI magic, an EOI marker at the end
 * (a truncated upload has none), and a header sharp can read as JPEG within the pixel limit
 * (huge declared dimensions are refused before any decoding).
 */
export async function inspectJpeg(buf: Buffer): Promise<JpegInfo> {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) {
    throw new HttpError(415, 'not_jpeg', 'Only JPEG photos can be uploaded');
  }
  if (!hasEoi(buf)) throw new HttpError(422, 'truncated_jpeg', 'The photo is incomplete, please try again');
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, 'invalid_jpeg', 'The photo could not be read');
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) {
    throw new HttpError(415, 'not_jpeg', 'Only JPEG photos can be uploaded');
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw new HttpError(413, 'too_many_pixels', 'The photo has too many pixels');
  }
  // EXIF orientations 5-8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  return { width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height };
}

/** EOI (FF D9) within the last bytes; some encoders pad a few bytes after it. */
function hasEoi(buf: Buffer): boolean {
  const from = Math.max(2, buf.length - 64);
  for (let i = buf.length - 2; i >= from; i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}
