import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  SAFETY_INPUT_SIZE,
  classify,
  modelInput,
  safetyModelLoading,
  safetyScore,
  unsafeScore,
} from './safety';

/** Fixed pictures, made here the same way every time (no downloaded images). */
const gradient = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#4a7fc1"/><stop offset="1" stop-color="#f2c48d"/></linearGradient></defs>
      <rect width="1200" height="900" fill="url(#g)"/></svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();
const skin = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#e0ac69' } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('the AI safety score (ADR 027)', () => {
  it('is the explicit classes plus half of the suggestive one, within 0..1', () => {
    expect(unsafeScore({ Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 })).toBe(0);
    expect(unsafeScore({ Drawing: 0, Hentai: 0.25, Neutral: 0, Porn: 0.5, Sexy: 0.25 })).toBeCloseTo(0.875);
    expect(unsafeScore({ Drawing: 0, Hentai: 0, Neutral: 0.2, Porn: 0, Sexy: 0.8 })).toBeCloseTo(0.4);
    expect(unsafeScore({ Drawing: 0, Hentai: 0.6, Neutral: 0, Porn: 0.6, Sexy: 0 })).toBe(1);
  });

  it("decodes any picture to the model's 224×224 RGB input", async () => {
    const png = await sharp({ create: { width: 50, height: 300, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    expect((await modelInput(png)).length).toBe(SAFETY_INPUT_SIZE * SAFETY_INPUT_SIZE * 3);
  });

  it('scores fixed pictures with the real model: in 0..1, the same every time, one at a time', async () => {
    const [g, s] = [await gradient(), await skin()];
    const first = await safetyScore(g);
    const classes = await classify(g);
    const sum = Object.values(classes).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 3);
    expect(unsafeScore(classes)).toBe(first);
    for (const score of [first, await safetyScore(s)]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    // asked together, they are answered one after another, each as alone
    const together = await Promise.all([safetyScore(g), safetyScore(s), safetyScore(g), safetyScore(s)]);
    expect(together).toEqual([first, await safetyScore(s), first, await safetyScore(s)]);
    // two different pictures are told apart (the model looks at the pixels)
    expect(await safetyScore(s)).not.toBe(first);
  }, 120_000);

  it('fails on what is not a picture, and the next picture is still scored', async () => {
    await expect(safetyScore(Buffer.from('not an image'))).rejects.toThrow();
    const score = await safetyScore(await skin());
    expect(score).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('scores in a thread of its own at the lowest priority: the event loop keeps turning meanwhile', async () => {
    const g = await gradient();
    await safetyScore(g); // the thread and its model are up
    expect(safetyModelLoading()).toBe(true);
    // the process's threads with nice 19 (field 19 of /proc/<pid>/task/<tid>/stat): the filter's only
    const niced = readdirSync('/proc/self/task').filter(
      (tid) => readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16] === '19',
    );
    expect(niced).toHaveLength(1);
    let last = performance.now();
    let longest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      await Promise.all(Array.from({ length: 8 }, () => safetyScore(g)));
    } finally {
      clearInterval(tick);
    }
    expect(longest).toBeLessThan(250);
  }, 120_000);
});
