import express, { Router, type Request, type Response } from 'express';
import { parseOr400, reminderAskSchema, reminderQuerySchema } from '@afterglow/contracts';
import { requestLanguage, toldGuestOrigin, type OriginPolicy } from '@afterglow/service-kit';
import type { Device } from '../guests';
import type { Reminders } from './reminders';

/**
 * 'Tell me when the photos are revealed' (ADR 035): each device asks, reads and withdraws its own
 * reminders, proven by its device cookie as for photos.
 */
export function remindersRouter(
  reminders: Reminders,
  ownedDevice: (req: Request, deviceId: unknown) => Promise<Device>,
  origins: OriginPolicy,
): Router {
  const r = Router();
  const json = express.json({ limit: '8kb' });
  /** the origin the guest's phone uses (the gateway tells it), for the gallery link */
  const guestOrigin = (req: Request) => toldGuestOrigin(req, origins);
  const fresh = (res: Response) => res.set('Cache-Control', 'no-store');

  r.post('/api/events/:code/reminders', json, async (req, res) => {
    const ask = parseOr400(reminderAskSchema, req.body ?? {});
    const device = await ownedDevice(req, ask.deviceId);
    const state = await reminders.ask(
      String(req.params.code),
      device,
      ask,
      requestLanguage(req),
      guestOrigin(req),
    );
    fresh(res).status(201).json(state);
  });

  r.get('/api/events/:code/reminders', async (req, res) => {
    const q = parseOr400(reminderQuerySchema, req.query);
    const device = await ownedDevice(req, q.deviceId);
    fresh(res).json(await reminders.state(String(req.params.code), device));
  });

  r.delete('/api/events/:code/reminders', async (req, res) => {
    const q = parseOr400(reminderQuerySchema, req.query);
    const device = await ownedDevice(req, q.deviceId);
    fresh(res).json(await reminders.withdraw(String(req.params.code), device, q.channel));
  });
  return r;
}
