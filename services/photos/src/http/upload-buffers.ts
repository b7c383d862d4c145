/**
 * Buffers that gather uploads' bytes, kept for the next ones (ADR 038). A fresh buffer of a photo's
 * size is memory the kernel maps page by page when it is first written: gathering each photo into a
 * new one (and then a second for the cleaned copy) cost a fifth of the event loop at 200 uploads a
 * second, ten times the copy itself. Sizes go in steps of at most 1.5× from 256 KiB (256, 384, 512,
 * 768 KiB, 1 MiB…), so a party's photos, of a few sizes, share a few of them. At most `maxKeptBytes`
 * wait here between uploads, enough for 200 uploads of 512 KiB at once; those not taken for a minute
 * are let go.
 */
export class BufferPool {
  private readonly free = new Map<number, { buf: Buffer; at: number }[]>();
  private kept = 0;
  private lastTrim = Date.now();

  constructor(
    private readonly maxKeptBytes = 128 * 1024 * 1024,
    private readonly smallest = 256 * 1024,
    private readonly idleMs = 60_000,
  ) {}

  /** A buffer of at least `bytes`, kept or new; its contents are whatever was there. */
  take(bytes: number): Buffer {
    const size = this.sizeFor(bytes);
    const kept = this.free.get(size)?.pop();
    if (!kept) return Buffer.allocUnsafeSlow(size);
    this.kept -= size;
    return kept.buf;
  }

  /** Takes a buffer back once nothing reads it any more. */
  give(buf: Buffer, now = Date.now()): void {
    const size = buf.length;
    if (now - this.lastTrim > this.idleMs) this.trim(now);
    if (size !== this.sizeFor(size) || this.kept + size > this.maxKeptBytes) return;
    let list = this.free.get(size);
    if (!list) this.free.set(size, (list = []));
    list.push({ buf, at: now });
    this.kept += size;
  }

  /** Lets go of the buffers nobody took for `idleMs` (the oldest are at the front of each list). */
  private trim(now: number): void {
    this.lastTrim = now;
    for (const list of this.free.values()) {
      let idle = 0;
      while (idle < list.length && now - list[idle]!.at > this.idleMs) idle++;
      for (const { buf } of list.splice(0, idle)) this.kept -= buf.length;
    }
  }

  private sizeFor(bytes: number): number {
    let size = this.smallest;
    // 1.5× then 4/3×: the powers of two and halfway between them
    while (size < bytes) size = Math.log2(size) % 1 === 0 ? size * 1.5 : (size * 4) / 3;
    return size;
  }
}

/** The bytes of one file part, gathered in a pooled buffer as they arrive. */
export class Gathered {
  buf: Buffer;
  length = 0;
  private released = false;

  constructor(
    private readonly pool: BufferPool,
    expected: number,
  ) {
    this.buf = pool.take(expected);
  }

  write(chunk: Buffer): void {
    if (this.released) return; // a refused body's last chunks
    const need = this.length + chunk.length;
    if (need > this.buf.length) {
      const bigger = this.pool.take(need);
      this.buf.copy(bigger, 0, 0, this.length);
      this.pool.give(this.buf);
      this.buf = bigger;
    }
    chunk.copy(this.buf, this.length);
    this.length = need;
  }

  /** Gives the buffer back: nothing may read what it held after this. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.pool.give(this.buf);
    this.buf = EMPTY;
    this.length = 0;
  }
}

const EMPTY = Buffer.alloc(0);
