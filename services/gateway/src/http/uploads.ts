import { Router, type Request, type Response } from 'express';
import { HttpError } from '@afterglow/contracts';
import { USER_CONTENT_CSP, askedRange, sendProblem } from '@afterglow/service-kit';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';

/**
 * GET /uploads/<key>?exp=…&sig=…: images and clips (a byte range of one, for video players), only through a valid, unexpired signature issued by the
 * photos service to someone allowed to see them. Streamed, never buffered whole.
 */
export function uploadsRouter(
  store: ObjectStore,
  signer: UrlSigner,
  /** when set, images are handed out as short-lived presigned URLs of the object store instead */
  presign?: (key: string, ttlSeconds: number) => Promise<string>,
): Router {
  const r = Router();
  r.get('/uploads/*key', async (req: Request, res: Response) => {
    const parts = (req.params as { key?: string[] }).key ?? [];
    const key = parts.join('/');
    const exp = typeof req.query.exp === 'string' ? req.query.exp : undefined;
    const sig = typeof req.query.sig === 'string' ? req.query.sig : undefined;
    if (!signer.verify(key, exp, sig)) {
      return sendProblem(
        res,
        new HttpError(403, 'bad_signature', 'This image link is invalid or has expired'),
      );
    }
    const remaining = Math.max(1, Number(exp) - Math.floor(Date.now() / 1000));
    if (presign) {
      // Our signature decided who may see it; the store's presigned URL lives no longer than ours.
      res.setHeader('Cache-Control', `private, max-age=${Math.min(remaining, 300)}`);
      res.redirect(302, await presign(key, Math.min(remaining, 3600)));
      return;
    }
    // Ranges, as a video player asks for them (a clip's MP4, ADR 033: Safari plays nothing without)
    const found = await store.head(key).catch(() => null);
    const range = found ? askedRange(req, found.size) : null;
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${found!.size}`);
      return sendProblem(res, new HttpError(416, 'range_not_satisfiable', 'This range is past the end'));
    }
    const obj = found ? await store.get(key, range ?? undefined).catch(() => null) : null;
    if (!obj) return sendProblem(res, new HttpError(404, 'not_found', 'Image not found'));
    const { start, end } = range ?? { start: 0, end: obj.info.size - 1 };
    res.status(range ? 206 : 200);
    res.setHeader('Accept-Ranges', 'bytes');
    if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${obj.info.size}`);
    res.setHeader('Content-Type', obj.info.contentType);
    res.setHeader('Content-Length', String(end - start + 1));
    res.setHeader('Cache-Control', `private, max-age=${Math.min(remaining, 3600)}`);
    res.setHeader('Content-Disposition', 'inline');
    // Uploaded bytes are never a page: even opened directly, nothing in them may run or load.
    res.setHeader('Content-Security-Policy', USER_CONTENT_CSP);
    obj.body.on('error', () => res.destroy());
    obj.body.pipe(res);
  });
  return r;
}
