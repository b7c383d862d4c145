import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFaces, faceDistance, largestFace, type Face } from './faces';
import { cropAround, samplePhoto as sample } from './samples';

describe('faces in a picture', () => {
  let group: Face[];
  beforeAll(async () => {
    group = await describeFaces(sample(1));
  }, 60_000);

  it('finds each face of a group photo with its box and a 128-number descriptor', async () => {
    expect(group.length).toBeGreaterThanOrEqual(3);
    for (const f of group) {
      expect(f.descriptor).toHaveLength(128);
      expect(f.score).toBeGreaterThan(0.5);
      expect(f.box.x).toBeGreaterThanOrEqual(0);
      expect(f.box.x + f.box.width).toBeLessThanOrEqual(1.001);
    }
  });

  it('knows a face again in a close-up of it, mirrored too, and tells it from the others', async () => {
    const image = sample(1);
    for (const [i, f] of group.entries()) {
      for (const flip of [false, true]) {
        const [close] = await describeFaces(await cropAround(image, f, flip));
        expect(close, `face ${i}${flip ? ' mirrored' : ''}`).toBeDefined();
        const distances = group.map((g) => faceDistance(close!.descriptor, g.descriptor));
        const nearest = distances.indexOf(Math.min(...distances));
        expect(nearest, `face ${i}${flip ? ' mirrored' : ''}: ${distances.map((d) => d.toFixed(2))}`).toBe(i);
        expect(distances[i]).toBeLessThan(0.5);
      }
    }
  }, 120_000);

  it('describes in a thread of its own: the event loop keeps turning meanwhile', async () => {
    let last = performance.now();
    let longest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      // several group photos, seconds of the models' work
      await Promise.all([1, 2, 3].map((n) => describeFaces(sample(n))));
    } finally {
      clearInterval(tick);
    }
    expect(longest).toBeLessThan(250);
  }, 60_000);

  it('finds no face in a picture without one', async () => {
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    expect(await describeFaces(plain)).toEqual([]);
  });

  it('measures distance and picks the largest face', () => {
    expect(faceDistance([0, 3], [4, 0])).toBe(5);
    const small = { box: { x: 0, y: 0, width: 0.1, height: 0.1 }, score: 0.9, descriptor: [] };
    const big = { box: { x: 0.5, y: 0.5, width: 0.3, height: 0.4 }, score: 0.8, descriptor: [] };
    expect(largestFace([small, big])).toBe(big);
    expect(largestFace([])).toBeNull();
  });
});
