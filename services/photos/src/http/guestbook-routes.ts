import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  GUESTBOOK_AUDIO_MAX_BYTES,
  guestbookDeleteQuerySchema,
  guestbookListQuerySchema,
  guestbookTextSchema,
  guestbookVoiceFieldsSchema,
  parseOr400,
  reportGuestbookEntrySchema,
  type GuestbookPostResult,
} from '@afterglow/contracts';
import { principalOf } from '@afterglow/service-kit';
import type { PhotosApp } from '../app/photos';
import type { Device, DeviceProof } from '../guests';
import { audioTooBig } from '../guestbook/voice';
import { readUpload, type FilePart } from './multipart';

const uuid = z.uuid();
/** A voice message's file part. */
const AUDIO_PART: FilePart = { name: 'audio', maxBytes: GUESTBOOK_AUDIO_MAX_BYTES, tooLarge: audioTooBig };

const isMultipart = (req: Request) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * The guestbook's routes (issue 23), with photos' auth model: a guest by the device cookie checked
 * against the `deviceId` they name, the host by session and event ownership (admins pass as for
 * photos), everyone else by what the visibility module lets them see.
 */
export function guestbookRouter(
  app: PhotosApp,
  secret: Buffer,
  proof: DeviceProof,
  ownedDevice: (req: Request, deviceId: unknown) => Promise<Device>,
): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });
  const { posts, entries } = app.guestbook;

  /** A message: JSON `{deviceId, text, uploadId?}`, or multipart with `deviceId`, `uploadId?`, `audio`. */
  r.post('/api/events/:code/guestbook', json, async (req: Request, res: Response) => {
    const code = String(req.params.code);
    let posted: GuestbookPostResult;
    if (isMultipart(req)) {
      const { fields, file } = await readUpload(req, AUDIO_PART);
      const { deviceId, uploadId } = parseOr400(guestbookVoiceFieldsSchema, fields);
      posted = await posts.voice(code, await ownedDevice(req, deviceId), file, uploadId);
    } else {
      const { deviceId, text, uploadId } = parseOr400(guestbookTextSchema, req.body ?? {});
      posted = await posts.text(code, await ownedDevice(req, deviceId), text, uploadId);
    }
    res.status(posted.replayed ? 200 : 201).json(posted);
  });

  /** The host gets every entry; anyone else what the visibility module lets them see (and their own). */
  r.get('/api/events/:code/guestbook', async (req: Request, res: Response) => {
    const q = parseOr400(guestbookListQuerySchema, req.query);
    res.setHeader('cache-control', 'private, no-store');
    res.json(
      await entries.page(
        String(req.params.code),
        principalOf(req, secret),
        proof.owned(req.headers.cookie),
        q,
      ),
    );
  });

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    r.post(`/api/guestbook/:id/${action}`, async (req: Request, res: Response) => {
      const id = parseOr400(uuid, req.params.id);
      res.json(await entries.moderate(id, principalOf(req, secret), status));
    });

  /** A guest reports an entry of their event (device cookie); a device counts once per entry. */
  r.post('/api/guestbook/:id/report', json, async (req: Request, res: Response) => {
    const id = parseOr400(uuid, req.params.id);
    const { deviceId, reason } = parseOr400(reportGuestbookEntrySchema, req.body ?? {});
    res.json(await app.guests.reportEntry(id, await ownedDevice(req, deviceId), reason));
  });

  /** The author takes their entry back (device cookie), before the reveal. */
  r.delete('/api/guestbook/:id', async (req: Request, res: Response) => {
    const id = parseOr400(uuid, req.params.id);
    const { deviceId } = parseOr400(guestbookDeleteQuerySchema, req.query);
    await entries.deleteOwn(id, await ownedDevice(req, deviceId));
    res.status(204).end();
  });

  return r;
}
