import { describe, expect, it } from 'vitest';
import { FACE_DESCRIPTOR_LENGTH as D, boxOverlap, matchScore } from '@afterglow/contracts';
import { EventFaces, descriptorBytes } from './face-index';

/** A descriptor pointing along axis `i`, scaled (distances between them are easy to know). */
const axis = (i: number, scale = 1) => {
  const v = new Float32Array(D);
  v[i] = scale;
  return v;
};

describe("an event's faces in memory", () => {
  const photos = ['p1', 'p1', 'p2', 'p3'];
  const vectors = new Float32Array(4 * D);
  vectors.set(axis(0), 0); // p1: the person
  vectors.set(axis(1), D); // p1: someone else
  vectors.set(axis(0, 1.3), 2 * D); // p2: the person, farther (distance 0.3)
  vectors.set(axis(2), 3 * D); // p3: someone else (distance √2)
  const faces = new EventFaces([1, 2, 3, 4], photos, vectors);

  it("answers each photo once, with its nearest face's distance, only within the threshold", () => {
    const near = faces.nearestByPhoto(axis(0, 1.1), 0.5);
    expect([...near.keys()].sort()).toEqual(['p1', 'p2']);
    expect(near.get('p1')).toBeCloseTo(0.1, 5);
    expect(near.get('p2')).toBeCloseTo(0.2, 5);
    expect(faces.nearestByPhoto(axis(0, 1.1), 0.05).size).toBe(0);
  });

  it('names every face within the threshold, for Remove me', () => {
    expect(faces.within(axis(0), 0.5)).toEqual([1, 3]);
    expect(faces.within(axis(5), 0.5)).toEqual([]);
  });

  it('stores a descriptor as 128 little-endian float32 numbers', () => {
    const b = descriptorBytes(Array.from({ length: D }, (_, i) => i / 100));
    expect(b.byteLength).toBe(D * 4);
    const view = new DataView(b.buffer);
    expect(view.getFloat32(4 * 7, true)).toBeCloseTo(0.07, 6);
  });

  it('scores a match for people and tells how much two boxes overlap', () => {
    expect(matchScore(0, 0.5)).toBe(1);
    expect(matchScore(0.5, 0.5)).toBe(0.5);
    expect(matchScore(2, 0.5)).toBe(0);
    const a = { x: 0, y: 0, width: 0.2, height: 0.2 };
    expect(boxOverlap(a, a)).toBeCloseTo(1);
    expect(boxOverlap(a, { x: 0.1, y: 0, width: 0.2, height: 0.2 })).toBeCloseTo(1 / 3);
    expect(boxOverlap(a, { x: 0.5, y: 0.5, width: 0.1, height: 0.1 })).toBe(0);
  });
});
