import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JpegCleaner, cleanJpeg } from './jpeg';

/** The cleaned JPEG's size, as the upload reads it (refusals are thrown as they are). */
const sizeOf = (j: Buffer) => {
  const { width, height } = cleanJpeg(Buffer.from(j));
  return { width, height };
};

/** An EXIF block (APP1) holding only the orientation tag, in the byte order asked for. */
function exifSegment(orientation: number, order: 'II' | 'MM'): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  const le = order === 'II';
  tiff.write(order, 0, 'latin1');
  const u16 = (v: number, at: number) => (le ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (le ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
  u16(42, 2);
  u32(8, 4);
  u16(1, 8);
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

describe('the size an upload reads from a JPEG’s headers', () => {
  it('is the size shown, its EXIF orientation applied, as libvips reads it', async () => {
    for (const progressive of [false, true])
      for (let orientation = 1; orientation <= 8; orientation++) {
        const j = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
          .jpeg({ progressive })
          .withMetadata({ orientation })
          .toBuffer();
        const meta = await sharp(j).metadata();
        expect(meta.orientation).toBe(orientation);
        const swap = orientation >= 5;
        const expected = { width: swap ? 30 : 40, height: swap ? 40 : 30 };
        expect(sizeOf(j), `orientation ${orientation}`).toEqual(expected);
        expect({ width: meta.autoOrient.width, height: meta.autoOrient.height }).toEqual(expected);
      }
  });

  it('reads the orientation in either byte order, and takes a malformed or missing one as 1', async () => {
    const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const withApp1 = (app1: Buffer) => Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    for (const order of ['II', 'MM'] as const) {
      const j = withApp1(exifSegment(6, order));
      expect(sizeOf(j), order).toEqual({ width: 30, height: 40 });
      expect((await sharp(j).metadata()).orientation, order).toBe(6);
    }
    const broken = exifSegment(6, 'MM');
    broken.writeUInt32BE(0xffff, 14); // the directory's offset points past the block
    expect(sizeOf(withApp1(broken))).toEqual({ width: 40, height: 30 });
    expect(sizeOf(withApp1(exifSegment(42, 'II')))).toEqual({ width: 40, height: 30 });
    expect(sizeOf(plain)).toEqual({ width: 40, height: 30 });
  });

  it('refuses other formats by content, whatever they are called', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(() => sizeOf(png)).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => sizeOf(Buffer.from('GIF89a....'))).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => sizeOf(Buffer.alloc(0))).toThrow(expect.objectContaining({ status: 415 }));
  });

  it('refuses truncated JPEGs, huge declared dimensions, and a scan without a frame', async () => {
    const j = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    expect(() => sizeOf(j.subarray(0, j.length - 100))).toThrow(expect.objectContaining({ status: 422 }));
    // A tiny file that declares 65500 x 65500 pixels in its SOF header: refused before decoding.
    const bomb = Buffer.from(j);
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(65500, sof + 5);
    bomb.writeUInt16BE(65500, sof + 7);
    expect(() => sizeOf(bomb)).toThrow(expect.objectContaining({ status: 413 }));
    const zero = Buffer.from(j);
    zero.writeUInt16BE(0, sof + 7);
    expect(() => sizeOf(zero)).toThrow(expect.objectContaining({ status: 422 }));
    // the frame's header taken out: its scan cannot be read
    const noFrame = Buffer.concat([j.subarray(0, sof), j.subarray(sof + 2 + j.readUInt16BE(sof + 2))]);
    expect(() => sizeOf(noFrame)).toThrow(expect.objectContaining({ status: 422 }));
    await expect(sharp(noFrame).metadata()).rejects.toThrow();
    // nothing but its start and its end; a frame's header with no scan after it
    const bare = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    expect(() => sizeOf(bare)).toThrow(expect.objectContaining({ status: 422 }));
    await expect(sharp(bare).metadata()).rejects.toThrow();
    const frameOnly = Buffer.concat([
      j.subarray(0, 2),
      j.subarray(sof, sof + 2 + j.readUInt16BE(sof + 2)),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(() => sizeOf(frameOnly)).toThrow(expect.objectContaining({ status: 422 }));
    await expect(sharp(frameOnly).metadata()).rejects.toThrow();
  });

  it('keeps the image and drops comments and whatever follows EOI', async () => {
    const j = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
      .jpeg({ progressive: true })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(cleanJpeg(Buffer.from(j)).data).toEqual(j);
    const payload = Buffer.from('<script>alert(1)</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), payload]);
    const hostile = Buffer.concat([j.subarray(0, 2), com, j.subarray(2), Buffer.from([0xff, 0xff]), payload]);
    const { data: clean, ...size } = cleanJpeg(hostile);
    expect(clean).toEqual(j);
    expect(clean.includes(payload)).toBe(false);
    expect(size).toEqual({ width: 30, height: 40 });
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
      const expected = cleanJpeg(Buffer.from(input)).data;
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
        expect(cleaner.size(), `${name} in chunks of ${chunk}`).toEqual({ width: 64, height: 48 });
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
