import type { Bus, BusMessage, ConsumeHandler, ConsumeOptions, SubscribeHandler } from './types';

/**
 * Puts every subject of a bus under a namespace (`<prefix>.<subject>`), so several deployments or
 * test runs can share one NATS server: JetStream lets only one stream own a subject. Handlers see
 * the subjects without the prefix.
 */
export function prefixedBus(bus: Bus, prefix: string): Bus {
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`Invalid subject prefix ${JSON.stringify(prefix)}`);
  const on = (s: string) => `${prefix}.${s}`;
  const off = <T>(m: BusMessage<T>): BusMessage<T> =>
    m.subject.startsWith(`${prefix}.`) ? { ...m, subject: m.subject.slice(prefix.length + 1) } : m;
  return {
    kind: bus.kind,
    publish: (subject, data, opts) => bus.publish(on(subject), data, opts),
    consume: <T>(subject: string, opts: ConsumeOptions, handler: ConsumeHandler<T>) =>
      bus.consume<T>(on(subject), opts, (m) => handler(off(m))),
    subscribe: <T>(subject: string, handler: SubscribeHandler<T>) =>
      bus.subscribe<T>(on(subject), (m) => handler(off(m))),
    notify: (subject, data, headers) => bus.notify(on(subject), data, headers),
    request: (subject, data, opts) => bus.request(on(subject), data, opts),
    reply: (subject, handler) => bus.reply(on(subject), handler),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
