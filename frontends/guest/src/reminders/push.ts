import { ApiError } from '@afterglow/ui';
import type { PushSubscriptionJson } from '@afterglow/contracts';

// A push to this phone at the reveal (Web Push through the guest's service worker, offline/sw.ts):
// where it can work, and subscribing and unsubscribing this browser.

/**
 * `ready`: this browser can subscribe; `install`: an iPhone or iPad outside the installed app (Safari
 * offers Web Push only to Home Screen apps); `none`: no Web Push here (or not a secure context).
 */
export type PushSupport = 'ready' | 'install' | 'none';

/** The little of `window` the check reads (a plain object in tests). */
export interface PushEnv {
  isSecureContext?: boolean;
  navigator?: { userAgent?: string; platform?: string; maxTouchPoints?: number; standalone?: boolean };
  matchMedia?: (query: string) => { matches: boolean };
}

const isIos = (nav: NonNullable<PushEnv['navigator']>) =>
  /iPhone|iPad|iPod/.test(nav.userAgent ?? '') ||
  // iPadOS asks for desktop sites: a 'Mac' with a touch screen
  (/Macintosh|MacIntel/.test(nav.userAgent ?? nav.platform ?? '') && (nav.maxTouchPoints ?? 0) > 1);

export function pushSupport(
  w: PushEnv | undefined = typeof window === 'undefined' ? undefined : window,
): PushSupport {
  const nav = w?.navigator;
  if (!w || !nav || !w.isSecureContext) return 'none';
  const standalone = w.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
  if (isIos(nav) && !standalone) return 'install';
  return 'serviceWorker' in nav && 'PushManager' in w && 'Notification' in w ? 'ready' : 'none';
}

/** Why this phone could not be subscribed: notifications blocked, or push failed here. */
export class PushUnavailable extends Error {
  constructor(readonly reason: 'blocked' | 'failed') {
    super(`push ${reason}`);
    this.name = 'PushUnavailable';
  }
}

/** The VAPID key as the browser wants it: base64url (padded or not) to bytes. */
export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** `PushSubscription.toJSON()` as the server takes it, or null when the browser left a part out. */
export function subscriptionJson(j: PushSubscriptionJSON): PushSubscriptionJson | null {
  const p256dh = j.keys?.p256dh;
  const auth = j.keys?.auth;
  if (!j.endpoint || !p256dh || !auth) return null;
  return { endpoint: j.endpoint, expirationTime: j.expirationTime ?? null, keys: { p256dh, auth } };
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** The worker may never become ready (it failed to install): give up rather than spin for ever. */
const READY_MS = 10_000;
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushUnavailable('failed')), ms);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * 'Notify me on this phone': asks for permission (in the tap that called it), then subscribes through
 * the page's service worker with the server's key. Null when the guest closed the question unanswered.
 */
export async function subscribeThisPhone(
  publicKey: () => Promise<string>,
): Promise<PushSubscriptionJson | null> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushUnavailable('blocked');
  if (permission !== 'granted') return null;
  try {
    const [key, reg] = await Promise.all([
      publicKey().then(base64UrlToBytes),
      within(navigator.serviceWorker.ready, READY_MS),
    ]);
    let sub = await reg.pushManager.getSubscription();
    // subscribed before with another key (the server's keys changed): that one cannot be reused
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscriptionJson(sub.toJSON());
    if (!json) throw new PushUnavailable('failed');
    return json;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError') throw new PushUnavailable('blocked');
    // the server's own refusals (its problem's detail) are shown as they are
    if (err instanceof ApiError || err instanceof PushUnavailable) throw err;
    console.warn('Push subscription failed', err);
    throw new PushUnavailable('failed');
  }
}

/**
 * The events this browser's one push subscription serves (a browser has one per site): 'Stop' at one
 * event must not silence another's reminder.
 */
const PUSH_EVENTS_KEY = 'afterglow:reminder-push';
function pushEvents(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PUSH_EVENTS_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
/** Notes that `code`'s reminder uses (or no longer uses) this browser's subscription. */
export function rememberPush(code: string, on: boolean): string[] {
  const rest = pushEvents().filter((c) => c !== code);
  const next = on ? [...rest, code] : rest;
  try {
    localStorage.setItem(PUSH_EVENTS_KEY, JSON.stringify(next));
  } catch {
    /* storage unavailable: the subscription goes with the first 'Stop' */
  }
  return next;
}

/**
 * 'Stop' at `code`: this browser's subscription goes too, unless another event's reminder still uses
 * it (best effort: the server has already forgotten it for this event).
 */
export async function unsubscribeThisPhone(code: string): Promise<void> {
  try {
    if (rememberPush(code, false).length > 0) return;
    if (!('serviceWorker' in navigator)) return;
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager?.getSubscription();
    await sub?.unsubscribe();
  } catch (err) {
    console.warn('Push unsubscribe failed', err);
  }
}
