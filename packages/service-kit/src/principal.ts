import type { Request } from 'express';
import { forbidden, unauthorized } from '@afterglow/contracts';
import type { Principal } from '@afterglow/contracts';
import { seal, unseal } from './sealed';

/**
 * The gateway authenticates the caller and passes who it is to the services in this header, signed
 * with the shared secret. Services trust nothing else about identity. The gateway drops any copy a
 * client sends.
 */
export const PRINCIPAL_HEADER = 'x-afterglow-principal';
const MAX_AGE_MS = 5 * 60_000;

export function signPrincipal(secret: Buffer, p: Principal, now = Date.now()): string {
  return seal(secret, 'principal', { ...p, iat: now });
}

export function verifyPrincipal(
  secret: Buffer,
  value: string | undefined,
  now = Date.now(),
): Principal | null {
  const p = unseal<Principal & { iat: number }>(secret, 'principal', value);
  if (!p || typeof p.iat !== 'number' || Math.abs(now - p.iat) > MAX_AGE_MS) return null;
  return {
    userId: p.userId,
    email: p.email,
    isAdmin: p.isAdmin === true,
    emailVerified: p.emailVerified === true,
  };
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
