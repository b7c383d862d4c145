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

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
const COM = 0xfe;
const SOS = 0xda;

/**
 * The JPEG as stored: its segments walked from SOI to EOI, without comment segments and without
 * anything after EOI, where polyglot payloads (HTML, scripts, archives) hide. The image data itself
 * is untouched. Refuses what does not start like a JPEG (415) or stops before its EOI (422).
 */
export function cleanJpeg(buf: Buffer): Buffer {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) {
    throw new HttpError(415, 'not_jpeg', 'Only JPEG photos can be uploaded');
  }
  const truncated = () => new HttpError(422, 'truncated_jpeg', 'The photo is incomplete, please try again');
  const kept: Buffer[] = [SOI];
  let pos = 2;
  for (;;) {
    if (pos + 1 >= buf.length) throw truncated();
    if (buf[pos] !== 0xff) throw new HttpError(422, 'invalid_jpeg', 'The photo could not be read');
    const marker = buf[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xd9) break;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(buf.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 3 >= buf.length) throw truncated();
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2) throw new HttpError(422, 'invalid_jpeg', 'The photo could not be read');
    let end = pos + 2 + length;
    if (end > buf.length) throw truncated();
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is not a stuffed byte or a restart marker.
      // (the next 0xFF found natively: a byte-by-byte loop over 250 KB of a photo is the upload's
      // costliest step on the event loop)
      while (end < buf.length - 1) {
        const ff = buf.indexOf(0xff, end);
        if (ff < 0 || ff >= buf.length - 1) {
          end = buf.length;
          break;
        }
        end = ff;
        if (buf[end + 1] === 0x00 || (buf[end + 1]! >= 0xd0 && buf[end + 1]! <= 0xd7)) end += 2;
        else break;
      }
      if (end >= buf.length - 1) throw truncated();
    }
    if (marker !== COM) kept.push(buf.subarray(pos, end));
    pos = end;
  }
  kept.push(EOI);
  return Buffer.concat(kept);
}

/** EOI (FF D9) within the last bytes; some encoders pad a few bytes after it. */
function hasEoi(buf: Buffer): boolean {
  const from = Math.max(2, buf.length - 64);
  for (let i = buf.length - 2; i >= from; i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}
