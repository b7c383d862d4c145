import sharp from 'sharp';

/**
 * Photo-like JPEGs made once per run: a colour gradient, shapes and mild sensor noise, so they
 * compress like a phone photo (a few hundred KB at 1920x1080, quality 80) and each one differs.
 */
export async function makePhotos(
  count: number,
  width = 1920,
  height = 1080,
  quality = 80,
): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const hue = (i * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},70%,65%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,25%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      ${Array.from({ length: 24 }, (_, k) => {
        const x = (k * 197 + i * 61) % width;
        const y = (k * 113 + i * 89) % height;
        const r = 30 + ((k * 37 + i) % 160);
        return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + k * 29) % 360},80%,${30 + (k % 5) * 10}%)" fill-opacity="0.6"/>`;
      }).join('')}
    </svg>`;
    const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 0, sigma: 14 },
      },
    })
      .raw()
      .toBuffer();
    const px = base.data;
    for (let j = 0; j < px.length; j++) px[j] = Math.max(0, Math.min(255, px[j]! + noise[j]! - 7));
    out.push(
      await sharp(px, { raw: { width, height, channels: 3 } })
        .jpeg({ quality })
        .toBuffer(),
    );
  }
  return out;
}
