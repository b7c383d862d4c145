import { Router, type Request, type Response } from 'express';
import {
  FIND_ME_MESSAGES,
  HttpError,
  SELFIE_MAX_BYTES,
  badRequest,
  findMeFieldsSchema,
  parseOr400,
} from '@afterglow/contracts';
import type { Device } from '../guests';
import { readUpload, type FilePart } from '../http/multipart';
import type { FindMe, Timing } from './find-me';

const SELFIE: FilePart = {
  name: 'selfie',
  maxBytes: SELFIE_MAX_BYTES,
  tooLarge: () => new HttpError(413, 'selfie_too_large', 'The selfie is too large'),
};

/**
 * Find Me (ADR 036): a device searches the event's photos with a selfie (`POST`) or takes the faces
 * matching it out of the index (`DELETE`, 'Remove me'). Both carry the same multipart body: the device,
 * `consent=true`, and the selfie, which lives in this request's memory only.
 */
export function findMeRouter(
  findMe: FindMe,
  ownedDevice: (req: Request, deviceId: unknown) => Promise<Device>,
): Router {
  const r = Router();
  /** The device and its selfie, once the guest's consent is in the body. */
  const read = async (req: Request) => {
    const { fields, file } = await readUpload(req, SELFIE);
    const f = parseOr400(findMeFieldsSchema, fields);
    const device = await ownedDevice(req, f.deviceId);
    if (!file || file.length === 0) throw badRequest(FIND_ME_MESSAGES.selfieRequired, 'selfie_required');
    return { device, selfie: file };
  };
  const fresh = (res: Response) => res.set('Cache-Control', 'no-store');

  r.post('/api/events/:code/find-me', async (req, res) => {
    const { device, selfie } = await read(req);
    const timing: Timing = {};
    const found = await findMe.search(String(req.params.code), device, selfie, timing);
    // describing the selfie, and matching it against the event's faces (the bench's search figure)
    res.set(
      'Server-Timing',
      `describe;dur=${(timing.describeMs ?? 0).toFixed(1)}, match;dur=${(timing.matchMs ?? 0).toFixed(1)}`,
    );
    fresh(res).json(found);
  });
  r.delete('/api/events/:code/find-me', async (req, res) => {
    const { device, selfie } = await read(req);
    fresh(res).json(await findMe.remove(String(req.params.code), device, selfie));
  });
  return r;
}
