// Draws the app's icons (frontends/shell/public/icons/*.png) from icon.svg with sharp:
// `node scripts/app-icons.mjs` after changing the SVG, then commit the PNGs. The PNGs are committed
// so the web build needs no image library; sharp's output for one input is the same every run.
import sharp from 'sharp';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../frontends/shell/public/icons');
const svg = readFileSync(join(dir, 'icon.svg'));
/**
 * Square variants for platforms that cut their own shape: no rounded corners, and for the maskable
 * icon the camera shrunk to sit well inside the central safe zone (a circle of 80% of the width).
 */
const square = (maskable) =>
  Buffer.from(
    svg
      .toString()
      .replace('rx="112"', 'rx="0"')
      .replace('translate(96 96) scale(13.333)', maskable ? 'translate(136 136) scale(10)' : '$&'),
  );

export const ICONS = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'apple-touch-icon.png', size: 180, square: true },
  { file: 'icon-maskable-512.png', size: 512, square: true, maskable: true },
];

function draw({ size, square: sq, maskable }) {
  return sharp(sq ? square(maskable) : svg, { density: 72 * (size / 512) })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
    .toBuffer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const icon of ICONS) {
    const png = await draw(icon);
    writeFileSync(join(dir, icon.file), png);
    console.log(`${icon.file} ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
}
