import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, ConfigError, loadConfig, telemetryConfigSchema } from './config';

const README = new URL('../../../README.md', import.meta.url);

/** The variables the README's configuration table names (the first column of each row). */
function readmeVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(README, 'utf8').split('\n')) {
    const first = /^\|\s*(`[A-Z][A-Z0-9_]*`.*?)\s*\|/.exec(line)?.[1];
    for (const m of first?.matchAll(/`([A-Z][A-Z0-9_]*)`/g) ?? []) names.add(m[1]!);
  }
  return names;
}

describe('the configuration', () => {
  it('lists every variable it reads in the README', () => {
    const listed = readmeVariables();
    const missing = Object.keys(baseConfigSchema.shape).filter((k) => !listed.has(k));
    expect(missing).toEqual([]);
    // and the README lists none it does not read
    const unknown = [...listed].filter((k) => !(k in baseConfigSchema.shape));
    expect(unknown).toEqual([]);
  });

  it('reads OpenTelemetry settings with the rest', () => {
    for (const k of Object.keys(telemetryConfigSchema.shape))
      expect(baseConfigSchema.shape).toHaveProperty(k);
  });

  it('has the defaults the services relied on', () => {
    const c = loadConfig(baseConfigSchema, {});
    expect(c).toMatchObject({
      AFTERGLOW_TARGET: 'all',
      OIDC_ADMIN_ROLE: 'admin',
      MEDIA_CONCURRENCY: 0,
      OTEL_SDK_DISABLED: false,
      OTEL_METRIC_EXPORT_INTERVAL: 0,
    });
    expect(c.AFTERGLOW_MIGRATIONS_DIR).toBeUndefined();
    // an empty value is no value
    const empty = loadConfig(baseConfigSchema, {
      AFTERGLOW_TARGET: '',
      OIDC_ADMIN_ROLE: '',
      MEDIA_CONCURRENCY: '',
    });
    expect(empty).toMatchObject({ AFTERGLOW_TARGET: 'all', OIDC_ADMIN_ROLE: 'admin', MEDIA_CONCURRENCY: 0 });
  });

  it('parses the values people set', () => {
    const c = loadConfig(baseConfigSchema, {
      AFTERGLOW_TARGET: 'events,photos',
      OIDC_ADMIN_ROLE: ' afterglow-admin ',
      MEDIA_CONCURRENCY: '2',
      OTEL_SDK_DISABLED: 'TRUE',
      OTEL_EXPORTER_OTLP_ENDPOINT: ' http://collector:4318 ',
    });
    expect(c).toMatchObject({
      AFTERGLOW_TARGET: 'events,photos',
      OIDC_ADMIN_ROLE: 'afterglow-admin',
      MEDIA_CONCURRENCY: 2,
      OTEL_SDK_DISABLED: true,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
  });

  it('stops at a bad value, naming it', () => {
    expect(() => loadConfig(baseConfigSchema, { MEDIA_CONCURRENCY: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig(baseConfigSchema, { MEDIA_CONCURRENCY: 'many' })).toThrow(/MEDIA_CONCURRENCY/);
    expect(() => loadConfig(baseConfigSchema, { OTEL_METRIC_EXPORT_INTERVAL: '-5' })).toThrow(
      /OTEL_METRIC_EXPORT_INTERVAL/,
    );
  });
});
