/**
 * @afterglow/bus: the message bus every service talks over (in-memory for embedded mode, NATS
 * JetStream for distributed mode). The reusable contract suite lives in `@afterglow/bus/test-support/bus-suite`
 * (it imports vitest, so it is not exported from here).
 */
import { createMemoryBus } from './memory';
import { STREAM_SUBJECTS } from '@afterglow/contracts';
import { createNatsBus } from './nats';
import type { Bus } from './types';

export * from './types';
export { createMemoryBus } from './memory';
export type { MemoryBusOptions } from './memory';
export { createNatsBus } from './nats';
export type { NatsBusOptions } from './nats';
export { subjectMatches } from './util';
export { ask, answer } from './rpc';
export { cachedAsk } from './cached-ask';
export type { CachedAsk, CachedAskOptions } from './cached-ask';
export { prefixedBus } from './prefixed';
export { tracedBus, PUBLISHED_AT_HEADER } from './traced';
import { prefixedBus } from './prefixed';
export type { ErrorReporter } from './util';

export interface BusConfig {
  /** NATS server URL(s); when set the NATS JetStream bus is used, otherwise the in-memory bus */
  natsUrl?: string;
  /** JetStream stream name (NATS only); default 'AFTERGLOW' */
  stream?: string;
  /** namespace for every subject (NATS only), so deployments or test runs can share a server */
  subjectPrefix?: string;
}

/** NATS when `natsUrl` is set (distributed mode), in-memory otherwise (embedded mode). */
export async function createBus(config: BusConfig): Promise<Bus> {
  if (config.natsUrl) {
    const prefix = config.subjectPrefix;
    const nats = await createNatsBus({
      url: config.natsUrl,
      ...(config.stream ? { stream: config.stream } : {}),
      ...(prefix ? { subjects: STREAM_SUBJECTS.map((s) => `${prefix}.${s}`) } : {}),
    });
    return prefix ? prefixedBus(nats, prefix) : nats;
  }
  return createMemoryBus();
}
