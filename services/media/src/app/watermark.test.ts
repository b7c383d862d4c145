import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FilmOptions } from './film';
import { meanAbsDiff } from '../test-support/golden';
import { makeRenditions } from './renditions';
import { watermarkBox, watermarkSvg } from './watermark';

/** A plain photo-like picture: a gradient, so every corner has something to mark. */
const photo = (w = 1200, h = 900) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#4a7fc1"/><stop offset="1" stop-color="#f2c48d"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#g)"/></svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

type Box = { left: number; top: number; width: number; height: number };
const region = (img: Buffer, box: Box) => sharp(img).removeAlpha().extract(box).raw().toBuffer();
const FILM: FilmOptions = {
  photoId: '6f1d1c3e-8f57-4f0e-9a55-0b6a2c0d4e11',
  preset: 'classic',
  timezone: 'UTC',
  takenAt: new Date('2024-11-26T18:30:00Z'),
};

describe('the free plan watermark', () => {
  it('marks the display and thumbnail in the bottom-left corner and nowhere else', async () => {
    const input = await photo();
    const [plain, plainThumb] = await makeRenditions(input, null, { watermark: false });
    const [marked, markedThumb] = await makeRenditions(input, null, { watermark: true });
    expect([marked!.width, marked!.height]).toEqual([1200, 900]);
    const { left, top, width, height } = watermarkBox(1200, 900);
    const box = { left, top, width, height };
    // inside the mark the picture is changed a lot; far from it not at all
    expect(meanAbsDiff(await region(marked!.data, box), await region(plain!.data, box))).toBeGreaterThan(20);
    const far = { left: 600, top: 0, width: 600, height: 450 };
    expect(meanAbsDiff(await region(marked!.data, far), await region(plain!.data, far))).toBe(0);
    // the thumbnail is made from the display: the same corner, a quarter the size
    const s = markedThumb!.width / marked!.width;
    const thumbBox = {
      left: Math.floor(left * s),
      top: Math.floor(top * s),
      width: Math.floor(width * s),
      height: Math.floor(height * s),
    };
    expect(
      meanAbsDiff(await region(markedThumb!.data, thumbBox), await region(plainThumb!.data, thumbBox)),
    ).toBeGreaterThan(10);
  });

  it('comes out the same every time, and goes over the film look', async () => {
    const input = await photo();
    const a = await makeRenditions(input, FILM, { watermark: true });
    const again = await makeRenditions(input, FILM, { watermark: true });
    expect(a[0]!.data.equals(again[0]!.data)).toBe(true);
    expect(a[1]!.data.equals(again[1]!.data)).toBe(true);
    const [film] = await makeRenditions(input, FILM, { watermark: false });
    const { left, top, width, height } = watermarkBox(1200, 900);
    const box = { left, top, width, height };
    expect(meanAbsDiff(await region(a[0]!.data, box), await region(film!.data, box))).toBeGreaterThan(20);
  });

  it('is drawn from shapes only, and fits a small picture', async () => {
    expect(watermarkSvg(40).svg).not.toMatch(/<text|font/);
    const [d] = await makeRenditions(await photo(120, 90), null, { watermark: true });
    expect([d!.width, d!.height]).toEqual([120, 90]);
  });
});
