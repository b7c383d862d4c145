import express, { Router, type Request, type Response } from 'express';
import {
  adminReasonSchema,
  adminUserIdSchema,
  conflict,
  forbidden,
  notFound,
  parseOr400,
  unauthorized,
  type AdminUserState,
} from '@afterglow/contracts';
import type { Logger } from '@afterglow/service-kit';
import type { UserRow } from '../identity/schema';
import type { Users } from '../identity/users';
import type { AuthedRequest } from './pipeline';

const toState = (u: UserRow): AdminUserState => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  plan: u.plan,
  isSuspended: u.isSuspended,
  createdAt: u.createdAt.toISOString(),
});

/** The caller, who must be an admin: the users table says so (from the provider's role or the admin e-mails). */
function requireAdminUser(req: Request): UserRow {
  const u = (req as AuthedRequest).user;
  if (!u) throw unauthorized();
  if (!u.isAdmin) throw forbidden('Administrator privileges required', 'admin_required');
  return u;
}

/** Account suspension by admins. Users live here, at the gateway (schema `identity`). */
export function adminRouter(users: Users, logger: Logger): Router {
  const r = Router();
  const json = express.json({ limit: '16kb' });

  r.post('/api/admin/users/:userId/suspend', json, async (req: Request, res: Response) => {
    const admin = requireAdminUser(req);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    const { reason } = parseOr400(adminReasonSchema, req.body ?? {});
    if (id === admin.id) throw conflict('You cannot suspend your own account', 'cannot_suspend_self');
    const u = await users.setSuspended(id, true);
    if (!u) throw notFound('User not found', 'user_not_found');
    logger.info({ audit: 'user.suspended', userId: id, by: admin.id, reason }, 'user suspended');
    res.set('Cache-Control', 'no-store').json(toState(u));
  });

  r.post('/api/admin/users/:userId/unsuspend', async (req: Request, res: Response) => {
    const admin = requireAdminUser(req);
    const id = parseOr400(adminUserIdSchema, req.params.userId);
    const u = await users.setSuspended(id, false);
    if (!u) throw notFound('User not found', 'user_not_found');
    logger.info({ audit: 'user.unsuspended', userId: id, by: admin.id }, 'user unsuspended');
    res.set('Cache-Control', 'no-store').json(toState(u));
  });

  return r;
}
