import { isUuid } from '@afterglow/contracts';

/**
 * The guest's identity lives in localStorage (spec section 3): a random anonymous id made once, and
 * one device id per event code. Storage can be unavailable (private modes, blocked cookies): we then
 * keep the values in memory for this page's life so the guest can still join and shoot.
 */
const memory = new Map<string, string>();

export const ANON_ID_KEY = 'afterglow:anonId';
export const deviceKey = (code: string) => `afterglow:device:${code.toUpperCase()}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the in-memory copy serves this visit */
  }
}

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, so build one from random bytes otherwise. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The anonymous id of this browser, created on first use. */
export function getAnonId(): string {
  const existing = read(ANON_ID_KEY);
  if (existing && isUuid(existing)) return existing;
  const id = newUuid();
  write(ANON_ID_KEY, id);
  return id;
}

export function getDeviceId(code: string): string | null {
  const id = read(deviceKey(code));
  return id && isUuid(id) ? id : null;
}

export function setDeviceId(code: string, id: string): void {
  write(deviceKey(code), id);
}
