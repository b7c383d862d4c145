import { Router, type Request, type Response } from 'express';
import { HttpError, unauthorized } from '@afterglow/contracts';
import {
  isSecureRequest,
  parseCookies,
  requestLanguage,
  seal,
  unseal,
  type Logger,
  type OriginPolicy,
} from '@afterglow/service-kit';
import type { OidcClient } from '../auth/oidc';
import { SESSION_COOKIE, newSessionId, type SessionStore } from '../auth/sessions';
import { toAuthUser, type Users } from '../identity/users';
import type { AuthedRequest } from './pipeline';

const LOGIN_COOKIE = 'ag_login';
export const SESSION_TTL_S = 14 * 24 * 3600;
const LOGIN_TTL_S = 10 * 60;

interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  /** the origin the sign-in started on: the callback and the session belong to it */
  origin: string;
  exp: number;
}

function readPending(secret: Buffer, raw: string | undefined): PendingLogin | null {
  const v = unseal<PendingLogin>(secret, 'login', raw);
  return v && v.exp > Date.now() ? v : null;
}

/** Only same-site paths: never an open redirect. */
export function safeReturnTo(v: unknown): string {
  return typeof v === 'string' && /^\/(?![/\\])[^\s]*$/.test(v) && v.length < 512 ? v : '/';
}

export function authRouter(opts: {
  oidc: OidcClient;
  sessions: SessionStore;
  users: Users;
  secret: Buffer;
  origins: OriginPolicy;
  adminRole: string;
  logger: Logger;
}): Router {
  const { oidc, sessions, users, secret, origins } = opts;
  const r = Router();
  const cookieOpts = (req: Request, maxAgeS: number, path = '/') => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(req, origins),
    path,
    maxAge: maxAgeS * 1000,
  });

  r.get('/api/login', async (req: Request, res: Response) => {
    // The sign-in happens on the origin the browser is on (if it is one of ours), so the identity
    // provider's pages, the callback and the session cookie all belong to the same site.
    const origin = origins.browserOrigin(req);
    const start = await oidc.start(origin).catch((err) => {
      opts.logger.error({ err: String(err) }, 'identity provider unreachable');
      throw new HttpError(
        503,
        'idp_unavailable',
        'Sign-in is unavailable right now, please try again shortly',
      );
    });
    const pending: PendingLogin = {
      state: start.state,
      nonce: start.nonce,
      verifier: start.verifier,
      returnTo: safeReturnTo(req.query.returnTo),
      origin,
      exp: Date.now() + LOGIN_TTL_S * 1000,
    };
    res.cookie(LOGIN_COOKIE, seal(secret, 'login', pending), cookieOpts(req, LOGIN_TTL_S, '/api'));
    res.set('Cache-Control', 'no-store').redirect(302, start.url);
  });

  r.get('/api/callback', async (req: Request, res: Response) => {
    const pending = readPending(secret, parseCookies(req.headers.cookie)[LOGIN_COOKIE]);
    res.clearCookie(LOGIN_COOKIE, { path: '/api' });
    if (!pending)
      throw new HttpError(
        400,
        'login_expired',
        'Your sign-in took too long or was started elsewhere; please sign in again',
      );
    if (typeof req.query.error === 'string') {
      res.redirect(302, '/');
      return;
    }
    let result;
    try {
      result = await oidc.finish(pending.origin, new URL(req.originalUrl, pending.origin), pending);
    } catch (err) {
      opts.logger.warn({ err: String(err) }, 'login failed');
      throw new HttpError(400, 'login_failed', 'Sign-in could not be completed; please try again');
    }
    const user = await users.upsertFromLogin({
      issuer: result.issuer,
      sub: result.sub,
      email: result.email,
      firstName: result.firstName,
      lastName: result.lastName,
      adminRole: result.roles.includes(opts.adminRole),
      emailVerified: result.emailVerified,
      lang: requestLanguage(req),
    });
    // A new session id at every login (no fixation); the previous one, if any, is ended.
    const old = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (old) await sessions.delete(old);
    const id = newSessionId();
    await sessions.set(
      id,
      { userId: user.id, idToken: result.idToken, createdAt: Date.now() },
      SESSION_TTL_S,
    );
    res.cookie(SESSION_COOKIE, id, cookieOpts(req, SESSION_TTL_S));
    res.set('Cache-Control', 'no-store').redirect(302, pending.returnTo);
  });

  r.get('/api/logout', async (req: Request, res: Response) => {
    const id = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    const s = id ? await sessions.get(id) : null;
    if (id) await sessions.delete(id);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    const url = s ? await oidc.logoutUrl(origins.browserOrigin(req), s.idToken) : null;
    res.set('Cache-Control', 'no-store').redirect(302, url ?? '/');
  });

  r.get('/api/auth/user', async (req: Request, res: Response) => {
    const u = (req as AuthedRequest).user;
    if (!u) throw unauthorized('Not signed in');
    res.set('Cache-Control', 'no-store').json(toAuthUser(u));
  });

  return r;
}
