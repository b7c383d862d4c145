import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { HttpError, STRIPE_WEBHOOK_PATH } from '@afterglow/contracts';
import {
  GUEST_ORIGIN_HEADER,
  PRINCIPAL_HEADER,
  isSecureRequest,
  originOf,
  parseCookies,
  sendProblem,
  signPrincipal,
  type OriginPolicy,
} from '@afterglow/service-kit';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import type { UserRow } from '../identity/schema';
import { toPrincipal, type Users } from '../identity/users';

export interface AuthedRequest extends Request {
  user?: UserRow;
}

/**
 * Establishes who is calling from the session cookie, refuses suspended accounts, and passes the
 * caller to the services as a signed principal header. Any principal header a client sent is dropped.
 */
export function authenticator(sessions: SessionStore, users: Users, secret: Buffer) {
  async function resolve(req: IncomingMessage): Promise<UserRow | null> {
    delete req.headers[PRINCIPAL_HEADER];
    const sid = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (!sid) return null;
    const s = await sessions.get(sid);
    if (!s) return null;
    const u = await users.get(s.userId);
    if (!u) return null;
    if (u.isSuspended) throw new HttpError(403, 'account_suspended', 'Your account has been suspended');
    req.headers[PRINCIPAL_HEADER] = signPrincipal(secret, toPrincipal(u));
    return u;
  }

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const u = await resolve(req);
      if (u) (req as AuthedRequest).user = u;
      next();
    } catch (err) {
      // Signing out must stay possible for a suspended account.
      if (
        err instanceof HttpError &&
        err.code === 'account_suspended' &&
        req.originalUrl.split('?')[0] === '/api/logout'
      )
        return next();
      if (err instanceof HttpError) return sendProblem(res, err);
      next(err);
    }
  };
  return { middleware, resolve };
}

/** Headers every answer carries; the UI's stricter CSP comes with the shell. */
export function securityHeaders(origins: OriginPolicy, imageOrigins: string[] = [], stripe = false) {
  const img = ["'self'", 'data:', 'blob:', ...imageOrigins].join(' ');
  // clips (ADR 033): the camera's preview of a recording (blob:), and MP4s where pictures come from
  const media = ["'self'", 'blob:', ...imageOrigins].join(' ');
  // Stripe's Payment Element (ADR 024): its script and frames, and its API, only when keys are set
  const script = stripe ? "'self' https://js.stripe.com" : "'self'";
  const stripeParts = stripe
    ? "; frame-src https://js.stripe.com https://hooks.stripe.com; connect-src 'self' https://api.stripe.com"
    : '';
  return (req: Request, res: Response, next: NextFunction) => {
    const https = isSecureRequest(req, origins);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'self'; script-src ${script}; object-src 'none'; img-src ${img}; media-src ${media}; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'${stripeParts}`,
    );
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/**
 * CSRF: a cookie-authenticated write must come from our own origin. Browsers send Origin on every
 * cross-site POST/PUT/PATCH/DELETE; where one is left out (old browsers, some privacy settings) a
 * Referer from another site is refused too. SameSite=Lax cookies are the second line.
 */
export function sameOrigin(origins: OriginPolicy) {
  const allowed = (origin: string | null) => !!origin && origins.isAllowed(origin);
  const refuse = (res: Response) =>
    sendProblem(res, new HttpError(403, 'cross_origin', 'Cross-site requests are not allowed'));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    // Stripe's webhook is a cross-site POST by design: no cookie, and its signature is its proof (ADR 024)
    if (req.originalUrl.split('?')[0] === STRIPE_WEBHOOK_PATH) return next();
    const origin = req.headers.origin;
    if (origin !== undefined) return allowed(origin) ? next() : refuse(res);
    const referer = req.headers.referer;
    if (referer !== undefined && !allowed(originOf(referer))) return refuse(res);
    next();
  };
}

/**
 * Tells the services which origin guests' phones should open for this request (join links, QR
 * codes), after dropping any value a client sent.
 */
export function guestOrigin(origins: OriginPolicy) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[GUEST_ORIGIN_HEADER] = origins.guestOrigin(req);
    next();
  };
}
