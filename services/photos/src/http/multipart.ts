import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError, MAX_UPLOAD_BYTES, badRequest } from '@afterglow/contracts';
import { discardBody } from '@afterglow/service-kit';
import { JpegCleaner, StreamedJpeg, type CleanedJpeg } from '../app/jpeg';
import { BufferPool, Gathered } from './upload-buffers';

export interface Upload {
  fields: Record<string, string>;
  file: Buffer | null;
  /** a photo part's JPEG, cleaned as it arrived (`FilePart.jpeg`), or why it cannot be stored */
  jpeg?: StreamedJpeg;
  /** gives a photo's buffer back for the next upload: nothing may read `file` after this */
  release(): void;
}

/** Which file part a multipart body carries, the most it may weigh, and the refusal past that. */
export interface FilePart {
  name: 'photo' | 'audio' | 'selfie';
  maxBytes: number;
  tooLarge: () => HttpError;
  /** a photo: gathered in a pooled buffer and cleaned while it streams (`JpegCleaner`, ADR 038) */
  jpeg?: boolean;
}

/** The buffers photos are gathered in, kept from one upload to the next. */
const photoBuffers = new BufferPool();

/** A guest's photo (`POST /api/events/{code}/photos`). */
const PHOTO_PART: FilePart = {
  name: 'photo',
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: () => new HttpError(413, 'photo_too_large', 'The photo is too large'),
  jpeg: true,
};

/**
 * Reads a multipart body with one file part (`photo`, unless `part` names another) and short text
 * fields, bounded in size and in part counts. The file (at most `part.maxBytes`) is held in memory;
 * a photo's in a pooled buffer, cleaned as it arrives, until `release`.
 */
export function readUpload(req: Request, part: FilePart = PHOTO_PART): Promise<Upload> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(badRequest('Send the photo as multipart/form-data', 'multipart_required'));
  }
  const tooLarge = () => {
    // Answered at once; the rest of the body is discarded, then its connection cut if it keeps coming.
    discardBody(req);
    return part.tooLarge();
  };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > part.maxBytes + 64 * 1024) return Promise.reject(tooLarge());
  let gathered: Gathered | null = null;
  const release = () => gathered?.release();
  return new Promise<Upload>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: part.maxBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10 },
      });
    } catch {
      reject(badRequest('Malformed multipart body', 'bad_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    let jpeg: StreamedJpeg | undefined;
    let failed: HttpError | null = null;
    const fail = (e: HttpError) => {
      if (!failed) failed = e;
    };
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`Field ${name} is too long`, 'field_too_long'));
      else fields[name] = value;
    });
    bb.on('file', (name, stream) => {
      if (name !== part.name) {
        fail(badRequest(`Unexpected file part ${name}`, 'unexpected_file'));
        stream.resume();
        return;
      }
      let chunks: Buffer[] = [];
      if (part.jpeg) {
        const g = (gathered = new Gathered(photoBuffers, Math.min(declared, part.maxBytes)));
        const cleaner = new JpegCleaner();
        stream.on('data', (c: Buffer) => {
          // after EOI (or a refusal) the rest is not kept
          if (cleaner.stopped) return;
          g.write(c);
          try {
            cleaner.advance(g.buf, g.length);
          } catch {
            // kept by the cleaner: `finish` gives it
          }
        });
        stream.on('end', () => {
          if (failed) return;
          let cleaned: CleanedJpeg | HttpError;
          try {
            cleaned = { data: cleaner.finish(g.buf, g.length), ...cleaner.size() };
          } catch (err) {
            cleaned = err as HttpError;
          }
          file = cleaned instanceof HttpError ? g.buf.subarray(0, g.length) : cleaned.data;
          jpeg = new StreamedJpeg(cleaned);
        });
      } else {
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (!failed) file = Buffer.concat(chunks);
        });
      }
      stream.on('limit', () => {
        // Past the limit: refuse now rather than after the whole body has arrived.
        chunks = [];
        release();
        req.unpipe(bb);
        stream.resume();
        failed = tooLarge();
        reject(failed);
      });
    });
    bb.on('filesLimit', () =>
      fail(
        badRequest(
          part.name === 'audio'
            ? 'Send exactly one voice message'
            : part.name === 'selfie'
              ? 'Send exactly one selfie'
              : 'Send exactly one photo',
          'too_many_files',
        ),
      ),
    );
    bb.on('fieldsLimit', () => fail(badRequest('Too many fields', 'too_many_fields')));
    bb.on('partsLimit', () => fail(badRequest('Too many parts', 'too_many_parts')));
    bb.on('error', () => reject(badRequest('Malformed multipart body', 'bad_multipart')));
    bb.on('close', () =>
      failed ? reject(failed) : resolve({ fields, file, ...(jpeg ? { jpeg } : {}), release }),
    );
    req.on('aborted', () => reject(badRequest('Upload interrupted', 'aborted')));
    req.pipe(bb);
  }).catch((err: unknown) => {
    release();
    throw err;
  });
}
