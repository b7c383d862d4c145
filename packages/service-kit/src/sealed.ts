import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A JSON value sealed with an HMAC: `<base64url json>.<base64url mac>`. The purpose is mixed into
 * the MAC so a value sealed for one use (a login cookie) is worthless for another (a principal).
 * Not encrypted: put nothing secret inside.
 */
export function seal(secret: Buffer, purpose: string, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url')}`;
}

export function unseal<T>(secret: Buffer, purpose: string, raw: string | undefined): T | null {
  if (!raw) return null;
  const [body, mac, extra] = raw.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const want = createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
