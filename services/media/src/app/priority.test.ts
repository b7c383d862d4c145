import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lowerLibvipsThreads } from './priority';

const threads = () =>
  readdirSync('/proc/self/task').map((tid) => ({
    tid: Number(tid),
    name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(),
  }));

describe("developing's priority beside the web services", () => {
  it("lowers libvips' workers, and only them", async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    await Promise.all([1, 2].map(() => sharp(big).resize(1600).jpeg().toBuffer()));
    await lowerLibvipsThreads(10);
    const all = threads();
    const vips = all.filter((t) => t.name === 'libvips worker');
    expect(vips.length).toBeGreaterThan(0);
    for (const t of vips) expect(getPriority(t.tid)).toBe(10);
    expect(getPriority(process.pid)).toBe(0);
  });
});
