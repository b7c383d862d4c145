import type { ServiceModule } from '@afterglow/service-kit';
import { adminModule } from '@afterglow/admin';
import { billingModule } from '@afterglow/billing';
import { eventsModule } from '@afterglow/events';
import { gatewayModule } from '@afterglow/gateway';
import { mediaModule } from '@afterglow/media';
import { notifyModule } from '@afterglow/notify';
import { photosModule } from '@afterglow/photos';
import { realtimeModule } from '@afterglow/realtime';

export const MODULES: ServiceModule[] = [
  billingModule,
  eventsModule,
  photosModule,
  mediaModule,
  realtimeModule,
  adminModule,
  notifyModule,
  gatewayModule,
];
export const MODULE_NAMES = MODULES.map((m) => m.name);

/** Selected modules in dependency order (deps that run elsewhere are simply not waited for). */
export function resolveTargets(target: string): ServiceModule[] {
  const names =
    target === 'all'
      ? MODULE_NAMES
      : target
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  for (const n of names)
    if (!MODULE_NAMES.includes(n))
      throw new Error(`Unknown target "${n}". Known: all, ${MODULE_NAMES.join(', ')}`);
  const wanted = new Set(names);
  const out: ServiceModule[] = [];
  const seen = new Set<string>();
  const visit = (m: ServiceModule, stack: string[]) => {
    if (seen.has(m.name)) return;
    if (stack.includes(m.name)) throw new Error(`Dependency cycle: ${[...stack, m.name].join(' -> ')}`);
    for (const d of m.deps) {
      const dep = MODULES.find((x) => x.name === d);
      if (dep && wanted.has(d)) visit(dep, [...stack, m.name]);
    }
    seen.add(m.name);
    out.push(m);
  };
  for (const m of MODULES) if (wanted.has(m.name)) visit(m, []);
  return out;
}
