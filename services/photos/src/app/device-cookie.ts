import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A device id is bound to the browser that created it by an httpOnly cookie `agd_<deviceId>` holding
 * an HMAC of the id. A request naming a device id without that cookie is refused.
 */
export const deviceCookieName = (deviceId: string) => `agd_${deviceId}`;

export function deviceToken(secret: Buffer, deviceId: string): string {
  return createHmac('sha256', secret).update(`device.${deviceId}`).digest('base64url');
}

export function verifyDeviceToken(secret: Buffer, deviceId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(deviceToken(secret, deviceId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
