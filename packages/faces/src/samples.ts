import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describeFaces, largestFace, type Face } from './faces';

/**
 * Pictures of real faces available offline, for tests and the bench (Find Me, ADR 036): the group
 * photos face-api ships with its demo (several people each, none of ours), and close-ups cut from
 * them as a selfie of that person would frame them.
 */

/** How many group photos face-api's demo ships. */
export const SAMPLE_COUNT = 6;

/** Group photo `n` (1..6) of face-api's demo. */
export function samplePhoto(n: number): Buffer {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  return readFileSync(join(dir, `sample${n}.jpg`));
}

/** The picture's region around a face (with a margin, a share of the face's size), mirrored if asked. */
export async function cropAround(image: Buffer, f: Pick<Face, 'box'>, flip = false, margin = 0.35) {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const left = Math.max(0, Math.round((f.box.x - f.box.width * margin) * width));
  const top = Math.max(0, Math.round((f.box.y - f.box.height * margin) * height));
  const w = Math.min(width - left, Math.round(f.box.width * (1 + 2 * margin) * width));
  const h = Math.min(height - top, Math.round(f.box.height * (1 + 2 * margin) * height));
  let img = sharp(image).extract({ left, top, width: w, height: h });
  if (flip) img = img.flop();
  return img.jpeg({ quality: 90 }).toBuffer();
}

let selfie: Promise<Buffer> | null = null;
/** A selfie of one guest: the largest face of group photo 1, cut out with a margin (made once). */
export function sampleSelfie(): Promise<Buffer> {
  selfie ??= (async () => {
    const group = samplePhoto(1);
    return cropAround(group, largestFace(await describeFaces(group))!);
  })();
  return selfie;
}
