// Offline checks of the Grafana dashboards in deploy/grafana: the JSON model, the panels and the
// metric names their PromQL queries use.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'grafana');
const DASHBOARDS = ['afterglow-services.json', 'afterglow-pipeline.json', 'afterglow-realtime.json'];

/**
 * Every `afterglow_*` series name Afterglow exposes on GET /metrics, read off a running server
 * (services/server/dist/afterglow.mjs, PORT=3399, DATABASE_URL=pglite:memory: the HTTP histogram)
 * and off the real tracedBus + startTelemetry code driving a memory bus through photo.uploaded
 * consume (ack and retry), photo.processed publish and live.photos notify/subscribe (the bus metrics).
 * The process also exposes `target_info` and the OTel semconv `http_server_request_duration_*`
 * (seconds, from @opentelemetry/instrumentation-http), which the dashboards do not use.
 */
const OBSERVED_METRICS = [
  'afterglow_http_server_duration_ms_bucket',
  'afterglow_http_server_duration_ms_sum',
  'afterglow_http_server_duration_ms_count',
  'afterglow_bus_published_total',
  'afterglow_bus_consumed_total',
  'afterglow_bus_consume_lag_ms_bucket',
  'afterglow_bus_consume_lag_ms_sum',
  'afterglow_bus_consume_lag_ms_count',
  'afterglow_bus_handler_duration_ms_bucket',
  'afterglow_bus_handler_duration_ms_sum',
  'afterglow_bus_handler_duration_ms_count',
  'afterglow_realtime_connections',
  'afterglow_realtime_upgrades_total',
] as const;

/** Queried by panels whose description says so, but NOT YET EXPORTED by Afterglow. */
const NOT_YET_EXPORTED: readonly string[] = [];

interface Target {
  refId?: string;
  expr?: string;
  datasource?: { type?: string; uid?: string };
}

interface Panel {
  id?: number;
  type?: string;
  title?: string;
  description?: string;
  datasource?: { type?: string; uid?: string };
  gridPos?: { h: number; w: number; x: number; y: number };
  targets?: Target[];
  panels?: Panel[];
}

interface Variable {
  name: string;
  type: string;
  query?: unknown;
  definition?: string;
}

interface Dashboard {
  uid?: string;
  title?: string;
  tags?: string[];
  schemaVersion?: number;
  panels?: Panel[];
  templating?: { list?: Variable[] };
}

function load(file: string): Dashboard {
  return JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Dashboard;
}

/** All panels, including those nested in collapsed rows. */
function allPanels(d: Dashboard): Panel[] {
  return (d.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
}

function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\bafterglow_[A-Za-z0-9_]+/g)].map((m) => m[0]);
}

/** Parentheses, brackets and braces balance outside string literals (a cheap PromQL sanity check). */
function balanced(expr: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  return stack.length === 0 && quote === undefined;
}

describe.each(DASHBOARDS)('%s', (file) => {
  const raw = readFileSync(join(DIR, file), 'utf8');

  it('is valid JSON with the dashboard basics', () => {
    expect(() => JSON.parse(raw) as unknown).not.toThrow();
    const d = load(file);
    expect(d.schemaVersion).toBe(39);
    expect(d.uid).toBe(file.replace(/\.json$/, ''));
    expect(d.title).toMatch(/^Afterglow/);
    expect(d.tags).toContain('afterglow');
  });

  it('has the DS_PROMETHEUS data source variable and the service variable over job', () => {
    const vars = load(file).templating?.list ?? [];
    const ds = vars.find((v) => v.name === 'DS_PROMETHEUS');
    expect(ds?.type).toBe('datasource');
    expect(ds?.query).toBe('prometheus');
    const service = vars.find((v) => v.name === 'service');
    expect(service?.type).toBe('query');
    expect(service?.definition).toBe('label_values(up, job)');
  });

  it('has unique panel ids', () => {
    const ids = allPanels(load(file)).map((p) => p.id);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every panel a title, a layout and at least one query on ${DS_PROMETHEUS}', () => {
    const panels = allPanels(load(file));
    expect(panels.length).toBeGreaterThan(0);
    for (const p of panels) {
      expect(p.title?.trim(), `panel ${p.id}`).toBeTruthy();
      expect(p.gridPos, p.title).toBeDefined();
      expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      const targets = p.targets ?? [];
      expect(targets.length, p.title).toBeGreaterThan(0);
      expect(
        targets.some((t) => (t.expr ?? '').trim() !== ''),
        p.title,
      ).toBe(true);
      const refIds = targets.map((t) => t.refId);
      expect(new Set(refIds).size, p.title).toBe(refIds.length);
    }
  });

  it('queries well-formed PromQL filtered by the service variable', () => {
    for (const p of allPanels(load(file))) {
      for (const t of p.targets ?? []) {
        const expr = t.expr ?? '';
        expect(balanced(expr), `${p.title}: ${expr}`).toBe(true);
        for (const selector of expr.matchAll(/\bafterglow_[A-Za-z0-9_]+(\{[^}]*\})?/g)) {
          expect(selector[1] ?? '', `${p.title}: ${selector[0]}`).toContain('job=~"$service"');
        }
      }
    }
  });

  it('uses only metrics observed on /metrics, or ones marked as not yet exported', () => {
    const known = new Set<string>(OBSERVED_METRICS);
    const pending = new Set<string>(NOT_YET_EXPORTED);
    for (const p of allPanels(load(file))) {
      for (const t of p.targets ?? []) {
        for (const name of metricsIn(t.expr ?? '')) {
          if (known.has(name)) continue;
          expect(pending.has(name), `${p.title}: unknown metric ${name}`).toBe(true);
          expect(p.description ?? '', `${p.title}: ${name} must be described as not yet exported`).toMatch(
            /not yet exported/i,
          );
        }
      }
    }
  });
});

describe('the dashboard set', () => {
  it('has distinct uids and uses every observed metric family', () => {
    const dashboards = DASHBOARDS.map(load);
    expect(new Set(dashboards.map((d) => d.uid)).size).toBe(DASHBOARDS.length);
    const used = new Set(
      dashboards.flatMap((d) =>
        allPanels(d).flatMap((p) => (p.targets ?? []).flatMap((t) => metricsIn(t.expr ?? ''))),
      ),
    );
    for (const family of [
      'afterglow_http_server_duration_ms_bucket',
      'afterglow_http_server_duration_ms_count',
      'afterglow_bus_published_total',
      'afterglow_bus_consumed_total',
      'afterglow_bus_consume_lag_ms_bucket',
      'afterglow_bus_handler_duration_ms_bucket',
    ]) {
      expect(used.has(family), family).toBe(true);
    }
  });
});
