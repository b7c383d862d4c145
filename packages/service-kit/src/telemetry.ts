/**
 * OpenTelemetry bootstrap for an Afterglow process (traces + metrics).
 *
 * `startTelemetry({ serviceName })` starts the Node SDK once per process:
 *
 *  - Resource: `service.name` = OTEL_SERVICE_NAME or `serviceName`, plus the env/process/host detectors
 *    (OTEL_RESOURCE_ATTRIBUTES is honoured).
 *  - Traces: exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (used as is) or
 *    OTEL_EXPORTER_OTLP_ENDPOINT (+ `/v1/traces`) is set, to `spanExporter` when one is given (tests:
 *    an InMemorySpanExporter, exported synchronously), and nowhere otherwise: no network attempt is
 *    ever made by default. Without an exporter spans are still created (never recorded, never sampled)
 *    so trace ids exist for logs and problem+json and `traceparent` is still propagated.
 *  - Metrics: a Prometheus pull reader without its own server (`metricsHandler` answers GET /metrics
 *    in the Prometheus text format), plus a periodic OTLP/HTTP exporter when
 *    OTEL_EXPORTER_OTLP_METRICS_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT is set.
 *  - Instrumentations: node's `http`/`https` (server and client spans), `pg` (node-postgres, only
 *    queries inside a span) and, where spans are exported, `express` (router and request-handler
 *    spans, `http.route`).
 *    They patch modules when those are `require`d. Our launcher is one ESM bundle whose static imports
 *    (express, pg, node:http) are all evaluated before any code runs, so after starting the SDK this
 *    module requires each instrumented module once more: the hooks then patch the already loaded
 *    module objects in place (http.Server.prototype.emit, pg's Client.prototype.query, express's
 *    Router.prototype), which every earlier importer shares. Express routes registered before
 *    `startTelemetry` are not traced (start it before the modules build their routers).
 *  - OTEL_SDK_DISABLED=true: nothing is started; `metricsHandler` answers 404.
 *
 * The SDK is process-global (the OpenTelemetry API holds one provider of each kind), so a second
 * `startTelemetry` while one is running shares it (reference counted; its options are ignored) and
 * the SDK stops when the last handle's `shutdown()` is called. `shutdown()` is idempotent, flushes
 * the exporters, removes the instrumentation patches and unregisters the global providers.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, diag, metrics, propagation, trace } from '@opentelemetry/api';
import type { Histogram, Meter, MeterProvider, Tracer } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Request, RequestHandler } from 'express';
import { loadConfig, telemetryConfigSchema, type TelemetryConfig } from './config';

export interface TelemetryOptions {
  /** `service.name` unless OTEL_SERVICE_NAME is set */
  serviceName: string;
  /** where OTEL_* settings are read from (through the config schema); default process.env */
  env?: NodeJS.ProcessEnv;
  /** an extra span exporter, exported synchronously (tests: InMemorySpanExporter) */
  spanExporter?: SpanExporter;
}

export interface Telemetry {
  /** the effective service.name */
  readonly serviceName: string;
  /** where traces go: OTLP URL, 'custom' (spanExporter), both, or none */
  readonly traces: { otlpUrl?: string; custom: boolean };
  /** OTLP metrics URL when metrics are pushed as well as served on /metrics */
  readonly metricsOtlpUrl?: string;
  /** GET /metrics in the Prometheus text format (plain node or express request/response) */
  metricsHandler: (req: IncomingMessage, res: ServerResponse) => void;
  /** flushes and stops the SDK (once the last sharer has called it); idempotent */
  shutdown(): Promise<void>;
}

/** Paths whose requests are not traced (probes and scrapes would drown the real traffic). */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics', '/favicon.ico']);

interface Running {
  serviceName: string;
  traces: Telemetry['traces'];
  metricsOtlpUrl?: string;
  metricsHandler: Telemetry['metricsHandler'];
  refs: number;
  stop(): Promise<void>;
}

let running: Running | undefined;
/** the last SDK's shutdown while it is in progress: a new start waits for it */
let stopping: Promise<void> | undefined;

type AnyInstrumentation = HttpInstrumentation | ExpressInstrumentation | PgInstrumentation;
let instrumentationsOnce: AnyInstrumentation[] | undefined;

/**
 * One set per process: their require hooks stay installed for good (require-in-the-middle calls a
 * hook once per module), so a restart after shutdown() must re-enable these same instances.
 */
function getInstrumentations(): AnyInstrumentation[] {
  instrumentationsOnce ??= [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
    }),
    // one span per route handler and router; plain middlewares (helmet, json, cookies…) are not spans
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    // queries outside any request/consumer span (migrations, pollers) are not traced
    new PgInstrumentation({ requireParentSpan: true }),
  ];
  return instrumentationsOnce;
}

/** `<OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT>` as is, else `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/<signal>`. */
function otlpUrl(otel: TelemetryConfig, signal: 'traces' | 'metrics'): string | undefined {
  const traces = signal === 'traces';
  const exporter = traces ? otel.OTEL_TRACES_EXPORTER : otel.OTEL_METRICS_EXPORTER;
  if (exporter && exporter.split(',').some((e) => e.trim() === 'none')) return undefined;
  const specific = traces
    ? otel.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    : otel.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT;
  if (specific) return specific;
  const base = otel.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/${signal}` : undefined;
}

function handleFor(r: Running): Telemetry {
  let stopped: Promise<void> | undefined;
  const handle: Telemetry = {
    serviceName: r.serviceName,
    traces: r.traces,
    metricsHandler: r.metricsHandler,
    shutdown() {
      stopped ??= (async () => {
        r.refs--;
        if (r.refs > 0) return;
        if (running === r) running = undefined;
        const done = r.stop();
        stopping = done;
        try {
          await done;
        } finally {
          if (stopping === done) stopping = undefined;
        }
      })();
      return stopped;
    },
  };
  if (r.metricsOtlpUrl) return { ...handle, metricsOtlpUrl: r.metricsOtlpUrl };
  return handle;
}

export async function startTelemetry(opts: TelemetryOptions): Promise<Telemetry> {
  if (stopping) await stopping.catch(() => undefined);
  // from here on everything is synchronous, so concurrent starts cannot interleave
  const otel = loadConfig(telemetryConfigSchema, opts.env ?? process.env);
  const serviceName = otel.OTEL_SERVICE_NAME ?? opts.serviceName;

  if (running) {
    if (running.serviceName !== serviceName) {
      diag.warn(`telemetry already started as ${running.serviceName}; ${serviceName} shares it`);
    }
    running.refs++;
    return handleFor(running);
  }

  // The SDK also reads OTEL_SDK_DISABLED from the process itself (and then starts nothing).
  const disabled = telemetryConfigSchema.shape.OTEL_SDK_DISABLED;
  if (otel.OTEL_SDK_DISABLED || disabled.parse(process.env.OTEL_SDK_DISABLED)) {
    return {
      serviceName,
      traces: { custom: false },
      metricsHandler: (_req, res) => {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('# OpenTelemetry is disabled (OTEL_SDK_DISABLED)\n');
      },
      shutdown: async () => {},
    };
  }

  // ---- traces
  const tracesUrl = otlpUrl(otel, 'traces');
  const spanProcessors: SpanProcessor[] = [];
  if (tracesUrl) spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl })));
  if (opts.spanExporter) spanProcessors.push(new SimpleSpanProcessor(opts.spanExporter));
  const exportingTraces = spanProcessors.length > 0;
  // The SDK only installs a tracer provider when it has a processor: without an exporter we still want
  // one (trace ids for logs and errors, propagation), recording nothing.
  if (!exportingTraces) spanProcessors.push(new NoopSpanProcessor());

  // ---- metrics
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const metricReaders: IMetricReader[] = [prometheus];
  const metricsUrl = otlpUrl(otel, 'metrics');
  if (metricsUrl) {
    const interval = otel.OTEL_METRIC_EXPORT_INTERVAL;
    metricReaders.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: metricsUrl }),
        ...(interval > 0 ? { exportIntervalMillis: interval } : {}),
      }),
    );
  }

  // Express's router and handler spans only where spans are recorded: unrecorded, they cost every
  // request a wrapped layer and a context switch per middleware, and say nothing (the route of the
  // request's metrics is read from express itself, `routeOf`). The server span, with its trace id for
  // logs, problem+json and `traceparent`, is the http instrumentation's.
  const instrumentations = getInstrumentations().filter(
    (i) => exportingTraces || !(i instanceof ExpressInstrumentation),
  );
  for (const i of getInstrumentations()) if (!instrumentations.includes(i)) i.disable();
  const sdk = new NodeSDK({
    serviceName,
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName })),
    spanProcessors,
    ...(exportingTraces ? {} : { sampler: new AlwaysOffSampler() }),
    metricReaders,
    // no log pipeline: logs go to stdout through pino (and nothing must default to an OTLP endpoint)
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  // after a shutdown in this process the instances are disabled: enable() re-applies their patches
  for (const i of instrumentations) i.enable();
  repatchLoadedModules(instrumentations);

  const r: Running = {
    serviceName,
    traces: { ...(tracesUrl ? { otlpUrl: tracesUrl } : {}), custom: opts.spanExporter !== undefined },
    metricsHandler: (req, res) => prometheus.getMetricsRequestHandler(req, res),
    refs: 1,
    async stop() {
      // unpatch and unregister first (synchronously), then flush what the providers still hold
      for (const i of instrumentations) i.disable();
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
      httpInstruments = undefined;
      await sdk.shutdown();
    },
  };
  if (metricsUrl) r.metricsOtlpUrl = metricsUrl;
  running = r;
  return handleFor(r);
}

/**
 * Instrumentations patch a module when it is `require`d after they are enabled. In our bundle (and in
 * tests) node:http, express and pg are imported before the SDK can start, so require each of them
 * once more: the require hook sees the call and patches the cached module object in place. Modules
 * that are not installed are skipped. ESM named imports of builtins (`import { request } from
 * 'node:http'`) are refreshed with syncBuiltinESMExports().
 */
function repatchLoadedModules(instrumentations: AnyInstrumentation[]): void {
  const load = createRequire(import.meta.url);
  for (const instrumentation of instrumentations) {
    for (const def of instrumentation.getModuleDefinitions()) {
      try {
        load(def.name);
      } catch {
        // not installed here: nothing to patch
      }
    }
  }
  syncBuiltinESMExports();
}

/** A meter from the global provider. The metrics API has no proxy: call it after startTelemetry. */
export function meter(name = 'afterglow'): Meter {
  return metrics.getMeter(name);
}

/** A tracer from the global provider (a proxy: safe to take before startTelemetry). */
export function tracer(name = 'afterglow'): Tracer {
  return trace.getTracer(name);
}

let httpInstruments: { provider: MeterProvider; duration: Histogram } | undefined;

function httpDuration(): Histogram {
  const provider = metrics.getMeterProvider();
  if (httpInstruments?.provider !== provider) {
    httpInstruments = {
      provider,
      duration: provider.getMeter('afterglow').createHistogram('afterglow.http.server.duration_ms', {
        description: 'HTTP server request duration, in milliseconds, by method, route pattern and status',
      }),
    };
  }
  return httpInstruments.duration;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/**
 * The matched route pattern (never the raw URL, which would make one series per id): the path of
 * the express route that handled the request (`/api/events/:code`), or 'unmatched' (404s, static
 * files, middleware answers). A router mounted under a prefix reports its own pattern only.
 */
export function routeOf(req: Pick<Request, 'route'>): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined || path === null) return 'unmatched';
  if (Array.isArray(path)) return path.map(String).join('|');
  return String(path);
}

/**
 * Express middleware recording `afterglow.http.server.duration_ms` {method, route, status} when the
 * response finishes (status 'aborted' when the client went away first). Mount it before the routes.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const method = METHODS.has(req.method) ? req.method : '_OTHER';
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      httpDuration().record(performance.now() - started, { method, route: routeOf(req), status });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
