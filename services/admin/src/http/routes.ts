import express, { Router } from 'express';
import { adminEventIdSchema, adminReasonSchema, adminUserIdSchema, parseOr400 } from '@afterglow/contracts';
import { requireAdmin } from '@afterglow/service-kit';
import type { AdminEvents } from '../app/events';
import type { AdminUsers } from '../app/users';

/** The back office's routes: admins only, as the signed principal from the gateway says. */
export function adminRouter(users: AdminUsers, events: AdminEvents, secret: Buffer): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });

  r.post('/api/admin/users/:userId/suspend', json, async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    const { reason } = parseOr400(adminReasonSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store').json(await users.suspend(admin, id, reason));
  });

  r.post('/api/admin/users/:userId/unsuspend', async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    res.set('Cache-Control', 'no-store').json(await users.unsuspend(admin, id));
  });

  r.delete('/api/admin/events/:eventId', json, async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminEventIdSchema, req.params.eventId);
    const { reason } = parseOr400(adminReasonSchema, req.body ?? {});
    await events.delete(admin, id, reason);
    res.status(204).end();
  });

  return r;
}
