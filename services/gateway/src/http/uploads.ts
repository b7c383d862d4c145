import { Router, type Request, type Response } from 'express';
import { HttpError } from '@afterglow/contracts';
import { sendProblem, sendStoredObject } from '@afterglow/service-kit';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';

/**
 * GET /uploads/<key>?exp=…&sig=…: images and clips (a byte range of one, for video players), only
 * through a valid, unexpired signature issued by the photos service to someone allowed to see them.
 * Streamed, never buffered whole.
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
    // a clip's MP4 in byte ranges, as video players ask (ADR 033)
    await sendStoredObject(req, res, store, key, `private, max-age=${Math.min(remaining, 3600)}`);
  });
  return r;
}
