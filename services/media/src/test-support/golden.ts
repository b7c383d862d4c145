import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';

/** Goldens are kept this wide: enough to see the look, small enough to commit. */
const GOLDEN_WIDTH = 256;

/**
 * How far an image is from a golden PNG: the mean absolute difference per RGB channel (0–255), both
 * scaled to the golden's width. Small encoder or library differences move it by a fraction of a level;
 * a changed look moves it by several. With `UPDATE_GOLDEN=1` the golden is written from the image
 * and the answer is 0; without it a missing golden is an error.
 */
export async function goldenDistance(
  image: Buffer,
  goldenPath: string,
  /** false: compare with another test's golden, never rewriting it */
  update = process.env.UPDATE_GOLDEN === '1',
): Promise<number> {
  const scaled = () => sharp(image).resize({ width: GOLDEN_WIDTH }).removeAlpha();
  if (update) {
    await mkdir(dirname(goldenPath), { recursive: true });
    await writeFile(goldenPath, await scaled().png({ compressionLevel: 9 }).toBuffer());
    return 0;
  }
  if (!existsSync(goldenPath)) throw new Error(`no golden at ${goldenPath}: run with UPDATE_GOLDEN=1`);
  const golden = await sharp(goldenPath).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const got = await scaled().resize(golden.info.width, golden.info.height, { fit: 'fill' }).raw().toBuffer();
  return meanAbsDiff(got, golden.data);
}

/** Mean absolute difference of two equally long byte arrays (0–255). */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
