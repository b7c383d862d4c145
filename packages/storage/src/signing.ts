import { createHmac, timingSafeEqual } from 'node:crypto';

import { assertValidKey, isValidKey } from './keys';

/**
 * Signed URLs for objects served by our own gateway under '/uploads/<key>':
 *   /uploads/<key>?exp=<unix seconds>&sig=<base64url(HMAC-SHA256(secret, key + "\n" + exp))>
 *
 * The '\n' separator matters: keys may end in digits, so without it ('a1', exp '23') and ('a', exp '123')
 * would sign the same bytes. '\n' cannot occur in a key.
 *
 * `now` parameters are milliseconds since the epoch (Date.now()); `exp` is in whole seconds.
 */
export interface UrlSigner {
  /** '/uploads/<key>?exp=…&sig=…', valid for ttlSeconds from now. */
  sign(key: string, ttlSeconds: number, now?: number): string;
  /**
   * True only for an untampered signature of exactly this key and exp that has not expired (valid while
   * now < exp). Never throws: malformed or missing input is simply false. The comparison is constant-time.
   */
  verify(key: string, exp: string | undefined, sig: string | undefined, now?: number): boolean;
}

/** Unix seconds, as written by sign(): digits only, no sign, no leading zeros (so each exp has one spelling). */
const EXP_RE = /^(0|[1-9][0-9]{0,14})$/;
/** 32 bytes of HMAC-SHA256 in unpadded base64url: 43 characters, the last one carrying only 4 bits. */
const SIG_RE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function createUrlSigner(secret: string | Buffer): UrlSigner {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length === 0) throw new Error('createUrlSigner: the secret must not be empty');

  const mac = (objectKey: string, exp: string): Buffer =>
    createHmac('sha256', key).update(`${objectKey}\n${exp}`).digest();

  return {
    sign(objectKey: string, ttlSeconds: number, now: number = Date.now()): string {
      assertValidKey(objectKey);
      if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0)
        throw new RangeError('sign: ttlSeconds must be a positive number');
      const exp = String(Math.floor(now / 1000 + ttlSeconds));
      const sig = mac(objectKey, exp).toString('base64url');
      // Key characters are all URL-safe already; encoding each segment keeps that true should the alphabet grow.
      const path = objectKey.split('/').map(encodeURIComponent).join('/');
      return `/uploads/${path}?exp=${exp}&sig=${sig}`;
    },

    verify(
      objectKey: string,
      exp: string | undefined,
      sig: string | undefined,
      now: number = Date.now(),
    ): boolean {
      if (typeof exp !== 'string' || typeof sig !== 'string') return false;
      if (!isValidKey(objectKey) || !EXP_RE.test(exp) || !SIG_RE.test(sig)) return false;
      // Check the MAC before expiry so timing reveals nothing about a forged signature either way.
      const provided = Buffer.from(sig, 'base64url');
      const expected = mac(objectKey, exp);
      if (provided.length !== expected.length || !timingSafeEqual(provided, expected)) return false;
      return Math.floor(now / 1000) < Number(exp);
    },
  };
}
