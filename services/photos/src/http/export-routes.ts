import { Router, type Request, type Response } from 'express';
import { HttpError, exportPartParamsSchema, exportPartQuerySchema, parseOr400 } from '@afterglow/contracts';
import { askedRange, principalOf, type Logger } from '@afterglow/service-kit';
import type { Exports } from '../app/export';
import type { ZipStream } from '../app/export-zip';

/**
 * Sends bytes start..end (inclusive) of the archive as it is made, at the pace the client reads:
 * nothing more is made while the socket's buffer is full. When the client goes away, or the range is
 * sent, the archive stops and its open storage stream is destroyed.
 */
async function send(zip: ZipStream, res: Response, size: number, start: number, end: number): Promise<void> {
  const gone = () => zip.abort(new Error('the client went away'));
  res.once('close', gone);
  let at = 0;
  try {
    for await (const chunk of zip.stream as AsyncIterable<Buffer>) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end + 1 - at, chunk.length);
      at += chunk.length;
      if (to > from && !res.write(chunk.subarray(from, to))) await drained(res);
      if (at > end && end < size - 1) return void res.end(); // the range is sent
    }
    if (at !== size) throw new Error(`the archive has ${at} bytes, ${size} were announced`);
    res.end();
  } finally {
    res.off('close', gone);
    zip.abort();
  }
}

/** Resolves once the socket takes more, throws if the client went away meanwhile. */
async function drained(res: Response): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  if (res.destroyed) throw new Error('the client went away');
}

/** `GET /api/events/{id}/export` and `/{part}` (ADR 016). */
export function exportRouter(exports: Exports, secret: Buffer, logger: Logger): Router {
  const r = Router();

  r.get('/api/events/:id/export', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await exports.manifest(String(req.params.id), principalOf(req, secret)));
  });

  r.get('/api/events/:id/export/:part', async (req: Request, res: Response) => {
    const { id, part } = parseOr400(exportPartParamsSchema, req.params);
    const { v } = parseOr400(exportPartQuerySchema, req.query);
    const prepared = await exports.part(id, principalOf(req, secret), part, v);
    // The same version always gives the same bytes: a strong validator, and ranges to resume with.
    const etag = `"${prepared.version}-${part}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', 'private, no-cache, no-transform');
    const range = askedRange(req, prepared.bytes, etag);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${prepared.bytes}`);
      throw new HttpError(416, 'range_not_satisfiable', `This part has ${prepared.bytes} bytes`);
    }
    const { start, end } = range ?? { start: 0, end: prepared.bytes - 1 };
    res.attachment(prepared.fileName); // Content-Disposition, and application/zip
    res.status(range ? 206 : 200);
    if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${prepared.bytes}`);
    res.setHeader('Content-Length', String(end - start + 1));
    if (req.method === 'HEAD') return void res.end();
    res.flushHeaders();
    const zip = prepared.open();
    try {
      await send(zip, res, prepared.bytes, start, end);
    } catch (err) {
      // The status line is sent: all that is left is to cut the connection, so the client sees an
      // incomplete download rather than a file that looks whole.
      if (!res.destroyed) {
        logger.error({ err: String(err), eventId: id, part }, 'export stopped');
        res.destroy();
      } else logger.debug({ eventId: id, part }, 'export download abandoned');
    }
  });

  return r;
}
