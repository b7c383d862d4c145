import { describe, expect, it } from 'vitest';
import { BufferPool, Gathered } from './upload-buffers';

describe('the buffers uploads are gathered in', () => {
  it('gathers chunks past its first size, and gives the same memory to the next upload', () => {
    const pool = new BufferPool(8 * 1024 * 1024, 1024);
    const a = new Gathered(pool, 100);
    expect(a.buf.length).toBe(1024);
    // 1.5× then 4/3×
    expect([1025, 1537, 2049, 3073].map((n) => pool.take(n).length)).toEqual([1536, 2048, 3072, 4096]);
    const chunk = Buffer.alloc(700, 1);
    a.write(chunk);
    a.write(Buffer.alloc(700, 2));
    expect(a.length).toBe(1400);
    expect(a.buf.length).toBe(1536);
    expect(a.buf.subarray(0, 700).every((b) => b === 1)).toBe(true);
    expect(a.buf.subarray(700, 1400).every((b) => b === 2)).toBe(true);
    const held = a.buf;
    a.release();
    // a refused body's late chunks write nowhere
    a.write(chunk);
    expect(a.length).toBe(0);
    const b = new Gathered(pool, 1500);
    expect(b.buf).toBe(held);
  });

  it('keeps no more than it may between uploads', () => {
    const pool = new BufferPool(2048, 1024);
    const bufs = [pool.take(1), pool.take(1), pool.take(1)];
    for (const b of bufs) pool.give(b);
    const again = [pool.take(1), pool.take(1), pool.take(1)];
    expect(again.filter((b) => bufs.includes(b))).toHaveLength(2);
  });

  it('lets go of buffers nobody took for a while', () => {
    const pool = new BufferPool(1 << 20, 1024, 1000);
    const old = pool.take(1);
    pool.give(old, Date.now());
    // the next upload a while later: the old one went, its own is kept
    const next = pool.take(1);
    expect(next).toBe(old);
    pool.give(next, Date.now());
    const later = Date.now() + 5000;
    const fresh = Buffer.allocUnsafeSlow(1024);
    pool.give(fresh, later);
    expect(pool.take(1)).toBe(fresh);
    expect(pool.take(1)).not.toBe(old);
  });
});
