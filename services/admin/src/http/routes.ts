import { Readable } from 'node:stream';
import express, { Router, type Request, type Response } from 'express';
import {
  SECRET_MASK,
  adminActivityQuerySchema,
  adminEventIdSchema,
  adminEventsQuerySchema,
  adminExportKindSchema,
  adminGuestbookIdSchema,
  adminGuestbookModerateSchema,
  adminGuestbookQuerySchema,
  adminModerateSchema,
  adminPhotoIdSchema,
  adminPhotosQuerySchema,
  adminReasonSchema,
  adminUserIdSchema,
  adminUsersQuerySchema,
  adminMailQuerySchema,
  notifyMessages,
  parseOr400,
  type AdminSettings,
} from '@afterglow/contracts';
import { ask, type Bus } from '@afterglow/bus';
import { describeConfig, requireAdmin, type BaseConfig } from '@afterglow/service-kit';
import type { BackOffice } from '../app/back-office';
import type { AdminEvents } from '../app/events';
import { csvOf, exportTables } from '../app/export';
import type { AdminGuestbook } from '../app/guestbook';
import { T } from '../app/lookups';
import type { AdminUsers } from '../app/users';

export interface AdminRouteDeps {
  users: AdminUsers;
  events: AdminEvents;
  office: BackOffice;
  guestbook: AdminGuestbook;
  bus: Bus;
  secret: Buffer;
  config: BaseConfig;
  mode: string;
}

/** Everything an admin reads is about other people: never kept by a browser or a proxy. */
const fresh = (res: Response) => res.set('Cache-Control', 'no-store');

/** The back office's routes: admins only, as the signed principal from the gateway says. */
export function adminRouter({
  users,
  events,
  office,
  guestbook,
  bus,
  secret,
  config,
  mode,
}: AdminRouteDeps): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });
  const tables = exportTables(office);

  /** An admin's read: never kept by a browser or proxy. */
  const read = (path: string, answer: (req: Request) => Promise<unknown>) =>
    r.get(path, async (req, res) => {
      requireAdmin(req, secret);
      fresh(res).json(await answer(req));
    });
  read('/api/admin/stats', () => office.stats());
  read('/api/admin/users', (req) => office.users(parseOr400(adminUsersQuerySchema, req.query)));
  read('/api/admin/events', (req) => office.events(parseOr400(adminEventsQuerySchema, req.query)));
  read('/api/admin/photos', (req) => office.photos(parseOr400(adminPhotosQuerySchema, req.query)));
  read('/api/admin/activity', (req) => office.activity(parseOr400(adminActivityQuerySchema, req.query)));

  r.post('/api/admin/photos/:photoId/moderate', json, async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminPhotoIdSchema, req.params.photoId);
    const { action, reason } = parseOr400(adminModerateSchema, req.body ?? {});
    fresh(res).json(await office.moderate(admin, id, action, reason));
  });

  // every e-mail the product sent, kept or gave up on, with its links (ADR 035)
  read('/api/admin/mail', (req) => ask(bus, notifyMessages, parseOr400(adminMailQuerySchema, req.query), T));

  // guests' messages to the hosts (ADR 034): listed and decided as photos are
  read('/api/admin/guestbook', (req) => guestbook.list(parseOr400(adminGuestbookQuerySchema, req.query)));
  r.post('/api/admin/guestbook/:id/moderate', json, async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminGuestbookIdSchema, req.params.id);
    const { action } = parseOr400(adminGuestbookModerateSchema, req.body ?? {});
    fresh(res).json(await guestbook.moderate(admin, id, action));
  });

  r.get('/api/admin/export/:kind', async (req, res) => {
    requireAdmin(req, secret);
    const kind = parseOr400(adminExportKindSchema, req.params.kind);
    const chunks = csvOf(tables[kind]);
    // the first page is read before the answer starts, so a failure there is still a problem+json
    const first = await chunks.next();
    const day = new Date().toISOString().slice(0, 10);
    fresh(res).type('text/csv; charset=utf-8').attachment(`afterglow-${kind}-${day}.csv`);
    async function* rest() {
      if (!first.done) yield first.value;
      yield* chunks;
    }
    Readable.from(rest())
      .on('error', () => res.destroy())
      .pipe(res);
  });

  read('/api/admin/settings', async (): Promise<AdminSettings> => ({
    mode,
    settings: describeConfig(config, SECRET_MASK),
  }));

  r.post('/api/admin/users/:userId/suspend', json, async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    const { reason } = parseOr400(adminReasonSchema, req.body ?? {});
    fresh(res).json(await users.suspend(admin, id, reason));
  });

  r.post('/api/admin/users/:userId/unsuspend', async (req, res) => {
    const admin = requireAdmin(req, secret);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    fresh(res).json(await users.unsuspend(admin, id));
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
