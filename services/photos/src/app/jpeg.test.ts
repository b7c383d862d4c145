import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JpegCleaner, cleanJpeg, inspectJpeg } from './jpeg';

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

  it('cleans the same while the bytes stream in, in chunks of any size, in a buffer with old bytes past them', async () => {
    const j = await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 90, progressive: true })
      .toBuffer();
    const payload = Buffer.from('<script>alert(1)</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), payload]);
    const inputs = {
      plain: j,
      // a comment after SOI, a fill byte before the second segment, a payload after EOI
      hostile: Buffer.concat([
        j.subarray(0, 2),
        com,
        j.subarray(2, 4 + j.readUInt16BE(4)),
        Buffer.from([0xff]),
        j.subarray(4 + j.readUInt16BE(4)),
        Buffer.from([0xff, 0xff]),
        payload,
      ]),
    };
    for (const [name, input] of Object.entries(inputs)) {
      const expected = cleanJpeg(Buffer.from(input));
      expect(expected.equals(j), name).toBe(true);
      for (const chunk of [1, 2, 3, 7, 64, 1000, input.length]) {
        // a pooled buffer: the bytes after those arrived are old ones, 0xFF among them
        const buf = Buffer.alloc(input.length + 4096, 0xff);
        const cleaner = new JpegCleaner();
        let length = 0;
        for (let at = 0; at < input.length && !cleaner.done; at += chunk) {
          const part = input.subarray(at, at + chunk);
          part.copy(buf, length);
          length += part.length;
          cleaner.advance(buf, length);
        }
        expect(cleaner.finish(buf, length).equals(expected), `${name} in chunks of ${chunk}`).toBe(true);
      }
    }
  });

  it('refuses what is not a JPEG from its first bytes, and a cut one at the end', async () => {
    const notJpeg = new JpegCleaner();
    expect(() => notJpeg.advance(Buffer.from('<html>'), 3)).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => notJpeg.finish(Buffer.from('<html>'), 6)).toThrow(expect.objectContaining({ status: 415 }));
    const j = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const cut = new JpegCleaner();
    const buf = Buffer.alloc(j.length * 2, 0xff);
    j.copy(buf, 0, 0, j.length - 2);
    cut.advance(buf, j.length - 2);
    expect(() => cut.finish(buf, j.length - 2)).toThrow(expect.objectContaining({ status: 422 }));
  });
});
