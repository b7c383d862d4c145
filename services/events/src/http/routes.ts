import express, { Router, type Request } from 'express';
import { createEventSchema, liveModeSchema, parseOr400, sharingSchema } from '@afterglow/contracts';
import {
  GUEST_ORIGIN_HEADER,
  originOf,
  principalOf,
  requireUser,
  type OriginPolicy,
} from '@afterglow/service-kit';
import type { EventsApp } from '../app/events';

export function eventsRouter(app: EventsApp, secret: Buffer, origins: OriginPolicy): Router {
  const r = Router();
  /** the origin guests will open, as the gateway worked it out for this request */
  const guests = (req: Request) => {
    const told = req.headers[GUEST_ORIGIN_HEADER];
    return (typeof told === 'string' && originOf(told)) || origins.guestOrigin();
  };
  r.use('/api/events', express.json({ limit: '64kb' }));

  r.post('/api/events', async (req, res) => {
    const host = requireUser(req, secret);
    const body = parseOr400(createEventSchema, req.body ?? {});
    const event = await app.create(host, body, guests(req));
    res.status(201).json(event);
  });

  r.get('/api/events/by-code/:code', async (req, res) => {
    res.json(await app.view(req.params.code, principalOf(req, secret), guests(req)));
  });

  r.get('/api/events/:idOrCode', async (req, res) => {
    res.json(await app.view(req.params.idOrCode, principalOf(req, secret), guests(req)));
  });

  r.get('/api/events/:id/qr-kit', async (req, res) => {
    const actor = requireUser(req, secret);
    res.json(await app.qrKit(req.params.id, actor, guests(req)));
  });

  r.post('/api/events/:id/live-mode', async (req, res) => {
    const actor = requireUser(req, secret);
    const { enabled } = parseOr400(liveModeSchema, req.body ?? {});
    res.json(await app.setLiveMode(req.params.id, actor, enabled, guests(req)));
  });

  r.put('/api/events/:id/sharing', async (req, res) => {
    const actor = requireUser(req, secret);
    const { isPublic, shareDescription } = parseOr400(sharingSchema, req.body ?? {});
    res.json(
      await app.setSharing(
        req.params.id,
        actor,
        { isPublic, shareDescription: shareDescription ?? null },
        guests(req),
      ),
    );
  });

  return r;
}
