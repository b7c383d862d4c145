import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanJpeg, inspectJpeg } from './jpeg';

describe('inspectJpeg', () => {
  it('accepts a JPEG and reports its oriented size', async () => {
    const j = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 8 })
      .toBuffer();
    expect(await inspectJpeg(j)).toEqual({ width: 30, height: 40 });
  });

  it('refuses other formats by content, whatever they are called', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(inspectJpeg(png)).rejects.toMatchObject({ status: 415 });
    await expect(inspectJpeg(Buffer.from('GIF89a....'))).rejects.toMatchObject({ status: 415 });
    await expect(inspectJpeg(Buffer.alloc(0))).rejects.toMatchObject({ status: 415 });
  });

  it('refuses truncated JPEGs and huge declared dimensions', async () => {
    const j = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    await expect(inspectJpeg(j.subarray(0, j.length - 100))).rejects.toMatchObject({ status: 422 });
    // A tiny file that declares 65500 x 65500 pixels in its SOF header: refused before decoding.
    const bomb = Buffer.from(j);
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(65500, sof + 5);
    bomb.writeUInt16BE(65500, sof + 7);
    await expect(inspectJpeg(bomb)).rejects.toMatchObject({ status: 413 });
  });

  it('keeps the image and drops comments and whatever follows EOI', async () => {
    const j = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
      .jpeg({ progressive: true })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(cleanJpeg(j)).toEqual(j);
    const payload = Buffer.from('<script>alert(1)</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), payload]);
    const hostile = Buffer.concat([j.subarray(0, 2), com, j.subarray(2), Buffer.from([0xff, 0xff]), payload]);
    const clean = cleanJpeg(hostile);
    expect(clean).toEqual(j);
    expect(clean.includes(payload)).toBe(false);
    expect(await inspectJpeg(clean)).toEqual({ width: 30, height: 40 });
    const [a, b] = await Promise.all([sharp(j).raw().toBuffer(), sharp(clean).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses JPEGs cut anywhere before their EOI', async () => {
    const j = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    for (const cut of [4, 10, 100, j.length - 2, j.length - 1])
      expect(() => cleanJpeg(j.subarray(0, cut)), `cut at ${cut}`).toThrow(
        expect.objectContaining({ status: 422 }),
      );
    expect(() => cleanJpeg(Buffer.from('<html>'))).toThrow(expect.objectContaining({ status: 415 }));
  });
});
