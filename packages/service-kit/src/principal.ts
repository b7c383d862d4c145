import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { forbidden, unauthorized } from '@afterglow/contracts';
import type { Principal } from '@afterglow/contracts';

/**
 * The gateway authenticates the caller and passes who it is to the services in this header, signed
 * with the shared secret. Services trust nothing else about identity. The gateway drops any copy a
 * client sends.
 */
export const PRINCIPAL_HEADER = 'x-afterglow-principal';
const MAX_AGE_MS = 5 * 60_000;

export function signPrincipal(secret: Buffer, p: Principal, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...p, iat: now })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`principal.${payload}`).digest('base64url');
  return `${payload}.${sig}`;
}

export function verifyPrincipal(
  secret: Buffer,
  value: string | undefined,
  now = Date.now(),
): Principal | null {
  if (!value) return null;
  const [payload, sig] = value.split('.');
  if (!payload || !sig) return null;
  const expected = createHmac('sha256', secret).update(`principal.${payload}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Principal & { iat: number };
    if (typeof p.iat !== 'number' || Math.abs(now - p.iat) > MAX_AGE_MS) return null;
    return { userId: p.userId, email: p.email, isAdmin: p.isAdmin === true, plan: p.plan ?? 'free' };
  } catch {
    return null;
  }
}

export function principalOf(req: Pick<Request, 'headers'>, secret: Buffer): Principal | null {
  const h = req.headers[PRINCIPAL_HEADER];
  return verifyPrincipal(secret, Array.isArray(h) ? h[0] : h);
}

export function requireUser(req: Request, secret: Buffer): Principal {
  const p = principalOf(req, secret);
  if (!p) throw unauthorized();
  return p;
}

export function requireAdmin(req: Request, secret: Buffer): Principal {
  const p = requireUser(req, secret);
  if (!p.isAdmin) throw forbidden('Administrator privileges required', 'admin_required');
  return p;
}
