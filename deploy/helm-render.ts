// Rendering the Helm chart for the deployment tests: helm is fetched once by scripts/helm-check.mjs.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHECK = join(ROOT, 'scripts/helm-check.mjs');
const EXIT_UNREACHABLE = 3;

export interface Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}

export type Rendered = { ok: true; objects: Obj[] } | { ok: false; reason: string };

function runCheck(args: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(process.execPath, [CHECK, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
}

export function parseManifests(text: string): Obj[] {
  const objects: Obj[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`invalid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value != null) objects.push(value as Obj);
  }
  return objects;
}

/** Lints and renders one value set with scripts/helm-check.mjs (which fetches helm on first use). */
export function render(set: 'default' | 'production'): Rendered {
  const r = runCheck([`--only=${set}`]);
  if (r.status === EXIT_UNREACHABLE) return { ok: false, reason: String(r.stderr).trim() };
  if (r.status !== 0)
    throw new Error(`helm-check (${set}) failed with ${r.status ?? r.signal}:\n${String(r.stderr)}`);
  return { ok: true, objects: parseManifests(String(r.stdout)) };
}

/** Renders with extra `helm template` arguments; returns stdout, or the error text when helm fails. */
export function helmTemplate(extra: string[]): { status: number | null; out: string; err: string } {
  const path = String(runCheck(['--helm-path']).stdout).trim();
  const r = spawnSync(
    path,
    ['template', 'afterglow', join(ROOT, 'helm/afterglow'), '--namespace', 'afterglow', ...extra],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/** Why helm cannot be had (the npm registry is unreachable), or null when it can. */
export function helmUnavailable(): string | null {
  const r = runCheck(['--helm-path']);
  return r.status === EXIT_UNREACHABLE ? String(r.stderr).trim() : null;
}

export function of<T>(objects: Obj[], kind: string): (T & Obj)[] {
  return objects.filter((o) => o.kind === kind) as (T & Obj)[];
}

/** A Deployment's container env: each variable's value or secret reference. */
export function envOf(
  d: IDeployment,
): Map<string, { value?: string; secret?: { name: string; key: string } }> {
  const c = d.spec!.template.spec!.containers[0]!;
  return new Map(
    (c.env ?? []).map((e) => [
      e.name,
      {
        ...(e.value !== undefined ? { value: e.value } : {}),
        ...(e.valueFrom?.secretKeyRef
          ? { secret: { name: e.valueFrom.secretKeyRef.name!, key: e.valueFrom.secretKeyRef.key } }
          : {}),
      },
    ]),
  );
}
