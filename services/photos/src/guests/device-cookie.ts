import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DEVICE_COOKIE_PREFIX, HttpError, badRequest, type EventRecord } from '@afterglow/contracts';
import { parseCookies } from '@afterglow/service-kit';
import type { DeviceRow } from '../adapters/schema';

/**
 * A device id is bound to the browser that created it by an httpOnly cookie named
 * `DEVICE_COOKIE_PREFIX` + the id, holding an HMAC of the id. A request naming a device id without
 * that cookie is refused.
 */
export const deviceCookieName = (deviceId: string) => `${DEVICE_COOKIE_PREFIX}${deviceId}`;

export function deviceToken(secret: Buffer, deviceId: string): string {
  return createHmac('sha256', secret).update(`device.${deviceId}`).digest('base64url');
}

export function verifyDeviceToken(secret: Buffer, deviceId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(deviceToken(secret, deviceId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const uuid = z.uuid();
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

export const notYours = () =>
  new HttpError(
    403,
    'device_not_yours',
    'This device is not registered in this browser; please join the event again',
  );

/** The device cookie to set after joining: kept 180 days, or 90 days past the event's end if later. */
export interface DeviceCookie {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: 'lax'; path: '/api'; maxAge: number };
}

/** Proving devices by their cookies, with the process's secret. */
export interface DeviceProof {
  /** the cookie that binds a just-joined device to this browser */
  cookie(deviceId: string, event: EventRecord): DeviceCookie;
  /** the ids of the devices a request's cookies prove (forged or malformed ones are left out) */
  owned(cookieHeader: string | undefined): string[];
  /** the device a request names, proven by its cookie: 400 without an id, 403 when not this browser's */
  prove(cookieHeader: string | undefined, deviceId: unknown): Promise<DeviceRow>;
  /**
   * The id of the device a request names, when its cookie proves it this browser's (400 without an id,
   * 403 otherwise), without reading the device: for a statement that reads it itself (an upload's).
   */
  verify(cookieHeader: string | undefined, deviceId: unknown): string;
}

export function deviceProof(
  secret: Buffer,
  lookup: (deviceId: string) => Promise<DeviceRow | null>,
): DeviceProof {
  return {
    cookie(deviceId, event) {
      const maxAge = Math.max(
        DEVICE_COOKIE_MAX_AGE_S,
        Math.ceil((Date.parse(event.endsAt) - Date.now()) / 1000) + 90 * 24 * 3600,
      );
      return {
        name: deviceCookieName(deviceId),
        value: deviceToken(secret, deviceId),
        options: { httpOnly: true, sameSite: 'lax', path: '/api', maxAge: maxAge * 1000 },
      };
    },

    owned(cookieHeader) {
      const at = DEVICE_COOKIE_PREFIX.length;
      return Object.entries(parseCookies(cookieHeader))
        .filter(([k, v]) => k.startsWith(DEVICE_COOKIE_PREFIX) && verifyDeviceToken(secret, k.slice(at), v))
        .map(([k]) => k.slice(at))
        .filter((id) => uuid.safeParse(id).success);
    },

    verify(cookieHeader, deviceId) {
      const id = uuid.safeParse(deviceId);
      if (!id.success) throw badRequest('Upload must carry a device id', 'device_required');
      const token = parseCookies(cookieHeader)[deviceCookieName(id.data)];
      if (!verifyDeviceToken(secret, id.data, token)) throw notYours();
      return id.data;
    },

    async prove(cookieHeader, deviceId) {
      const d = await lookup(this.verify(cookieHeader, deviceId));
      if (!d) throw notYours();
      return d;
    },
  };
}
