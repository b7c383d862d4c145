import { describe, expect, it } from 'vitest';
import { signPrincipal, verifyPrincipal } from './principal';

const secret = Buffer.from('a'.repeat(40));
const p = { userId: 'u1', email: 'a@b.c', isAdmin: false, emailVerified: true };

describe('principal header', () => {
  it('round-trips a signed principal', () => {
    expect(verifyPrincipal(secret, signPrincipal(secret, p))).toEqual(p);
  });
  it('refuses tampering, another secret, expiry and garbage', () => {
    const v = signPrincipal(secret, p);
    const [payload, sig] = v.split('.');
    const forged = Buffer.from(JSON.stringify({ ...p, isAdmin: true, iat: Date.now() })).toString(
      'base64url',
    );
    expect(verifyPrincipal(secret, `${forged}.${sig}`)).toBeNull();
    expect(verifyPrincipal(Buffer.from('b'.repeat(40)), v)).toBeNull();
    expect(verifyPrincipal(secret, signPrincipal(secret, p, Date.now() - 10 * 60_000))).toBeNull();
    expect(verifyPrincipal(secret, `${payload}`)).toBeNull();
    expect(verifyPrincipal(secret, 'x.y')).toBeNull();
    expect(verifyPrincipal(secret, undefined)).toBeNull();
  });
});
