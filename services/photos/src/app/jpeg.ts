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

const COM = 0xfe;
const SOS = 0xda;

const notJpeg = () => new HttpError(415, 'not_jpeg', 'Only JPEG photos can be uploaded');
const truncated = () => new HttpError(422, 'truncated_jpeg', 'The photo is incomplete, please try again');
const unreadable = () => new HttpError(422, 'invalid_jpeg', 'The photo could not be read');

/**
 * The JPEG as stored: its segments walked from SOI to EOI, without comment segments and without
 * anything after EOI, where polyglot payloads (HTML, scripts, archives) hide. The image data itself
 * is untouched. Refuses what does not start like a JPEG (415) or stops before its EOI (422).
 *
 * It works in place, while the bytes arrive: `advance(buf, length)` is called as `buf` fills (the
 * cleaned bytes so far at its start, then the ones not read yet, up to `length`), and moves the kept
 * bytes forward over the dropped ones (nothing moves in a photo without comments); `finish` gives the
 * cleaned JPEG, a view of `buf`. Entropy-coded data is skipped to its next 0xFF natively (a
 * byte-by-byte loop over a photo was the upload's costliest step on the event loop). After EOI nothing
 * more is read: `done` says so, and what follows need not even be kept.
 */
export class JpegCleaner {
  /** the next byte to read */
  private pos = 0;
  /** how many bytes are kept (they are at the start of the buffer) */
  private out = 0;
  /** the end of the segment being read (-1: at a marker) */
  private segmentEnd = -1;
  private keep = true;
  /** within a scan's entropy-coded data: where the search for its end goes on */
  private scanFrom = -1;
  private refused: HttpError | null = null;
  done = false;

  /** Past EOI, or refused: nothing more that arrives is read. */
  get stopped(): boolean {
    return this.done || this.refused !== null;
  }

  /** Reads `buf[pos..length)`; throws (and keeps throwing) the refusal once the bytes cannot be a JPEG. */
  advance(buf: Buffer, length: number): void {
    if (this.refused) throw this.refused;
    try {
      this.step(buf, length);
    } catch (err) {
      this.refused = err as HttpError;
      throw err;
    }
  }

  /** The cleaned JPEG once every byte arrived: a view of `buf`. */
  finish(buf: Buffer, length: number): Buffer {
    this.advance(buf, length);
    if (!this.done) throw length < 4 && this.pos === 0 ? notJpeg() : truncated();
    return buf.subarray(0, this.out);
  }

  /** Keeps or drops `buf[pos..to)`. */
  private move(buf: Buffer, to: number, keep: boolean): void {
    if (keep) {
      if (this.out !== this.pos) buf.copyWithin(this.out, this.pos, to);
      this.out += to - this.pos;
    }
    this.pos = to;
  }

  private step(buf: Buffer, length: number): void {
    if (this.pos === 0) {
      if (length < 3) return;
      if (buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) throw notJpeg();
      if (length < 4) return;
      this.move(buf, 2, true); // SOI
    }
    while (!this.done) {
      if (this.segmentEnd >= 0) {
        if (this.scanFrom >= 0) {
          // entropy-coded data runs to the next marker that is not a stuffed byte or a restart marker
          // (a view up to `length`: a pooled buffer holds old bytes past it)
          const view = length < buf.length ? buf.subarray(0, length) : buf;
          for (;;) {
            if (this.scanFrom >= length) return; // the scan's header, or its next byte, is still to come
            const ff = view.indexOf(0xff, this.scanFrom);
            if (ff < 0 || ff === length - 1) {
              this.scanFrom = ff < 0 ? length : ff;
              return;
            }
            const next = buf[ff + 1]!;
            if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) this.scanFrom = ff + 2;
            else {
              this.segmentEnd = ff;
              this.scanFrom = -1;
              break;
            }
          }
        }
        const to = Math.min(this.segmentEnd, length);
        this.move(buf, to, this.keep);
        if (to < this.segmentEnd) return;
        this.segmentEnd = -1;
        continue;
      }
      const pos = this.pos;
      if (pos + 1 >= length) return;
      if (buf[pos] !== 0xff) throw unreadable();
      const marker = buf[pos + 1]!;
      if (marker === 0xff) {
        this.move(buf, pos + 1, false); // a fill byte
        continue;
      }
      if (marker === 0xd9) {
        this.move(buf, pos + 2, true); // EOI: the end of what is kept
        this.done = true;
        return;
      }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        this.move(buf, pos + 2, true);
        continue;
      }
      if (pos + 3 >= length) return;
      const size = buf.readUInt16BE(pos + 2);
      if (size < 2) throw unreadable();
      this.segmentEnd = pos + 2 + size;
      this.keep = marker !== COM;
      if (marker === SOS) this.scanFrom = this.segmentEnd;
    }
  }
}

/** `JpegCleaner` over bytes that are all here: cleans `buf` in place and gives the view of it to store. */
export function cleanJpeg(buf: Buffer): Buffer {
  return new JpegCleaner().finish(buf, buf.length);
}

/** EOI (FF D9) within the last bytes; some encoders pad a few bytes after it. */
function hasEoi(buf: Buffer): boolean {
  const from = Math.max(2, buf.length - 64);
  for (let i = buf.length - 2; i >= from; i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}

/**
 * A photo cleaned while it arrived (`readUpload`): the JPEG to store, or the refusal its cleaning
 * ended in, given where a photo's content is judged (after the event and the device are).
 */
export class StreamedJpeg {
  constructor(private readonly result: Buffer | HttpError) {}

  cleaned(): Buffer {
    if (this.result instanceof HttpError) throw this.result;
    return this.result;
  }
}
