import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  badRequest,
  createDeviceSchema,
  flagPhotoSchema,
  parseOr400,
  patchPhotoSchema,
  reportPhotoSchema,
  screenNextSchema,
  uploadFieldsSchema,
} from '@afterglow/contracts';
import { isSecureRequest, principalOf, type OriginPolicy } from '@afterglow/service-kit';
import type { PhotosApp } from '../app/photos';
import type { Device } from '../guests';
import { remindersRouter } from '../reminders';
import { findMeRouter } from '../find-me';
import { guestbookRouter } from './guestbook-routes';
import { readUpload } from './multipart';
import { tusRouter } from './tus';

const uuid = z.uuid();
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});

export function photosRouter(app: PhotosApp, secret: Buffer, origins: OriginPolicy): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });

  const proof = app.guests.proof(secret);
  /** The device named in the request, proven by its cookie; anything else is refused. */
  const ownedDevice = (req: Request, deviceId: unknown): Promise<Device> =>
    proof.prove(req.headers.cookie, deviceId);

  r.post('/api/events/:code/devices', json, async (req: Request, res: Response) => {
    const body = parseOr400(createDeviceSchema, req.body ?? {});
    const { event, device, created } = await app.guests.join(
      String(req.params.code),
      body.anonId,
      body.displayName,
      proof.owned(req.headers.cookie),
    );
    const cookie = proof.cookie(device.id, event);
    res.cookie(cookie.name, cookie.value, { ...cookie.options, secure: isSecureRequest(req, origins) });
    res.status(created ? 201 : 200).json(app.guests.toDto(device, event));
  });

  r.post('/api/events/:code/photos', async (req: Request, res: Response) => {
    const { fields, file, jpeg, release } = await readUpload(req);
    try {
      const parsed = parseOr400(uploadFieldsSchema, fields);
      // the device proven by its cookie; the upload's statement reads it (app/upload.ts)
      const id = proof.verify(req.headers.cookie, parsed.deviceId);
      if (!file || file.length === 0 || !jpeg)
        throw badRequest('Attach the photo as the `photo` part', 'photo_required');
      const result = await app.uploads.upload(
        String(req.params.code),
        { id },
        jpeg,
        parsed.caption,
        parsed.uploadId,
      );
      res.status(result.replayed ? 200 : 201).json(result);
    } finally {
      // stored (or refused): the photo's buffer serves the next upload
      release();
    }
  });

  // clips: resumable uploads (tus 1.0.0, ADR 033)
  r.use(tusRouter(app, ownedDevice));
  // the guestbook (issue 23)
  r.use(guestbookRouter(app, secret, proof, ownedDevice));
  // 'Tell me when the photos are revealed' (ADR 035)
  r.use(remindersRouter(app.reminders, ownedDevice, origins));
  // Find Me (ADR 036): a selfie, compared in memory
  r.use(findMeRouter(app.findMe, ownedDevice));

  r.get('/api/events/:code/photos', async (req: Request, res: Response) => {
    const page = parseOr400(pageQuery, req.query);
    res.json(await app.gallery.eventPhotos(String(req.params.code), principalOf(req, secret), page));
  });

  r.get('/api/events/:code/photos/pending', async (req: Request, res: Response) => {
    const page = parseOr400(pageQuery, req.query);
    res.json((await app.gallery.pending(String(req.params.code), principalOf(req, secret), page)).photos);
  });

  r.get('/api/photos/pending/:eventId', async (req: Request, res: Response) => {
    const page = parseOr400(pageQuery, req.query);
    res.json((await app.gallery.pending(String(req.params.eventId), principalOf(req, secret), page)).photos);
  });

  r.get('/api/photos/approved/:eventId', async (req: Request, res: Response) => {
    const page = parseOr400(pageQuery, req.query);
    const out = await app.gallery.approved(String(req.params.eventId), principalOf(req, secret), page);
    if (out.nextCursor) res.setHeader('x-next-cursor', out.nextCursor);
    res.json(out.photos);
  });

  r.get('/api/events/:id/stats', async (req: Request, res: Response) => {
    res.json(await app.stats.stats(String(req.params.id), principalOf(req, secret)));
  });

  /** A venue screen asks for its next photo of the shared order (ADR 017); screens are anonymous. */
  r.post('/api/events/:code/screens/next', json, async (req: Request, res: Response) => {
    const { screenId, showing } = parseOr400(screenNextSchema, req.body ?? {});
    res.setHeader('cache-control', 'no-store');
    res.json(await app.screens.next(String(req.params.code), principalOf(req, secret), screenId, showing));
  });

  r.get('/api/devices/:deviceId/photos', async (req: Request, res: Response) => {
    const device = await ownedDevice(req, req.params.deviceId);
    res.json(await app.gallery.devicePhotos(device));
  });

  r.patch('/api/photos/:id', json, async (req: Request, res: Response) => {
    const id = parseOr400(uuid, req.params.id);
    const { status } = parseOr400(patchPhotoSchema, req.body ?? {});
    res.json(await app.moderation.moderate(id, principalOf(req, secret), { status }));
  });

  r.post('/api/photos/:id/approve', async (req: Request, res: Response) => {
    res.json(
      await app.moderation.moderate(parseOr400(uuid, req.params.id), principalOf(req, secret), {
        status: 'approved',
      }),
    );
  });
  r.post('/api/photos/:id/reject', async (req: Request, res: Response) => {
    res.json(
      await app.moderation.moderate(parseOr400(uuid, req.params.id), principalOf(req, secret), {
        status: 'rejected',
      }),
    );
  });
  r.post('/api/photos/:id/flag', json, async (req: Request, res: Response) => {
    const { reason } = parseOr400(flagPhotoSchema, req.body ?? {});
    res.json(
      await app.moderation.moderate(parseOr400(uuid, req.params.id), principalOf(req, secret), {
        flag: reason,
      }),
    );
  });

  /** A guest reports a photo of their event (device cookie); a device counts once per photo. */
  r.post('/api/photos/:id/report', json, async (req: Request, res: Response) => {
    const id = parseOr400(uuid, req.params.id);
    const { deviceId, reason } = parseOr400(reportPhotoSchema, req.body ?? {});
    const device = await ownedDevice(req, deviceId);
    res.json(await app.guests.report(id, device, reason));
  });

  /** A guest deletes their own photo (device cookie), before the reveal. */
  r.delete('/api/photos/:id', async (req: Request, res: Response) => {
    const id = parseOr400(uuid, req.params.id);
    const device = await ownedDevice(req, req.query.deviceId);
    await app.deletion.deleteOwn(id, device);
    res.status(204).end();
  });

  return r;
}
