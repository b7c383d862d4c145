import { describe, expect, it } from 'vitest';
import type { Router } from 'express';
import { API_ROUTES, PAGE_ROUTES } from '@afterglow/contracts';
import { startApp } from '../test/support/harness';

/** Every route a service registers is in the route tables (API and pages) with its owner, and nothing else is. */
function routesOf(router: Router): string[] {
  const out: string[] = [];
  const walk = (stack: unknown[]) => {
    for (const layer of stack as {
      route?: { path: string; methods: Record<string, boolean> };
      handle?: { stack?: unknown[] };
    }[]) {
      if (layer.route) {
        for (const [m, on] of Object.entries(layer.route.methods))
          if (on && m !== '_all') out.push(`${m.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: unknown[] }).stack);
  return out.filter((r) => r.includes(' /api/') || r.includes(' /share/'));
}

describe('the API route table', () => {
  it('matches what each service registers', async () => {
    const app = await startApp();
    try {
      for (const service of ['events', 'photos', 'admin'] as const) {
        const registered = routesOf(app.modules.get(service)!.router!).sort();
        const table = [...API_ROUTES, ...PAGE_ROUTES]
          .filter((r) => r.service === service)
          .map((r) => `${r.method} ${r.path}`)
          .sort();
        expect(registered, service).toEqual(table);
      }
      const gateway = routesOf(app.modules.get('gateway')!.router!);
      for (const r of API_ROUTES.filter((x) => x.service === 'gateway'))
        expect(gateway).toContain(`${r.method} ${r.path}`);
    } finally {
      await app.close();
    }
  });
});
