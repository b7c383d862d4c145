import express, { Router, type Request } from 'express';
import {
  createEventSchema,
  extendEventSchema,
  liveModeSchema,
  parseOr400,
  sharingSchema,
  updateEventSchema,
} from '@afterglow/contracts';
import { toldGuestOrigin, principalOf, requireUser, type OriginPolicy } from '@afterglow/service-kit';
import type { EventsApp } from '../app/events';
import type { EventLifecycle } from '../app/lifecycle';
import type { MyEvents } from '../app/my-events';

export function eventsRouter(
  app: EventsApp,
  lifecycle: EventLifecycle,
  mine: MyEvents,
  secret: Buffer,
  origins: OriginPolicy,
): Router {
  const r = Router();
  /** the origin guests will open, as the gateway worked it out for this request */
  const guests = (req: Request) => toldGuestOrigin(req, origins);
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

  r.patch('/api/events/:id', async (req, res) => {
    const actor = requireUser(req, secret);
    const changes = parseOr400(updateEventSchema, req.body ?? {});
    res.json(await app.edit(req.params.id, actor, changes, guests(req)));
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
    const { isPublic, shareDescription, reportThreshold } = parseOr400(sharingSchema, req.body ?? {});
    res.json(
      await app.setSharing(
        req.params.id,
        actor,
        {
          isPublic,
          shareDescription: shareDescription ?? null,
          ...(reportThreshold ? { reportThreshold } : {}),
        },
        guests(req),
      ),
    );
  });

  r.post('/api/events/:id/end', async (req, res) => {
    const actor = requireUser(req, secret);
    res.json(await lifecycle.end(req.params.id, actor, guests(req)));
  });

  r.post('/api/events/:id/extend', async (req, res) => {
    const actor = requireUser(req, secret);
    const { endsAt } = parseOr400(extendEventSchema, req.body ?? {});
    res.json(await lifecycle.extend(req.params.id, actor, endsAt, guests(req)));
  });

  r.delete('/api/events/:id', async (req, res) => {
    const actor = requireUser(req, secret);
    await lifecycle.delete(req.params.id, actor);
    res.status(204).end();
  });

  // the signed-in user's own page: never cached (a plan change or a new photo shows at the next ask)
  r.get('/api/user/stats', async (req, res) => {
    const user = requireUser(req, secret);
    res.set('Cache-Control', 'no-store').json(await mine.stats(user));
  });

  r.get('/api/user/events', async (req, res) => {
    const user = requireUser(req, secret);
    res.set('Cache-Control', 'no-store').json(await mine.list(user));
  });

  return r;
}
