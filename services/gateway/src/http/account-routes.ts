import express, { Router, type Request } from 'express';
import {
  HttpError,
  changeEmailSchema,
  changePasswordSchema,
  parseOr400,
  unauthorized,
} from '@afterglow/contracts';
import { parseCookies, requestLanguage, type OriginPolicy } from '@afterglow/service-kit';
import { SESSION_COOKIE } from '../auth/sessions';
import { verifyPassword } from '../identity/passwords';
import type { AccountRecovery } from '../identity/recovery';
import type { AuthedRequest } from './pipeline';
import { rateLimited } from './rate-limit';

/**
 * My Dashboard's account settings for the embedded identity provider's accounts (ADR 035): a new
 * password (every other session ends), a new address (used once confirmed at it), the confirmation
 * link again. An external provider's accounts change these at the provider.
 */
export function accountRouter(recovery: AccountRecovery, origins: OriginPolicy): Router {
  const r = Router();
  const json = express.json({ limit: '4kb' });

  /** The caller's local account, or a clear refusal. */
  const mine = async (req: Request) => {
    const u = (req as AuthedRequest).user;
    if (!u) throw unauthorized('Not signed in');
    const account = await recovery.accountOfUser(u.id);
    if (!account)
      throw new HttpError(
        409,
        'external_account',
        'Your password and e-mail address are managed by your sign-in provider',
      );
    return account;
  };
  const wrongPassword = (path: 'currentPassword' | 'password') =>
    new HttpError(400, 'wrong_password', 'Your current password is not right', [
      { path, message: 'Your current password is not right' },
    ]);

  r.post('/api/account/password', json, async (req, res) => {
    const body = parseOr400(changePasswordSchema, req.body ?? {});
    const account = await mine(req);
    if (!(await verifyPassword(body.currentPassword, account.passwordHash)))
      throw wrongPassword('currentPassword');
    await recovery.changePassword(
      account.id,
      body.newPassword,
      parseCookies(req.headers.cookie)[SESSION_COOKIE],
    );
    const origin = origins.browserOrigin(req);
    await recovery.mail({
      key: `password-changed:${account.id}:${Date.now()}`,
      template: 'account.password-changed',
      to: { email: account.email },
      lang: requestLanguage(req),
      params: { url: `${origin}/idp/forgot` },
    });
    res.set('Cache-Control', 'no-store').json({ changed: true });
  });

  r.post('/api/account/email', json, async (req, res) => {
    const body = parseOr400(changeEmailSchema, req.body ?? {});
    const account = await mine(req);
    if (!(await verifyPassword(body.password, account.passwordHash))) throw wrongPassword('password');
    if (body.email === account.email.toLowerCase())
      throw new HttpError(400, 'same_email', 'This is already your e-mail address');
    const sent = await recovery.confirmationLink(
      account,
      'email',
      body.email,
      origins.browserOrigin(req),
      requestLanguage(req),
    );
    if (!sent) throw rateLimited();
    res.status(202).set('Cache-Control', 'no-store').json({ pending: body.email });
  });

  r.post('/api/account/confirmation', async (req, res) => {
    const account = await mine(req);
    if (account.emailVerifiedAt) return res.set('Cache-Control', 'no-store').json({ emailVerified: true });
    const sent = await recovery.confirmationLink(
      account,
      'confirm',
      account.email,
      origins.browserOrigin(req),
      requestLanguage(req),
    );
    if (!sent) throw rateLimited();
    res.status(202).set('Cache-Control', 'no-store').json({ emailVerified: false, sent: true });
  });
  return r;
}
