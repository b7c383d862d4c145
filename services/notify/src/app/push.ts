import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { pushEndpointAllowed, type PushSubscriptionJson } from '@afterglow/contracts';
import { SendError } from './transport';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair (ADR 035): from `WEB_PUSH_PUBLIC_KEY`/`WEB_PUSH_PRIVATE_KEY`, else made once into
 * `<data dir>/web-push.json` and kept (a new pair would orphan every browser's subscription).
 */
export function vapidKeys(
  config: { WEB_PUSH_PUBLIC_KEY?: string; WEB_PUSH_PRIVATE_KEY?: string },
  dataDir: string,
): VapidKeys {
  const { WEB_PUSH_PUBLIC_KEY: publicKey, WEB_PUSH_PRIVATE_KEY: privateKey } = config;
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey)
    throw new Error('Set both WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY, or neither');
  const file = join(dataDir, 'web-push.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** What a push message shows: its title and text, and the page a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** Expired or withdrawn at the push service (404/410): the subscription is dropped. */
export class SubscriptionGone extends SendError {
  constructor(message: string) {
    super(message, true);
  }
}

export interface PushTransport {
  send(subscription: PushSubscriptionJson, payload: PushPayload): Promise<void>;
}

/**
 * Web Push (RFC 8030) with the payload encrypted for the subscription (RFC 8291, aes128gcm) and signed
 * with VAPID (RFC 8292): web-push builds the request, sent here with fetch so a push service on plain
 * http (a test's, a private deployment's) works too. Only the browsers' push services and the origins
 * configured (`AFTERGLOW_PUSH_ORIGINS`) are called, and no redirect is followed.
 */
export function webPushTransport(o: {
  keys: VapidKeys;
  subject: string;
  extraOrigins: readonly string[];
}): PushTransport {
  return {
    async send(subscription, payload) {
      if (!pushEndpointAllowed(subscription.endpoint, o.extraOrigins))
        throw new SendError('push endpoint not allowed', true);
      const req = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: o.subject, publicKey: o.keys.publicKey, privateKey: o.keys.privateKey },
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          ...(payload.tag ? { topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
        },
      );
      let res: Response;
      try {
        res = await fetch(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new SendError(
          (err as { cause?: { code?: string } }).cause?.code ?? 'push service unreachable',
          false,
        );
      }
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return;
      if (res.status === 404 || res.status === 410)
        throw new SubscriptionGone(`${res.status} subscription expired`);
      // too many, or the push service's trouble: later; anything else will not get better
      throw new SendError(`${res.status} from the push service`, !(res.status === 429 || res.status >= 500));
    },
  };
}
