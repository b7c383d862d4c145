import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { Router } from 'express';
import { API_ROUTES, HttpError, PAGE_ROUTES, serviceUrlVar, type ServiceName } from '@afterglow/contracts';
import {
  notFoundHandler,
  problemHandler,
  realtimeUpgradesCounter,
  type ServiceModule,
} from '@afterglow/service-kit';
import { OidcClient } from './auth/oidc';
import { connectRedis, createMemorySessions, createRedisSessions, type SessionStore } from './auth/sessions';
import {
  defaultRules,
  lookupMisses,
  memoryRateLimiter,
  rateLimit,
  redisRateLimiter,
} from './http/rate-limit';
import { accountRouter } from './http/account-routes';
import { authRouter } from './http/auth-routes';
import { authenticator, guestOrigin, sameOrigin, securityHeaders } from './http/pipeline';
import { uploadsRouter } from './http/uploads';
import { webRouter } from './http/web';
import { createS3Store } from '@afterglow/storage';
import { forwardUpgrade, remoteRoutes } from './http/proxy';
import { createEmbeddedIdp } from './idp/provider';
import { AccountRecovery } from './identity/recovery';
import { answerIdentity } from './identity/rpc';
import { Users } from './identity/users';

/**
 * The edge: sessions and login (OIDC BFF), the users table, the embedded identity provider when no
 * external one is configured, security headers, CSRF checks, signed image delivery, and the routes of
 * every service (mounted in-process in embedded mode).
 */
export const gatewayModule: ServiceModule = {
  name: 'gateway',
  deps: ['events', 'photos', 'media', 'billing', 'admin', 'notify', 'realtime'],
  asks: [],
  async start(ctx) {
    await ctx.database.migrate('gateway', { schema: 'identity' });
    const { config, origins, secret } = ctx;
    const external = !!config.OIDC_ISSUER_URL;
    // The embedded provider answers at every origin the browser may use: its issuer is that origin's.
    const issuer = external ? config.OIDC_ISSUER_URL! : (origin: string) => `${origin}/idp`;
    const users = new Users(
      ctx.database.db,
      ctx.bus,
      new Set(
        config.AFTERGLOW_ADMIN_EMAILS.split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
      3000,
      external ? null : (iss) => iss.endsWith('/idp') && origins.isAllowed(iss.slice(0, -'/idp'.length)),
    );
    const identity = await answerIdentity(ctx.bus, users, ctx.database.db);
    const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
    const sessions: SessionStore = redis ? createRedisSessions(redis) : createMemorySessions();
    // Rate limits are shared by every replica through Redis; keys are per deployment (its secret).
    const limiter = redis
      ? redisRateLimiter(
          redis,
          `afterglow:rl:${createHmac('sha256', secret).update('rl').digest('hex').slice(0, 12)}:`,
        )
      : memoryRateLimiter();

    const derived = (label: string) => createHmac('sha256', secret).update(label).digest('base64url');
    const clientId = config.OIDC_CLIENT_ID ?? 'afterglow';
    const clientSecret = config.OIDC_CLIENT_SECRET ?? derived('idp.client-secret');

    const app = Router();
    // Images straight from the bucket (presigned) when configured: the page may then load them from there.
    const presignEndpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
    const presigner =
      config.S3_PRESIGN_IMAGES && config.S3_BUCKET
        ? createS3Store({
            bucket: config.S3_BUCKET,
            endpoint: presignEndpoint,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          })
        : null;
    const imageOrigins = presigner && presignEndpoint ? [new URL(presignEndpoint).origin] : [];
    app.use(securityHeaders(origins, imageOrigins, !!config.STRIPE_PUBLISHABLE_KEY));
    // Text only (scripts, styles, JSON, the page); images are already compressed.
    app.use(compression({ threshold: 1024 }));
    if (config.RATE_LIMIT_SCALE > 0) {
      app.use(rateLimit(limiter, defaultRules(config.RATE_LIMIT_SCALE)));
      if (config.LOOKUP_MISS_LIMIT > 0)
        app.use(lookupMisses(limiter, config.LOOKUP_MISS_LIMIT, config.LOOKUP_MISS_WINDOW_SECONDS));
    }
    const auth = authenticator(sessions, users, secret);
    const recovery = new AccountRecovery({ db: ctx.database.db, bus: ctx.bus, sessions, users });

    if (!external) {
      const { router } = await createEmbeddedIdp({
        origins,
        clientId,
        clientSecret,
        cookieKeys: [derived('idp.cookie-key')],
        jwk:
          ctx.idpJwk ??
          (() => {
            throw new Error('embedded identity provider needs a signing key');
          })(),
        db: ctx.database.db,
        logger: ctx.logger.child({ part: 'idp' }),
        recovery,
      });
      app.use(router);
    }

    const oidc = new OidcClient({
      issuer,
      clientId,
      clientSecret,
      ...(external ? {} : { internalUrl: () => ctx.internalUrl }),
    });

    app.use('/api', auth.middleware, sameOrigin(origins), guestOrigin(origins));
    // share links' pages (no session needed) name the origin people open, as join links do
    app.use('/share', guestOrigin(origins));
    app.use(
      authRouter({
        oidc,
        sessions,
        users,
        secret,
        origins,
        adminRole: config.OIDC_ADMIN_ROLE,
        logger: ctx.logger,
      }),
    );
    app.use(accountRouter(recovery, origins));
    app.use(
      uploadsRouter(
        ctx.store,
        ctx.signer,
        presigner ? (key, ttl) => presigner.presignGet(key, ttl) : undefined,
      ),
    );
    for (const [name, m] of ctx.local) if (name !== 'gateway' && m.router) app.use(m.router);
    // Services running in other processes: forwarded to AFTERGLOW_<SERVICE>_URL. Each service that
    // answers a route (and realtime, for /ws) must be somewhere.
    const remote = new Map<ServiceName, string>();
    const routed = new Set<ServiceName>(
      [...API_ROUTES, ...PAGE_ROUTES].map((r) => r.service).concat('realtime'),
    );
    routed.delete('gateway');
    for (const s of routed) {
      if (ctx.local.has(s)) continue;
      const url = config[serviceUrlVar(s) as keyof typeof config] as string | undefined;
      if (!url)
        throw new Error(`The ${s} service is not in this process: set ${serviceUrlVar(s)} to where it runs`);
      remote.set(s, url.replace(/\/+$/, ''));
    }
    app.use(remoteRoutes(remote, ctx.logger));
    app.use('/api', notFoundHandler);
    app.use(
      webRouter(config.AFTERGLOW_WEB_DIR ?? fileURLToPath(new URL('../../../frontends', import.meta.url))),
    );
    app.use(problemHandler(ctx.logger));

    const upgrades = realtimeUpgradesCounter('afterglow-gateway');
    const refuse = (socket: Duplex, status: number, text: string) => {
      upgrades.add(1, { result: String(status) });
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n\r\n`);
    };
    const realtime = ctx.local.get('realtime');
    const realtimeUrl = remote.get('realtime');
    return {
      router: app,
      upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname !== '/ws' || (!realtime?.upgrade && !realtimeUrl)) {
          refuse(socket, 404, 'Not Found');
          return;
        }
        const origin = req.headers.origin;
        if (origin && !origins.isAllowed(origin)) {
          refuse(socket, 403, 'Forbidden');
          return;
        }
        auth
          .resolve(req)
          .then(() =>
            realtime?.upgrade
              ? realtime.upgrade(req, socket, head)
              : forwardUpgrade(realtimeUrl!, req, socket, head),
          )
          .catch((err) => {
            const status = err instanceof HttpError ? err.status : 503;
            refuse(socket, status, status === 403 ? 'Forbidden' : 'Service Unavailable');
          });
      },
      ready: () => sessions.ping(),
      async stop() {
        await identity.stop();
        await presigner?.close();
        await sessions.close();
      },
    };
  },
};
