import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeRenditions, type Made } from './renditions';

const byKind = (made: Made[]) => Object.fromEntries(made.map((m) => [m.kind.kind, m]));

async function photo(w: number, h: number, orientation?: number) {
  let img = sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#c08040',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  }).jpeg();
  if (orientation) img = img.withMetadata({ orientation });
  return img
    .withExifMerge({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' },
    })
    .toBuffer();
}

describe('renditions', () => {
  it('makes a ~1600 px JPEG and a ~400 px WebP, applying orientation and dropping all metadata', async () => {
    const input = await photo(2400, 1800, 6);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const r = byKind(await makeRenditions(input));
    const d = await sharp(r.display!.data).metadata();
    const t = await sharp(r.thumb!.data).metadata();
    expect([d.format, d.width, d.height]).toEqual(['jpeg', 1200, 1600]);
    expect([t.format, t.width, t.height]).toEqual(['webp', 300, 400]);
    expect([r.display!.width, r.display!.height, r.thumb!.width, r.thumb!.height]).toEqual([
      1200, 1600, 300, 400,
    ]);
    for (const m of [d, t]) {
      expect(m.exif).toBeUndefined();
      expect(m.orientation).toBeUndefined();
    }
    expect(r.display!.data.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('hands the thumbnail to `early` as soon as it is encoded, the same bytes as without it (issue 26)', async () => {
    const input = await photo(2400, 1800);
    const plain = byKind(await makeRenditions(input));
    const early: Made[] = [];
    const r = byKind(
      await makeRenditions(input, null, undefined, undefined, (m) => {
        early.push(m);
      }),
    );
    expect(early.map((m) => m.kind.kind)).toEqual(['thumb']);
    expect(early[0]).toBe(r.thumb);
    expect(r.thumb!.data.equals(plain.thumb!.data)).toBe(true);
    expect(r.display!.data.equals(plain.display!.data)).toBe(true);
  });

  it('never enlarges a small photo', async () => {
    const r = byKind(await makeRenditions(await photo(300, 200)));
    expect([r.display!.width, r.display!.height]).toEqual([300, 200]);
    expect((await sharp(r.thumb!.data).metadata()).width).toBe(300);
  });

  it('refuses a truncated JPEG', async () => {
    const input = await photo(800, 600);
    await expect(makeRenditions(input.subarray(0, input.length / 2))).rejects.toThrow();
  });
});
