/**
 * @afterglow/bus: the message bus every service talks over (in-memory for embedded mode, NATS
 * JetStream for distributed mode). The reusable contract suite lives in `@afterglow/bus/contract`
 * (it imports vitest, so it is not exported from here).
 */
import { createMemoryBus } from './memory';
import { createNatsBus } from './nats';
import type { Bus } from './types';

export * from './types';
export { createMemoryBus } from './memory';
export type { MemoryBusOptions } from './memory';
export { createNatsBus } from './nats';
export type { NatsBusOptions } from './nats';
export { subjectMatches } from './util';
export type { ErrorReporter } from './util';

export interface BusConfig {
  /** NATS server URL(s); when set the NATS JetStream bus is used, otherwise the in-memory bus */
  natsUrl?: string;
  /** JetStream stream name (NATS only); default 'AFTERGLOW' */
  stream?: string;
}

/** NATS when `natsUrl` is set (distributed mode), in-memory otherwise (embedded mode). */
export async function createBus(config: BusConfig): Promise<Bus> {
  if (config.natsUrl) {
    return createNatsBus({ url: config.natsUrl, ...(config.stream ? { stream: config.stream } : {}) });
  }
  return createMemoryBus();
}
