// These modules are imported (and so loaded) BEFORE startTelemetry runs, exactly like the launcher
// bundle's static imports: the tests check that the instrumentations still patch them.
import http, { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createMemoryBus } from '@afterglow/bus';
import { openDatabase, sql } from '@afterglow/db';
// not exported from '@afterglow/bus' yet (packages/bus/src/index.ts is owned by someone else)
import { tracedBus } from '../../bus/src/traced';
import { httpMetrics, meter, routeOf, startTelemetry, tracer } from './telemetry';
import type { Telemetry } from './telemetry';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

const servers: Server[] = [];

async function listen(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const addr = server.address();
  if (!addr || typeof addr !== 'object') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

/** A GET through node's http client (the instrumented one; global fetch is undici, not http). */
function httpGet(
  url: string,
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  return new Promise((ok, fail) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', fail);
  });
}

const attr = (s: ReadableSpan, ...names: string[]) =>
  names.map((n) => s.attributes[n]).find((v) => v !== undefined);

describe('startTelemetry', () => {
  const exporter = new InMemorySpanExporter();
  let tel: Telemetry;
  const spans = () => exporter.getFinishedSpans();

  beforeAll(async () => {
    tel = await startTelemetry({ serviceName: 'telemetry-test', env: {}, spanExporter: exporter });
  });

  afterAll(async () => {
    await tel.shutdown();
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  beforeEach(() => exporter.reset());

  it('reports its configuration: no OTLP by default, the given exporter', () => {
    expect(tel.serviceName).toBe('telemetry-test');
    expect(tel.traces).toEqual({ custom: true });
    expect(tel.metricsOtlpUrl).toBeUndefined();
  });

  it('records HTTP server and client spans for node:http imported before the SDK started', async () => {
    const base = await listen((req, res) => {
      res.setHeader('x-seen-traceparent', String(req.headers.traceparent ?? ''));
      res.end('ok');
    });
    const res = await tracer('test').startActiveSpan('caller', async (span) => {
      try {
        return await httpGet(`${base}/hello?x=1`);
      } finally {
        span.end();
      }
    });
    expect(res.body).toBe('ok');
    await waitFor(() => spans().some((s) => s.kind === SpanKind.SERVER), 'the server span');

    const server = spans().find((s) => s.kind === SpanKind.SERVER)!;
    const client = spans().find((s) => s.kind === SpanKind.CLIENT)!;
    const caller = spans().find((s) => s.name === 'caller')!;
    expect(server, 'HTTP server span').toBeDefined();
    expect(client, 'HTTP client span').toBeDefined();
    expect(attr(server, 'http.method', 'http.request.method')).toBe('GET');
    expect(String(attr(server, 'http.target', 'url.path'))).toContain('/hello');
    expect(attr(server, 'http.status_code', 'http.response.status_code')).toBe(200);
    // client -> server propagation through the traceparent header: one trace
    expect(client.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
    expect(server.spanContext().traceId).toBe(caller.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(res.headers['x-seen-traceparent']).toContain(caller.spanContext().traceId);
  });

  it('does not trace probes and scrapes', async () => {
    const base = await listen((_req, res) => res.end('ok'));
    await fetch(`${base}/livez`);
    await fetch(`${base}/metrics`);
    await fetch(`${base}/traced`);
    await waitFor(() => spans().some((s) => s.kind === SpanKind.SERVER), 'the server span');
    const targets = spans()
      .filter((s) => s.kind === SpanKind.SERVER)
      .map((s) => String(attr(s, 'http.target', 'url.path')));
    expect(targets).toEqual(['/traced']);
  });

  it('records express route spans and http.route, and httpMetrics labels by route pattern', async () => {
    const app = express();
    app.use(httpMetrics());
    app.get('/things/:id', (req, res) => {
      res.json({ id: req.params.id });
    });
    app.post('/things', (_req, res) => {
      res.status(201).end();
    });
    app.use((_req, res) => {
      res.status(404).end();
    });
    const base = await listen(app);
    for (const id of ['42', '43', '44']) expect((await fetch(`${base}/things/${id}`)).status).toBe(200);
    expect((await fetch(`${base}/things`, { method: 'POST' })).status).toBe(201);
    expect((await fetch(`${base}/nope/123`)).status).toBe(404);
    await waitFor(() => spans().filter((s) => s.kind === SpanKind.SERVER).length === 5, '5 server spans');

    const handler = spans().find((s) => s.attributes['express.type'] === 'request_handler');
    expect(handler, 'express request handler span').toBeDefined();
    expect(handler!.attributes['http.route']).toBe('/things/:id');
    const serverSpans = spans().filter((s) => s.kind === SpanKind.SERVER);
    expect(serverSpans.filter((s) => s.attributes['http.route'] === '/things/:id')).toHaveLength(3);

    const text = (await fetchMetrics()).body;
    const durations = text.split('\n').filter((l) => l.startsWith('afterglow_http_server_duration_ms_count'));
    const line = (route: string, method: string, status: string) =>
      durations.find(
        (l) =>
          l.includes(`route="${route}"`) &&
          l.includes(`method="${method}"`) &&
          l.includes(`status="${status}"`),
      );
    expect(line('/things/:id', 'GET', '200')).toMatch(/ 3$/);
    expect(line('/things', 'POST', '201')).toMatch(/ 1$/);
    expect(line('unmatched', 'GET', '404')).toMatch(/ 1$/);
    expect(text).not.toContain('/things/42');
    expect(text).not.toContain('/nope');
  });

  it('routeOf never returns a raw URL', () => {
    expect(routeOf({ route: undefined })).toBe('unmatched');
    expect(routeOf({ route: { path: '/a/:b' } })).toBe('/a/:b');
    expect(routeOf({ route: { path: ['/a', '/b'] } })).toBe('/a|/b');
  });

  async function fetchMetrics(): Promise<{ status: number; type: string; body: string }> {
    const base = await listen((req: IncomingMessage, res: ServerResponse) => tel.metricsHandler(req, res));
    const res = await fetch(`${base}/metrics`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  }

  it('serves metrics recorded through meter() in the Prometheus text format', async () => {
    const widgets = meter('test').createCounter('afterglow.test.widgets', { description: 'widgets made' });
    widgets.add(2, { colour: 'red' });
    widgets.add(1, { colour: 'red' });
    const res = await fetchMetrics();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.body).toContain('# HELP afterglow_test_widgets_total widgets made');
    expect(res.body).toMatch(/^afterglow_test_widgets_total\{[^}]*colour="red"[^}]*\} 3$/m);
    expect(res.body).toMatch(/^target_info\{[^}]*service_name="telemetry-test"/m);
  });

  it('an HTTP request that publishes on a traced bus is one trace down to the consumer', async () => {
    const bus = tracedBus(createMemoryBus(), 'photos');
    try {
      const handled: string[] = [];
      await bus.consume('photo.telemetry', { durable: 'media' }, async () => {
        handled.push(trace.getActiveSpan()?.spanContext().traceId ?? '');
      });
      const app = express();
      app.post('/api/upload', async (_req, res) => {
        await bus.publish('photo.telemetry', { id: 1 });
        res.status(202).end();
      });
      const base = await listen(app);
      expect((await fetch(`${base}/api/upload`, { method: 'POST' })).status).toBe(202);
      await waitFor(() => spans().some((s) => s.name === 'photo.telemetry process'), 'the consumer span');
      const server = spans().find((s) => s.kind === SpanKind.SERVER)!;
      const producer = spans().find((s) => s.name === 'photo.telemetry publish')!;
      const consumer = spans().find((s) => s.name === 'photo.telemetry process')!;
      expect(producer.spanContext().traceId).toBe(server.spanContext().traceId);
      expect(consumer.spanContext().traceId).toBe(server.spanContext().traceId);
      expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
      expect(handled).toEqual([server.spanContext().traceId]);
    } finally {
      await bus.close();
    }
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)(
    'records pg spans for node-postgres loaded before the SDK (TEST_DATABASE_URL)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-'));
      const database = await openDatabase({ url: pgUrl, dataDir, poolSize: 1 });
      try {
        // outside any span: not traced (requireParentSpan)
        await database.db.execute(sql`select 1 as untraced`);
        await tracer('test').startActiveSpan('use case', async (span) => {
          await database.db.execute(sql`select 2 as traced`);
          span.end();
        });
        const parent = spans().find((s) => s.name === 'use case')!;
        const pgSpans = spans().filter((s) => attr(s, 'db.system', 'db.system.name') === 'postgresql');
        const statements = pgSpans.map((s) => String(attr(s, 'db.statement', 'db.query.text')));
        expect(statements.some((q) => q.includes('traced') && !q.includes('untraced'))).toBe(true);
        expect(statements.some((q) => q.includes('untraced'))).toBe(false);
        const query = pgSpans.find((s) =>
          String(attr(s, 'db.statement', 'db.query.text')).includes('traced'),
        )!;
        expect(query.kind).toBe(SpanKind.CLIENT);
        expect(query.spanContext().traceId).toBe(parent.spanContext().traceId);
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('startTelemetry lifecycle', () => {
  it('shares one SDK between callers; shutdown is idempotent; a later start works again', async () => {
    const first = new InMemorySpanExporter();
    const a = await startTelemetry({ serviceName: 'a', env: {}, spanExporter: first });
    const b = await startTelemetry({ serviceName: 'b', env: {} });
    expect(b.metricsHandler).toBe(a.metricsHandler);
    expect(b.serviceName).toBe('a');

    try {
      await a.shutdown();
      await a.shutdown();
      // b still holds it: spans are still recorded (exported once the detected resource settles)
      tracer('t').startSpan('still on').end();
      await waitFor(() => first.getFinishedSpans().some((s) => s.name === 'still on'), 'the span');
    } finally {
      await b.shutdown();
    }

    await Promise.all([b.shutdown(), b.shutdown()]);
    await b.shutdown();
    const after = tracer('t').startSpan('after shutdown');
    expect(after.isRecording()).toBe(false);
    after.end();
    expect(first.getFinishedSpans().map((s) => s.name)).not.toContain('after shutdown');

    // started again in the same process: http is patched again
    const second = new InMemorySpanExporter();
    const c = await startTelemetry({
      serviceName: 'c',
      env: { OTEL_SERVICE_NAME: 'from-env' },
      spanExporter: second,
    });
    try {
      expect(c.serviceName).toBe('from-env');
      const base = await listen((_req, res) => res.end('again'));
      expect(await (await fetch(`${base}/again`)).text()).toBe('again');
      await waitFor(() => second.getFinishedSpans().some((s) => s.kind === SpanKind.SERVER), 'server span');
      expect(
        second.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)?.resource.attributes[
          'service.name'
        ],
      ).toBe('from-env');
    } finally {
      await c.shutdown();
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    }
  });

  it('a start during a shutdown waits for it, then owns the global providers', async () => {
    const e1 = new InMemorySpanExporter();
    const t1 = await startTelemetry({ serviceName: 'x', env: {}, spanExporter: e1 });
    const e2 = new InMemorySpanExporter();
    const stopping = t1.shutdown();
    const t2 = await startTelemetry({ serviceName: 'y', env: {}, spanExporter: e2 });
    await stopping;
    try {
      expect(t2.serviceName).toBe('y');
      tracer('t').startSpan('on t2').end();
      await waitFor(() => e2.getFinishedSpans().some((s) => s.name === 'on t2'), 'the span');
      expect(e1.getFinishedSpans()).toHaveLength(0);
    } finally {
      await t2.shutdown();
    }
  });

  it('creates no exporter by default (so no network attempt), yet trace ids exist', async () => {
    const t = await startTelemetry({ serviceName: 'quiet', env: {} });
    try {
      expect(t.traces).toEqual({ custom: false });
      const span = tracer('t').startSpan('x');
      expect(span.isRecording()).toBe(false);
      expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanContext().traceId).not.toBe('0'.repeat(32));
      span.end();
    } finally {
      await t.shutdown();
    }
  });

  it('without an exporter, express handlers run in the request span itself, and metrics keep the route', async () => {
    const t = await startTelemetry({ serviceName: 'quiet', env: {} });
    try {
      const app = express();
      app.use(httpMetrics());
      const active = () => trace.getActiveSpan()?.spanContext() ?? { traceId: '', spanId: '' };
      let before = active();
      app.use((_req, _res, next) => {
        before = active();
        next();
      });
      let inHandler = active();
      app.get('/quiet/:id', (_req, res) => {
        inHandler = active();
        res.json({});
      });
      const base = await listen(app);
      const traceId = 'a'.repeat(32);
      const r = await fetch(`${base}/quiet/1`, {
        headers: { traceparent: `00-${traceId}-${'b'.repeat(16)}-01` },
      });
      expect(r.status).toBe(200);
      // the request's trace, from the http server span, with no router or handler span inside it
      expect(before.traceId).toBe(traceId);
      expect(inHandler).toEqual(before);
      const metrics = await listen((req, res) => t.metricsHandler(req, res));
      const text = await (await fetch(`${metrics}/metrics`)).text();
      expect(text).toMatch(/afterglow_http_server_duration_ms_count\{[^}]*route="\/quiet\/:id"[^}]*\} 1/);
    } finally {
      for (const s of servers.splice(0)) {
        s.closeAllConnections();
        s.close();
      }
      await t.shutdown();
    }
  });

  it('exports over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const received: { url: string; type: string; bytes: number }[] = [];
    const collector = await listen((req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        received.push({ url: req.url ?? '', type: String(req.headers['content-type']), bytes });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const t = await startTelemetry({
      serviceName: 'otlp',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector}/` },
    });
    try {
      expect(t.traces).toEqual({ otlpUrl: `${collector}/v1/traces`, custom: false });
      expect(t.metricsOtlpUrl).toBe(`${collector}/v1/metrics`);
      tracer('t').startSpan('exported').end();
      meter('t').createCounter('afterglow.test.exported').add(1);
    } finally {
      await t.shutdown(); // flushes both exporters
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    }
    const urls = received.map((r) => r.url);
    expect(urls).toContain('/v1/traces');
    expect(urls).toContain('/v1/metrics');
    for (const r of received) expect(r.bytes).toBeGreaterThan(0);
  });

  it('OTEL_SDK_DISABLED=true starts nothing', async () => {
    const t = await startTelemetry({ serviceName: 'off', env: { OTEL_SDK_DISABLED: 'true' } });
    const base = await listen((req, res) => t.metricsHandler(req, res));
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect(tracer('t').startSpan('x').isRecording()).toBe(false);
    } finally {
      await t.shutdown();
      await t.shutdown();
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    }
  });
});
