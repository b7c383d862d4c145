import type { NextFunction, Request, Response } from 'express';
import type { RedisClientType } from 'redis';
import { DEVICE_COOKIE_PREFIX, HttpError } from '@afterglow/contracts';
import { parseCookies, sendProblem } from '@afterglow/service-kit';

export interface Hit {
  allowed: boolean;
  /** seconds until the window resets */
  resetSeconds: number;
}

/** Fixed-window counters: in the process (embedded) or in Redis (shared by every gateway replica). */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<Hit>;
  /** the count in the key's current window (0 when none), without adding to it */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { until: number; count: number }>();
  let sweeps = 0;
  return {
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.until <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.until <= now) windows.set(key, (w = { until: now + windowSeconds * 1000, count: 0 }));
      w.count++;
      return { allowed: w.count <= limit, resetSeconds: Math.ceil((w.until - now) / 1000) };
    },
    async peek(key) {
      const now = Date.now();
      const w = windows.get(key);
      if (!w || w.until <= now) return { count: 0, resetSeconds: 0 };
      return { count: w.count, resetSeconds: Math.ceil((w.until - now) / 1000) };
    },
  };
}

export function redisRateLimiter(client: RedisClientType, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const k = `${prefix}${key}`;
      const [count, ttl] = (await client
        .multi()
        .incr(k)
        .expire(k, windowSeconds, 'NX')
        .ttl(k)
        .exec()) as unknown as [number, unknown, number];
      return { allowed: Number(count) <= limit, resetSeconds: Math.max(1, Number(ttl)) };
    },
    async peek(key) {
      const k = `${prefix}${key}`;
      const [count, ttl] = (await client.multi().get(k).ttl(k).exec()) as unknown as [string | null, number];
      return { count: Number(count ?? 0), resetSeconds: Math.max(1, Number(ttl)) };
    },
  };
}

/** The refusal of a request over a limit (the middleware's, and an account's hourly share of links). */
export const rateLimited = () =>
  new HttpError(429, 'rate_limited', 'Too many requests, please wait a moment and try again');

export interface Rule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** the key this request counts against, or null when the rule does not apply */
  key: (req: Request) => string | null;
}

const ip = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
/** The device a guest's request is about, proven by its cookie name (the value is checked later). */
const device = (req: Request) =>
  Object.keys(parseCookies(req.headers.cookie)).find((k) => k.startsWith(DEVICE_COOKIE_PREFIX)) ?? null;

/**
 * Limits that stop abuse without getting in a party's way: a whole venue shares one public IP, so
 * per-IP limits are generous and uploads are limited per device. All can be raised by env
 * (RATE_LIMIT_SCALE multiplies every limit; 0 turns them off).
 */
export function defaultRules(scale: number): Rule[] {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const path = (re: RegExp, method: string) => (req: Request) =>
    req.method === method && re.test(req.originalUrl.split('?')[0]!);
  const login = path(/^\/(api\/login|idp\/interaction\/[^/]+\/login)$/, 'GET');
  const loginPost = path(/^\/idp\/interaction\/[^/]+\/login$/, 'POST');
  const join = path(/^\/api\/events\/[^/]+\/devices$/, 'POST');
  const upload = path(/^\/api\/events\/[^/]+\/photos$/, 'POST');
  const guestbook = path(/^\/api\/events\/[^/]+\/guestbook$/, 'POST');
  const lookup = path(/^\/api\/events\/(by-code\/)?[^/]+$/, 'GET');
  const findMeAt = /^\/api\/events\/[^/]+\/find-me$/;
  const [findMePost, findMeDelete] = [path(findMeAt, 'POST'), path(findMeAt, 'DELETE')];
  const findMe = (req: Request) => findMePost(req) || findMeDelete(req);
  const screen = path(/^\/api\/events\/[^/]+\/screens\/next$/, 'POST');
  // what sends an e-mail or tries a password: 'Forgot password?', a reset link, My Dashboard's account
  const accountMail = path(/^\/(idp\/forgot|idp\/reset\/[^/]+|api\/account\/[a-z]+)$/, 'POST');
  return [
    {
      name: 'login',
      limit: n(30),
      windowSeconds: 60,
      key: (r) => (login(r) || loginPost(r) ? `login:${ip(r)}` : null),
    },
    {
      name: 'account',
      limit: n(20),
      windowSeconds: 900,
      key: (r) => (accountMail(r) ? `account:${ip(r)}` : null),
    },
    // a venue's whole crowd behind one public address scans the QR code in the same minute: 1,500
    // joins a minute from one address pass (made-up codes are stopped by their misses, lookupMisses)
    { name: 'join', limit: n(1500), windowSeconds: 60, key: (r) => (join(r) ? `join:${ip(r)}` : null) },
    {
      name: 'upload-ip',
      limit: n(6000),
      windowSeconds: 60,
      key: (r) => (upload(r) ? `upload-ip:${ip(r)}` : null),
    },
    {
      name: 'upload-device',
      limit: n(120),
      windowSeconds: 60,
      key: (r) => (upload(r) ? `upload-device:${device(r) ?? ip(r)}` : null),
    },
    // a guest writes a message now and then: a burst is a script
    {
      name: 'guestbook-device',
      limit: n(20),
      windowSeconds: 60,
      key: (r) => (guestbook(r) ? `guestbook-device:${device(r) ?? ip(r)}` : null),
    },
    // Find Me (ADR 036): a guest tries a selfie or two; a script comparing faces is stopped
    {
      name: 'find-me-device',
      limit: n(20),
      windowSeconds: 600,
      key: (r) => (findMe(r) ? `find-me-device:${device(r) ?? ip(r)}` : null),
    },
    {
      name: 'find-me-ip',
      limit: n(600),
      windowSeconds: 600,
      key: (r) => (findMe(r) ? `find-me-ip:${ip(r)}` : null),
    },
    { name: 'lookup', limit: n(600), windowSeconds: 60, key: (r) => (lookup(r) ? `lookup:${ip(r)}` : null) },
    // a venue screen asks every 5 s (a grid fills its tiles at once): room for dozens of screens
    {
      name: 'screens',
      limit: n(600),
      windowSeconds: 60,
      key: (r) => (screen(r) ? `screens:${ip(r)}` : null),
    },
  ];
}

/** Answers 429 problem+json with Retry-After when a rule's window is used up. */
export function rateLimit(limiter: RateLimiter, rules: Rule[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      for (const rule of rules) {
        const key = rule.key(req);
        if (!key) continue;
        const hit = await limiter.hit(key, rule.limit, rule.windowSeconds);
        if (!hit.allowed) {
          res.setHeader('Retry-After', String(hit.resetSeconds));
          req.resume();
          return sendProblem(res, rateLimited());
        }
      }
      next();
    } catch {
      next(); // a limiter that cannot be reached must not take the product down with it
    }
  };
}

/**
 * Requests that look an event up by a code or id someone typed or guessed: the event itself, joining
 * it, its photos, its stats, its guestbook, a venue screen's ask. A 404 to one of them is a miss.
 */
const LOOKUP_PATHS = [
  /^\/api\/events\/(by-code\/)?[^/]+$/,
  /^\/api\/events\/[^/]+\/(devices|photos|photos\/pending|stats|guestbook)$/,
  /^\/api\/photos\/(approved|pending)\/[^/]+$/,
];
export function isCodeLookup(req: Request): boolean {
  const path = req.originalUrl.split('?')[0]!;
  if (req.method === 'POST') return /^\/api\/events\/[^/]+\/(devices|screens\/next|guestbook)$/.test(path);
  return req.method === 'GET' && LOOKUP_PATHS.some((re) => re.test(path));
}

/**
 * Slows down guessing event codes: every lookup answered 404 counts against the caller's address,
 * and once `limit` misses are counted in a window, that address's lookups answer 429 problem+json
 * with Retry-After until the window ends, hits and misses alike (so a found code cannot be told
 * apart while blocked). A venue's guests share one address, so the limit leaves room for typos.
 */
export function lookupMisses(limiter: RateLimiter, limit: number, windowSeconds: number) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isCodeLookup(req)) return next();
    const key = `miss:${ip(req)}`;
    try {
      const seen = await limiter.peek(key);
      if (seen.count >= limit) {
        res.setHeader('Retry-After', String(Math.max(1, seen.resetSeconds)));
        req.resume();
        return sendProblem(
          res,
          new HttpError(
            429,
            'rate_limited',
            'Too many event codes that do not exist; please check the code and try again in a few minutes',
          ),
        );
      }
    } catch {
      return next(); // a limiter that cannot be reached must not take the product down with it
    }
    res.on('finish', () => {
      if (res.statusCode === 404) limiter.hit(key, limit, windowSeconds).catch(() => {});
    });
    next();
  };
}
