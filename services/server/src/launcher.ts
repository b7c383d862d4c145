import { createHmac } from 'node:crypto';
import type { RequestListener, Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import express from 'express';
import { createBus, tracedBus, type Bus } from '@afterglow/bus';
import { openDatabase, type Database } from '@afterglow/db';
import {
  baseConfigSchema,
  ConfigError,
  createLogger,
  createOriginPolicy,
  loadConfig,
  notFoundHandler,
  problemHandler,
  type BaseConfig,
  type Logger,
  type ServiceContext,
  type StartedModule,
  wantsPrettyLogs,
} from '@afterglow/service-kit';
import { httpMetrics, startTelemetry } from '@afterglow/service-kit/telemetry';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createStore, createUrlSigner, type ObjectStore } from '@afterglow/storage';
import { MODULE_NAMES, resolveTargets } from './modules';
import { loadSecrets } from './secrets';
import { selfSignedCertificate } from './tls';
import { claimDataDir } from './datadir-lock';
import { answerStarting, answerUnreadable, createListener } from './listener';

export interface Running {
  /** the services this process runs (`--target`, else AFTERGLOW_TARGET) */
  target: string;
  url: string;
  port: number;
  server: Server;
  ctx: ServiceContext;
  modules: Map<string, StartedModule>;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** default AFTERGLOW_TARGET (`all`) */
  target?: string;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** tests: where finished spans go (an in-memory exporter) */
  spanExporter?: SpanExporter;
}

/**
 * Starts the selected modules in one process on one HTTP server: adapters from config, modules in
 * dependency order, one /livez and /readyz for all; stop() drains and stops them in reverse.
 */
export async function launch(opts: LaunchOptions = {}): Promise<Running> {
  const env = opts.env ?? process.env;
  const config: BaseConfig = loadConfig(baseConfigSchema, env);
  const target = opts.target ?? config.AFTERGLOW_TARGET;
  const targets = resolveTargets(target);
  const logger =
    opts.logger ??
    createLogger('afterglow', config.LOG_LEVEL, { pretty: wantsPrettyLogs(config.LOG_FORMAT) });
  const dataDir = resolve(config.AFTERGLOW_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const partial = targets.length < MODULE_NAMES.length;
  if (partial) {
    // Other parts of Afterglow run in other processes: they must share the database and the bus.
    const url = config.DATABASE_URL ?? '';
    if (!/^postgres(ql)?:\/\//.test(url) && url !== 'pglite:memory')
      throw new ConfigError(
        'Running some of the services needs DATABASE_URL=postgres://… (a PGlite database belongs to one process)',
      );
    if (!config.NATS_URL)
      logger.warn('NATS_URL is not set: the in-memory bus reaches only the services in this process');
    if (!config.AFTERGLOW_SECRET)
      logger.warn('AFTERGLOW_SECRET is not set: other processes will not trust this one');
  }
  const secrets = loadSecrets(
    dataDir,
    config.AFTERGLOW_SECRET,
    targets.some((m) => m.name === 'gateway') && !config.OIDC_ISSUER_URL,
  );

  // Listen first (answering 503 while starting) so the public URL and port are known to the modules.
  let handler: express.Express | null = null;
  let draining = false;
  const dispatch: RequestListener = (req, res) => {
    if (handler) return handler(req, res);
    answerStarting(res);
  };
  // The one-machine HTTPS mode serves TLS on PORT (and sends plain http there to https).
  const tls = config.AFTERGLOW_HTTPS === 'self-signed' ? await selfSignedCertificate(dataDir) : null;
  if (tls?.created) logger.info({ fingerprint: tls.fingerprint, names: tls.names }, 'made a certificate');
  const { server, servers } = createListener(dispatch, tls);
  for (const s of servers) {
    s.on('clientError', answerUnreadable);
    s.keepAliveTimeout = 65_000;
    s.headersTimeout = 66_000;
    s.requestTimeout = 120_000;
  }
  const listen = (s: Server, port: number, host: string) =>
    new Promise<number>((ok, fail) => {
      s.once('error', fail);
      s.listen(port, host, () => {
        const a = s.address();
        ok(typeof a === 'object' && a ? a.port : port);
      });
    });
  const port = await listen(server, config.PORT, config.HOST);
  const origins = createOriginPolicy({
    port: () => port,
    scheme: tls ? 'https' : 'http',
    publicUrl: config.PUBLIC_URL,
    extra: config.AFTERGLOW_ORIGINS,
  });
  const publicUrl = origins.defaultOrigin();
  // PGlite files under the data dir belong to one process: a second server (or an operator command)
  // on the same dir is told so instead of corrupting them.
  let lock: { release(): void } | null = null;
  if (!config.DATABASE_URL) {
    try {
      lock = claimDataDir(dataDir, { port });
    } catch (err) {
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
      throw new ConfigError((err as Error).message);
    }
  }

  let database: Database | null = null;
  let bus: Bus | null = null;
  let store: ObjectStore | null = null;
  const started: [string, StartedModule][] = [];
  const stopAll = async () => {
    for (const [name, m] of [...started].reverse()) {
      await m.stop().then(
        () => logger.info({ module: name }, 'module stopped'),
        (err) => logger.error({ err: String(err), module: name }, 'stop failed'),
      );
    }
    started.length = 0;
    await bus?.close().catch(() => {});
    await store?.close().catch(() => {});
    await database?.close().catch(() => {});
    lock?.release();
  };

  // Traces and metrics, before any module builds its routers or opens its pool: the http, express and
  // pg instrumentations patch the already loaded modules now. OTEL_SERVICE_NAME overrides the name.
  const telemetry = await startTelemetry({
    serviceName: target === 'all' ? 'afterglow' : `afterglow-${target.replace(/,/g, '-')}`,
    env,
    ...(opts.spanExporter ? { spanExporter: opts.spanExporter } : {}),
  });

  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir,
      migrationsDir: config.AFTERGLOW_MIGRATIONS_DIR,
    });
    bus = await createBus({
      natsUrl: config.NATS_URL,
      stream: config.NATS_STREAM,
      subjectPrefix: config.NATS_SUBJECT_PREFIX,
    });
    store = await createStore({
      dataDir,
      ...(config.S3_BUCKET
        ? {
            s3: {
              bucket: config.S3_BUCKET,
              endpoint: config.S3_ENDPOINT,
              region: config.S3_REGION,
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
              forcePathStyle: config.S3_FORCE_PATH_STYLE,
              createBucket: true,
            },
          }
        : {}),
    });
    await store.check();
    const local = new Map<string, StartedModule>();
    const ctx: ServiceContext = {
      config,
      modules: targets.map((m) => m.name),
      logger,
      database,
      bus,
      store,
      signer: createUrlSigner(createHmac('sha256', secrets.secret).update('uploads').digest()),
      secret: secrets.secret,
      publicUrl,
      origins,
      internalUrl: `http://127.0.0.1:${port}`,
      local,
      server,
      idpJwk: secrets.idpJwk,
    };
    for (const m of targets) {
      const t0 = Date.now();
      const s = await m.start({
        ...ctx,
        // every module publishes/consumes through spans and bus metrics labelled with its name
        bus: tracedBus(ctx.bus, m.name),
        logger: logger.child({ module: m.name }),
      });
      local.set(m.name, s);
      started.push([m.name, s]);
      logger.info({ module: m.name, ms: Date.now() - t0 }, 'module started');
    }

    for (const [, m] of started) m.afterStart?.();

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', 'loopback, linklocal, uniquelocal');
    app.get('/livez', (_req, res) => {
      res.json({ status: 'ok' });
    });
    app.get('/readyz', async (_req, res) => {
      if (draining) return res.status(503).json({ status: 'draining' });
      const checks: Record<string, string> = {};
      const run = async (name: string, f: () => Promise<unknown>) => {
        try {
          await Promise.race([
            f(),
            new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 3000)),
          ]);
          checks[name] = 'ok';
        } catch (err) {
          checks[name] = String((err as Error).message ?? err);
        }
      };
      await Promise.all([
        run('database', () => database!.ping()),
        run('bus', () => bus!.ping()),
        run('storage', () => store!.check()),
        ...[...local].filter(([, m]) => m.ready).map(([n, m]) => run(n, () => m.ready!())),
      ]);
      const ok = Object.values(checks).every((v) => v === 'ok');
      res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable', checks });
    });
    // Prometheus scrape endpoint (text format). Probes and scrapes above are not timed; the rest is.
    app.get('/metrics', (req, res) => telemetry.metricsHandler(req, res));
    app.use(httpMetrics());
    const gateway = local.get('gateway');
    if (gateway?.router) app.use(gateway.router);
    else {
      for (const [, m] of local) if (m.router) app.use(m.router);
      app.use(notFoundHandler);
      app.use(problemHandler(logger));
    }
    handler = app;
    const upgrader = gateway?.upgrade ?? local.get('realtime')?.upgrade;
    for (const s of servers)
      s.on('upgrade', (req, socket, head) => {
        if (!upgrader || draining)
          return socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        upgrader(req, socket, head);
      });

    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        draining = true;
        logger.info('stopping');
        const closed = Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
        servers.forEach((s) => s.closeIdleConnections());
        // In-flight requests get a moment to finish; then the rest are cut.
        const grace = setTimeout(() => servers.forEach((s) => s.closeAllConnections()), 5000);
        await stopAll();
        servers.forEach((s) => s.closeAllConnections());
        await closed;
        clearTimeout(grace);
        await telemetry.shutdown().catch((err) => logger.warn({ err: String(err) }, 'telemetry shutdown'));
        logger.info('stopped');
      })());
    return {
      target,
      url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
      port,
      server,
      ctx,
      modules: local,
      stop,
    };
  } catch (err) {
    await stopAll();
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    await telemetry.shutdown().catch(() => {});
    throw err;
  }
}
