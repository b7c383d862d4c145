import { describe, expect, it } from 'vitest';
import { createMemoryBus } from './memory';
import { prefixedBus } from './prefixed';

describe('prefixedBus', () => {
  it('puts every subject under the namespace and hides it from handlers', async () => {
    const raw = createMemoryBus();
    const bus = prefixedBus(raw, 'run1');
    const rawSeen: string[] = [];
    const seen: string[] = [];
    await raw.subscribe('run1.>', (m) => void rawSeen.push(m.subject));
    await bus.subscribe('photo.*', (m) => void seen.push(m.subject));
    const consumed = new Promise<string>(
      (r) => void bus.consume('photo.uploaded', { durable: 'd' }, async (m) => r(m.subject)),
    );
    await bus.publish('photo.uploaded', { a: 1 });
    expect(await consumed).toBe('photo.uploaded');
    await bus.reply('rpc.x', async (d: { n: number }) => d.n + 1);
    expect(await bus.request('rpc.x', { n: 1 })).toBe(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['photo.uploaded']);
    expect(rawSeen).toContain('run1.photo.uploaded');
    expect(() => prefixedBus(raw, 'bad prefix')).toThrow();
    await bus.close();
  });
});
