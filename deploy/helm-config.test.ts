// The chart and the configuration schema (packages/service-kit/src/config.ts): what the chart's values
// set, and what its README says of every other variable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { baseConfigSchema } from '@afterglow/service-kit';
import { ROOT, envOf, helmTemplate, helmUnavailable, of, parseManifests } from './helm-render';

const COMPONENTS = 8;
const unavailable = helmUnavailable();
if (unavailable) console.warn(`deploy/helm-config.test.ts: SKIPPING the rendering test: ${unavailable}`);

describe.skipIf(!!unavailable)('helm chart values for optional settings', () => {
  it('sets the optional settings it has values for on every component', () => {
    const r = helmTemplate([
      '--set-json',
      'origins=["https://photos.example.org","https://afterglow.example.net"]',
      '--set',
      'externalServices.nats.subjectPrefix=staging',
      '--set',
      'externalServices.s3.presignImages=true',
      '--set',
      'externalServices.s3.publicEndpoint=https://bucket.example.com',
      '--set',
      'telemetry.otlpEndpoint=http://otel-collector:4318',
    ]);
    expect(r.status, r.err).toBe(0);
    const deployments = of<IDeployment>(parseManifests(r.out), 'Deployment');
    expect(deployments).toHaveLength(COMPONENTS);
    for (const d of deployments)
      expect(Object.fromEntries([...envOf(d)].map(([k, v]) => [k, v.value]))).toMatchObject({
        AFTERGLOW_ORIGINS: 'https://photos.example.org,https://afterglow.example.net',
        NATS_SUBJECT_PREFIX: 'staging',
        S3_PRESIGN_IMAGES: 'true',
        S3_PUBLIC_ENDPOINT: 'https://bucket.example.com',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      });
    // unset, they are left out
    const plain = of<IDeployment>(parseManifests(helmTemplate([]).out), 'Deployment');
    expect(plain).toHaveLength(COMPONENTS);
    for (const d of plain)
      for (const k of [
        'AFTERGLOW_ORIGINS',
        'NATS_SUBJECT_PREFIX',
        'S3_PRESIGN_IMAGES',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
      ])
        expect(envOf(d).has(k), k).toBe(false);
  });
});

describe('the chart README', () => {
  it('says how to set every variable of the configuration, or why a cluster leaves it alone', () => {
    const readme = readFileSync(join(ROOT, 'helm/afterglow/README.md'), 'utf8');
    const unnamed = Object.keys(baseConfigSchema.shape).filter((k) => !readme.includes(`\`${k}\``));
    expect(unnamed).toEqual([]);
  });
});
