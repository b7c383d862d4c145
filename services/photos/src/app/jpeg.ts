import { HttpError, MAX_UPLOAD_PIXELS } from '@afterglow/contracts';

export interface JpegInfo {
  width: number;
  height: number;
}

/** A photo as it is stored: the cleaned JPEG and its size as shown (its EXIF orientation applied). */
export interface CleanedJpeg extends JpegInfo {
  data: Buffer;
}

const COM = 0xfe;
const SOS = 0xda;
const APP1 = 0xe1;
/** Start-of-frame markers (C0–CF but DHT, JPG and DAC): the frame's header, with its size. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const EXIF = Buffer.from('Exif\0\0', 'latin1');
const tooManyPixels = () => new HttpError(413, 'too_many_pixels', 'The photo has too many pixels');

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
 *
 * On its way it reads what the upload needs of the headers (`size`): the frame's width and height
 * (huge declared dimensions are refused before anything decodes them) and the EXIF orientation, which
 * swaps them for 5–8. A scan without a frame before it, or a JPEG without a scan, is unreadable. So an upload never asks libvips
 * to read the header again (a third of a millisecond of CPU a photo, ADR 038); developing decodes it.
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
  /** the segment being read: its marker and its length with the marker */
  private marker = 0;
  private segmentLength = 0;
  private frame: JpegInfo | null = null;
  private orientation = 1;
  private exifRead = false;
  private scanned = false;
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
        // a kept segment is whole at the end of what is kept
        if (isSof(this.marker) || this.marker === APP1)
          this.readHeader(buf.subarray(this.out - this.segmentLength, this.out));
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
      this.marker = marker;
      this.segmentLength = size + 2;
      if (marker === SOS) {
        if (!this.frame) throw unreadable();
        this.scanned = true;
        this.scanFrom = this.segmentEnd;
      }
    }
  }

  /** The frame's size from its SOF segment; the orientation from the first EXIF segment. */
  private readHeader(seg: Buffer): void {
    if (isSof(this.marker)) {
      if (this.frame) return;
      if (seg.length < 10) throw unreadable();
      const height = seg.readUInt16BE(5);
      const width = seg.readUInt16BE(7);
      if (!width || !height) throw unreadable();
      if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels();
      this.frame = { width, height };
    } else if (!this.exifRead && seg.length > 10 && seg.subarray(4, 10).equals(EXIF)) {
      this.exifRead = true;
      this.orientation = exifOrientation(seg.subarray(10));
    }
  }

  /** The picture's size as shown, once `finish` has answered; a JPEG without a frame and a scan is unreadable. */
  size(): JpegInfo {
    const f = this.frame;
    if (!f || !this.scanned) throw unreadable();
    return this.orientation >= 5 ? { width: f.height, height: f.width } : { ...f };
  }
}

/**
 * The orientation tag (0x0112) of an EXIF block's first directory, in either byte order: 1 (as
 * stored) when there is none or the block is malformed, as a decoder takes it.
 */
export function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!le && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) return 1;
    if (u16(at) !== 0x0112) continue;
    const value = u16(at + 2) === 3 ? u16(at + 8) : 1; // a SHORT
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/**
 * `JpegCleaner` over bytes that are all here: cleans `buf` in place and gives the view of it to store,
 * with the picture's size.
 */
export function cleanJpeg(buf: Buffer): CleanedJpeg {
  const cleaner = new JpegCleaner();
  const data = cleaner.finish(buf, buf.length);
  return { data, ...cleaner.size() };
}

/**
 * A photo cleaned while it arrived (`readUpload`): the JPEG to store, or the refusal its cleaning
 * ended in, given where a photo's content is judged (after the event and the device are).
 */
export class StreamedJpeg {
  constructor(private readonly result: CleanedJpeg | HttpError) {}

  cleaned(): CleanedJpeg {
    if (this.result instanceof HttpError) throw this.result;
    return this.result;
  }
}
