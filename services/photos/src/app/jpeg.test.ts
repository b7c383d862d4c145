import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectJpeg } from './jpeg';

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
});
