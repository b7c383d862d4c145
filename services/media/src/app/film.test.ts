import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FILM_PRESETS } from '@afterglow/contracts';
import { colourMap } from './film-colour';
import { leaks, seeded, stampText } from './film-overlays';
import type { FilmOptions } from './film';
import { goldenDistance, meanAbsDiff } from '../test-support/golden';
import { scene } from '../test-support/scene';
import { makeRenditions, THUMB_SIZE } from './renditions';

// Goldens: services/media/src/app/__golden__/*.png. After an intended change of the look, regenerate
// them with `UPDATE_GOLDEN=1 npx vitest run services/media/src/app/film.test.ts` and look at them.
const GOLDEN = join(import.meta.dirname, '__golden__');
/** Mean difference per channel (0–255) a golden may be off by: libjpeg or libvips builds, not a look. */
const BOUND = 1.5;

const ID = '6f1d1c3e-8f57-4f0e-9a55-0b6a2c0d4e11';
const film = (preset: string, photoId = ID): FilmOptions => ({
  photoId,
  preset,
  timezone: 'Europe/Berlin',
  takenAt: new Date('2024-11-26T18:30:00Z'),
});
const display = async (input: Buffer, f: FilmOptions | null) => (await makeRenditions(input, f))[0]!;

describe('film looks', () => {
  it.each(FILM_PRESETS)('%s looks as its golden image does', async (preset) => {
    const made = await display(await scene(), film(preset));
    expect([made.width, made.height]).toEqual([1200, 900]);
    expect(await goldenDistance(made.data, join(GOLDEN, `${preset}.png`))).toBeLessThan(BOUND);
  });

  it('places the light leaks by the photo id, the same every time', async () => {
    const leak = (id: string) =>
      sharp({ create: { width: 480, height: 360, channels: 3, background: '#000' } })
        .composite(
          leaks(480, 360, seeded(id), false).map((l) => ({
            input: Buffer.from(l.svg),
            left: l.left,
            top: l.top,
            blend: 'screen' as const,
          })),
        )
        .png()
        .toBuffer();
    expect(await goldenDistance(await leak(ID), join(GOLDEN, 'leak.png'))).toBeLessThan(BOUND);
    expect((await leak(ID)).equals(await leak(ID))).toBe(true);
    expect(leaks(480, 360, seeded(ID), false)).not.toEqual(leaks(480, 360, seeded(`${ID}x`), false));
  });

  it('develops the same photo to the same bytes, and another photo with other light leaks', async () => {
    const input = await scene();
    const a = await makeRenditions(input, film('classic'));
    const again = await makeRenditions(input, film('classic'));
    for (const i of [0, 1]) expect(a[i]!.data.equals(again[i]!.data)).toBe(true);
    const other = await display(input, film('classic', '0b7f3a52-1c2d-4e5f-8a9b-123456789abc'));
    const pixels = async (b: Buffer) => sharp(b).resize(300).raw().toBuffer();
    // the same colour, grain, frame and stamp: what differs is where the light leaked
    expect(meanAbsDiff(await pixels(a[0]!.data), await pixels(other.data))).toBeGreaterThan(3);
  });

  it('gives the thumbnail the same look', async () => {
    const [d, t] = await makeRenditions(await scene(), film('bw'));
    expect(t!.width).toBe(THUMB_SIZE);
    const small = (b: Buffer) => sharp(b).resize(200).raw().toBuffer();
    expect(meanAbsDiff(await small(d!.data), await small(t!.data))).toBeLessThan(6);
    const middle = await sharp(t!.data).extract({ left: 100, top: 75, width: 200, height: 150 }).toBuffer();
    const { channels } = await sharp(middle).stats();
    // black and white: no channel strays from the others (in the picture; the stamp is orange)
    expect(Math.abs(channels[0]!.mean - channels[2]!.mean)).toBeLessThan(1);
  });

  it('leaves a photo without film mode as it was: no colour change, frame, stamp or leaks', async () => {
    const input = await scene();
    const plain = await display(input, null);
    const bare = await sharp(input)
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, progressive: true, mozjpeg: false })
      .toBuffer();
    expect(plain.data.equals(bare)).toBe(true);
    const filmed = await display(input, film('classic'));
    expect(
      meanAbsDiff(await sharp(plain.data).raw().toBuffer(), await sharp(filmed.data).raw().toBuffer()),
    ).toBeGreaterThan(10);
  });

  it('develops photos of any size and turn: tiny ones, and portraits with the perforations at the sides', async () => {
    for (const [w, h] of [
      [1, 1],
      [64, 48],
      [300, 200],
    ]) {
      const tiny = await sharp({ create: { width: w!, height: h!, channels: 3, background: '#c08040' } })
        .jpeg()
        .toBuffer();
      expect((await display(tiny, film('classic'))).width).toBe(w);
    }
    const turned = await sharp(await scene())
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const portrait = await display(turned, film('cool400'));
    expect([portrait.width, portrait.height]).toEqual([900, 1200]);
    const { data } = await sharp(portrait.data).raw().toBuffer({ resolveWithObject: true });
    const lightness = (x: number, y: number) => data[(y * 900 + x) * 3]! + data[(y * 900 + x) * 3 + 1]!;
    // down the left edge the rebate is dark, broken by light perforation holes
    const column = Array.from({ length: 1200 }, (_, y) => lightness(31, y));
    expect(Math.min(...column)).toBeLessThan(100);
    expect(Math.max(...column)).toBeGreaterThan(350);
  });

  it('dates the stamp in the event’s time zone, as a camera prints it', () => {
    const late = new Date('2024-11-26T23:30:00Z');
    expect(stampText(late, 'Europe/Berlin')).toBe("'24 11 27");
    expect(stampText(late, 'America/New_York')).toBe("'24 11 26");
    expect(stampText(late, 'Not/AZone')).toBe("'24 11 26");
  });

  it('makes the colour treatment the CSS filter functions describe', () => {
    const apply = (m: ReturnType<typeof colourMap>, rgb: number[]) =>
      m.matrix.map((row, i) => row[0] * rgb[0]! + row[1] * rgb[1]! + row[2] * rgb[2]! + m.offset[i]!);
    const base = { tint: null, tintOpacity: 0, vignette: 0, grain: 0 };
    const grey = apply(colourMap({ ...base, filter: [['grayscale', 1]] }), [200, 100, 50]);
    expect(grey[0]).toBeCloseTo(grey[1]!, 6);
    expect(grey[0]).toBeCloseTo(0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50, 6);
    // contrast 2 doubles the distance from mid-grey; brightness scales
    expect(apply(colourMap({ ...base, filter: [['contrast', 2]] }), [191.25, 0, 127.5])).toEqual([
      255, -127.5, 127.5,
    ]);
    expect(apply(colourMap({ ...base, filter: [['brightness', 0.5]] }), [200, 100, 50])).toEqual([
      100, 50, 25,
    ]);
    // a multiplied tint is a gain per channel
    const tinted = apply(
      colourMap({ ...base, filter: [], tint: '#ff8000', tintOpacity: 1 }),
      [200, 200, 200],
    );
    expect(tinted.map(Math.round)).toEqual([200, 100, 0]);
  });
});
