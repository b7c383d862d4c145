import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFaces, faceDistance, largestFace, type Face } from './faces';

const require = createRequire(import.meta.url);
/** The group photos face-api ships with its demo: several people each, none of ours. */
const sample = (n: number) =>
  readFileSync(join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`));

/** The picture's region around a face (with a margin), as a selfie of that person would frame it. */
async function cropAround(image: Buffer, f: Face, flip = false): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const m = 0.35;
  const left = Math.max(0, Math.round((f.box.x - f.box.width * m) * width));
  const top = Math.max(0, Math.round((f.box.y - f.box.height * m) * height));
  const w = Math.min(width - left, Math.round(f.box.width * (1 + 2 * m) * width));
  const h = Math.min(height - top, Math.round(f.box.height * (1 + 2 * m) * height));
  let img = sharp(image).extract({ left, top, width: w, height: h });
  if (flip) img = img.flop();
  return img.jpeg({ quality: 90 }).toBuffer();
}

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
