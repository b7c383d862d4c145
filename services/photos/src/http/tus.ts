import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  CLIP_MAX_BYTES,
  HttpError,
  badRequest,
  clipUploadMetadataSchema,
  parseOr400,
} from '@afterglow/contracts';
import type { PhotosApp } from '../app/photos';
import type { Device } from '../guests';

// Clips' resumable uploads (ADR 033): the core of tus 1.0.0 (https://tus.io/protocols/resumable-upload)
// with its creation extension. POST creates an upload from `Upload-Length` and `Upload-Metadata`
// (`deviceId`, `uploadId`, `kind` `clip`, optional `caption` and `filetype`), PATCH sends bytes from
// `Upload-Offset`, HEAD tells how many arrived. The finished upload is one capture; the last PATCH
// answers it in `Afterglow-Capture-Id` and `Afterglow-Shots-Remaining` (and HEAD names it after).

export const TUS_VERSION = '1.0.0';
const uuid = z.uuid();
const TUS_HEADERS = {
  'Tus-Resumable': TUS_VERSION,
  'Tus-Version': TUS_VERSION,
  'Tus-Extension': 'creation',
  'Tus-Max-Size': String(CLIP_MAX_BYTES),
};

/** `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone has no value). */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length || !/^[\w.-]+$/.test(key) || key in out)
      throw badRequest('Upload-Metadata is not tus metadata', 'bad_upload_metadata');
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
      throw badRequest('Upload-Metadata values are base64', 'bad_upload_metadata');
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

/** The headers that must be a whole number of bytes, and what is said when one is not. */
const BYTES_HEADERS = {
  'upload-length': 'Upload-Length must be a number of bytes',
  'upload-offset': 'Upload-Offset must be a number of bytes',
} as const;
function bytesHeader(req: Request, name: keyof typeof BYTES_HEADERS): number {
  const v = req.headers[name];
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v))
    throw badRequest(BYTES_HEADERS[name], 'bad_upload_header');
  return Number(v);
}

/** Every tus request but OPTIONS names the protocol's version; another is refused, with ours. */
function tusVersion(req: Request, res: Response): void {
  if (req.headers['tus-resumable'] !== TUS_VERSION) {
    res.setHeader('Tus-Version', TUS_VERSION);
    throw new HttpError(412, 'tus_version', `This server speaks tus ${TUS_VERSION}`);
  }
}

export function tusRouter(
  app: PhotosApp,
  ownedDevice: (req: Request, deviceId: unknown) => Promise<Device>,
): Router {
  const r = Router();
  const at = (req: Request) => String(req.params.code);

  r.options('/api/events/:code/uploads', (_req: Request, res: Response) => {
    res.set(TUS_HEADERS).status(204).end();
  });

  r.post('/api/events/:code/uploads', async (req: Request, res: Response) => {
    tusVersion(req, res);
    if (req.headers['upload-defer-length'] !== undefined)
      throw badRequest(
        'Upload-Length is required: a clip has its length when it is sent',
        'bad_upload_header',
      );
    const length = bytesHeader(req, 'upload-length');
    if (length === 0) throw badRequest('An empty upload is not a clip', 'bad_upload_header');
    const meta = parseOr400(
      clipUploadMetadataSchema,
      parseMetadata(req.headers['upload-metadata'] as string | undefined),
    );
    const device = await ownedDevice(req, meta.deviceId);
    const row = await app.clipUploads.create(at(req), device, length, meta);
    res
      .set({ 'Tus-Resumable': TUS_VERSION, 'Upload-Offset': String(row.offset), 'Cache-Control': 'no-store' })
      .location(`/api/events/${encodeURIComponent(at(req))}/uploads/${row.id}`)
      .status(201)
      .end();
  });

  r.head('/api/events/:code/uploads/:uploadId', async (req: Request, res: Response) => {
    tusVersion(req, res);
    const row = await app.clipUploads.get(at(req), parseOr400(uuid, req.params.uploadId));
    await ownedDevice(req, row.deviceId);
    res.set({
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': String(row.photoId ? row.length : row.offset),
      'Upload-Length': String(row.length),
      'Cache-Control': 'no-store',
      ...(row.photoId && { 'Afterglow-Capture-Id': row.photoId }),
    });
    res.status(200).end();
  });

  r.patch('/api/events/:code/uploads/:uploadId', async (req: Request, res: Response) => {
    tusVersion(req, res);
    if (req.headers['content-type'] !== 'application/offset+octet-stream')
      throw new HttpError(415, 'bad_content_type', 'A PATCH carries application/offset+octet-stream');
    const offset = bytesHeader(req, 'upload-offset');
    const row = await app.clipUploads.get(at(req), parseOr400(uuid, req.params.uploadId));
    await ownedDevice(req, row.deviceId);
    const { offset: now, done } = await app.clipUploads.append(at(req), row, offset, req);
    if (!res.socket || res.socket.destroyed) return; // cut off: nobody is there to answer
    res.set({
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': String(now),
      'Cache-Control': 'no-store',
      ...(done && {
        'Afterglow-Capture-Id': done.photoId,
        'Afterglow-Shots-Remaining': String(done.shotsRemaining),
      }),
    });
    res.status(204).end();
  });

  return r;
}
