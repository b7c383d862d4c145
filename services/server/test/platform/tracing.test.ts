import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type Running } from '../../src/launcher';
import { Browser, eventBody, freePort, loginThroughIdp, makeJpeg, waitFor } from '../support/harness';
import { infraAvailable, provisionInfra, type Infra } from '../support/infra';

if (!infraAvailable)
  console.warn('TEST_DATABASE_URL, NATS_URL or REDIS_URL not set: the cross-service trace test is skipped');

/**
 * One upload is one trace: the gateway's request, its forward to the photos service, the
 * photo.uploaded publish (from the outbox, after the request ended) and the media worker's
 * processing on the other side of NATS.
 */
describe.skipIf(!infraAvailable)('tracing across services', () => {
  const exporter = new InMemorySpanExporter();
  let infra: Infra;
  const apps: Running[] = [];
  let base = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-trace-'));

  beforeAll(async () => {
    infra = await provisionInfra();
    const common = { ...infra.env, HOST: '127.0.0.1', AFTERGLOW_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const [gwPort, svcPort, mediaPort] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${gwPort}`;
    const env = (port: number, extra: Record<string, string> = {}) => ({
      ...common,
      PORT: String(port),
      PUBLIC_URL: base,
      ...extra,
    });
    apps.push(
      await launch({
        target: 'billing,events,photos,admin,notify,realtime',
        env: env(svcPort),
        spanExporter: exporter,
      }),
    );
    apps.push(await launch({ target: 'media', env: env(mediaPort), spanExporter: exporter }));
    const svc = `http://127.0.0.1:${svcPort}`;
    apps.push(
      await launch({
        target: 'gateway',
        env: env(gwPort, {
          AFTERGLOW_EVENTS_URL: svc,
          AFTERGLOW_PHOTOS_URL: svc,
          AFTERGLOW_ADMIN_URL: svc,
          AFTERGLOW_BILLING_URL: svc,
          AFTERGLOW_NOTIFY_URL: svc,
          AFTERGLOW_REALTIME_URL: svc,
        }),
        spanExporter: exporter,
      }),
    );
  }, 120_000);

  afterAll(async () => {
    for (const a of apps.reverse()) await a.stop();
    await infra?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('follows an upload from the gateway through photos and NATS into the media worker', async () => {
    const host = new Browser(base);
    await loginThroughIdp(host, 'tracer@example.test', 'trace me please');
    const e = (await host.json('POST', '/api/events', eventBody())).body;
    const guest = new Browser(base);
    const d = (await guest.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    const up = await guest.upload(e.code, { deviceId: d.id }, await makeJpeg(320, 240));
    expect(up.status).toBe(201);

    const spans = await waitFor(async () => {
      const all = exporter.getFinishedSpans();
      const consumer = all.find(
        (s) =>
          s.kind === SpanKind.CONSUMER &&
          s.name === 'photo.uploaded process' &&
          s.attributes['messaging.consumer.group.name'] === 'media-renditions',
      );
      return consumer ? all.filter((s) => s.spanContext().traceId === consumer.spanContext().traceId) : null;
    }, 30_000);

    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '');
    const consumer = spans.find((s) => s.kind === SpanKind.CONSUMER && s.name === 'photo.uploaded process')!;
    const producer = parentOf(consumer)!;
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(producer.name).toBe('photo.uploaded publish');

    // walk up from the producer to the root: photos' server span, the gateway's client span, the gateway's server span
    const chain: ReadableSpan[] = [];
    for (let s: ReadableSpan | undefined = parentOf(producer); s; s = parentOf(s)) chain.push(s);
    const kinds = chain.map((s) => s.kind);
    const servers = chain.filter((s) => s.kind === SpanKind.SERVER);
    expect(servers.length).toBeGreaterThanOrEqual(2); // the photos service and the gateway
    expect(kinds).toContain(SpanKind.CLIENT); // the gateway's forward
    const root = chain.at(-1)!;
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(String(root.attributes['http.request.method'] ?? root.attributes['http.method'])).toBe('POST');

    // and the pipeline's duration was measured
    const text = await waitFor(async () => {
      const t = await (await fetch(`${base}/metrics`)).text();
      return /afterglow_photos_upload_to_rendition_ms_count\{[^}]*\} [1-9]/.test(t) ? t : null;
    }, 10_000);
    expect(text).toContain('afterglow_photos_upload_to_rendition_ms_bucket');
  });
});
