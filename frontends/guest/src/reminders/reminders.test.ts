import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, translator } from '@afterglow/ui';
import { runReminder } from './actions';
import { reminderError } from './errors';
import { PushUnavailable, base64UrlToBytes, pushSupport, rememberPush, subscriptionJson } from './push';

const CODE = 'ABC123';
const DEVICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const STATE = { email: 'guest@example.com', push: false, revealed: false };
/** A VAPID public key's shape: 65 bytes, base64url without padding. */
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUB = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

type Call = [url: string, init: RequestInit];
/** fetch answering each call in turn. */
function answers(...res: Response[]) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(res.shift()!));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
const sent = (call: Call | undefined) => JSON.parse(String(call?.[1].body)) as unknown;

/** localStorage in memory (Node has none). */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** A browser with a service worker, Notification and a push manager; `sub` is what it is subscribed to. */
function pushBrowser(
  permission: NotificationPermission,
  existing: { unsubscribe: () => Promise<boolean> } | null = null,
) {
  const subscription = { toJSON: () => SUB, unsubscribe: vi.fn(async () => true), options: {} };
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async (_o: PushSubscriptionOptionsInit) => subscription),
  };
  const reg = { pushManager };
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('navigator', {
    serviceWorker: { ready: Promise.resolve(reg), getRegistration: async () => reg },
  });
  vi.stubGlobal('localStorage', memoryStorage());
  return { pushManager, subscription };
}

afterEach(() => vi.unstubAllGlobals());

describe('asking for a reminder', () => {
  it('posts the device and the address (trimmed), and answers the state', async () => {
    const fetch = answers(Response.json(STATE, { status: 201 }));
    expect(await runReminder(CODE, DEVICE, { kind: 'email', email: '  guest@example.com ' })).toEqual(STATE);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/events/ABC123/reminders');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(sent(fetch.mock.calls[0])).toEqual({ deviceId: DEVICE, email: 'guest@example.com' });
  });

  it('stops the e-mail with DELETE and its channel, and leaves this phone’s subscription alone', async () => {
    const fetch = answers(Response.json({ ...STATE, email: null }));
    const { subscription } = pushBrowser('granted');
    expect(await runReminder(CODE, DEVICE, { kind: 'stop', channel: 'email' })).toEqual({
      ...STATE,
      email: null,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/events/ABC123/reminders?deviceId=${DEVICE}&channel=email`);
    expect(init.method).toBe('DELETE');
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('subscribes this phone with the server’s key and posts the subscription', async () => {
    const fetch = answers(
      Response.json({ publicKey: KEY }),
      Response.json({ ...STATE, push: true }, { status: 201 }),
    );
    const { pushManager } = pushBrowser('granted');
    expect(await runReminder(CODE, DEVICE, { kind: 'push' })).toEqual({ ...STATE, push: true });
    expect(fetch.mock.calls[0]![0]).toBe('/api/push/key');
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(base64UrlToBytes(KEY));
    expect(fetch.mock.calls[1]![0]).toBe('/api/events/ABC123/reminders');
    expect(sent(fetch.mock.calls[1])).toEqual({ deviceId: DEVICE, push: SUB });
  });

  it('says notifications are blocked when the guest refused them, and sends nothing', async () => {
    const fetch = answers();
    pushBrowser('denied');
    const err = await runReminder(CODE, DEVICE, { kind: 'push' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PushUnavailable);
    expect(reminderError(translator(), err)).toBe(
      'Notifications are blocked for this site. You can use e-mail instead.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does nothing when the question was closed unanswered', async () => {
    const fetch = answers();
    pushBrowser('default');
    expect(await runReminder(CODE, DEVICE, { kind: 'push' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stops the push, and unsubscribes the phone once no other event’s reminder uses it', async () => {
    const existing = { unsubscribe: vi.fn(async () => true) };
    pushBrowser('granted', existing);
    rememberPush('OTHER1', true);
    rememberPush(CODE, true);
    let fetch = answers(Response.json(STATE));
    await runReminder(CODE, DEVICE, { kind: 'stop', channel: 'push' });
    expect(fetch.mock.calls[0]![0]).toBe(`/api/events/ABC123/reminders?deviceId=${DEVICE}&channel=push`);
    expect(existing.unsubscribe).not.toHaveBeenCalled(); // OTHER1 still waits for its reveal
    fetch = answers(Response.json(STATE));
    await runReminder('OTHER1', DEVICE, { kind: 'stop', channel: 'push' });
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });
});

describe('what a refusal says', () => {
  const t = translator();
  it('by the reminder’s own codes, then the field’s message, then the server’s detail', () => {
    const err = (status: number, body: Record<string, unknown>) =>
      new ApiError(status, JSON.stringify({ status, ...body }), '');
    expect(reminderError(t, err(409, { code: 'already_revealed', detail: 'Too late' }))).toBe(
      'The photos are already revealed.',
    );
    expect(reminderError(t, err(400, { code: 'push_endpoint', detail: 'x' }))).toContain('e-mail instead');
    expect(
      reminderError(
        t,
        err(400, {
          code: 'validation',
          detail: 'Invalid',
          errors: [{ path: 'email', message: 'Bad address' }],
        }),
      ),
    ).toBe('Bad address');
    expect(reminderError(t, err(400, { detail: 'Something specific' }))).toBe('Something specific');
    expect(reminderError(t, new TypeError('Failed to fetch'))).toBe('Check your connection and try again.');
  });

  it('reads a problem answer of the server as an ApiError with its code', async () => {
    answers(problem(409, { code: 'already_revealed', detail: 'The photos are already revealed' }));
    const e = await runReminder(CODE, DEVICE, { kind: 'email', email: 'a@b.co' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe('already_revealed');
  });
});

describe('where Web Push can work', () => {
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36';
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const browser = (ua: string, more: Record<string, unknown> = {}, standalone = false) => ({
    isSecureContext: true,
    navigator: { userAgent: ua, serviceWorker: {} },
    PushManager: class {},
    Notification: class {},
    matchMedia: () => ({ matches: standalone }),
    ...more,
  });

  it('needs a service worker, PushManager, Notification and a secure context', () => {
    expect(pushSupport(browser(android))).toBe('ready');
    const { PushManager: _p, ...noPush } = browser(android);
    expect(pushSupport(noPush)).toBe('none');
    const { Notification: _n, ...noNotification } = browser(android);
    expect(pushSupport(noNotification)).toBe('none');
    expect(pushSupport(browser(android, { navigator: { userAgent: android } }))).toBe('none');
    expect(pushSupport(browser(android, { isSecureContext: false }))).toBe('none');
    expect(pushSupport(undefined)).toBe('none');
  });

  it('on an iPhone or iPad, only in the installed app; a hint outside it', () => {
    const { PushManager: _p, ...safariTab } = browser(iphone);
    expect(pushSupport(safariTab)).toBe('install');
    expect(pushSupport(browser(iphone, {}, true))).toBe('ready');
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari';
    expect(pushSupport(browser(ipad, { navigator: { userAgent: ipad, maxTouchPoints: 5 } }))).toBe('install');
    expect(
      pushSupport(browser(ipad, { navigator: { userAgent: ipad, maxTouchPoints: 0, serviceWorker: {} } })),
    ).toBe('ready');
  });

  it('hands the server the subscription’s parts, and reads the key as bytes', () => {
    expect(subscriptionJson(SUB)).toEqual(SUB);
    expect(subscriptionJson({ endpoint: SUB.endpoint, keys: { p256dh: 'x' } })).toBeNull();
    const bytes = base64UrlToBytes(KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4); // an uncompressed P-256 point
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([251, 255]);
  });
});
