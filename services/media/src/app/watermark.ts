import type { OverlayOptions } from 'sharp';
import { frameSizes, layOver, rasterised, type Pixels } from './film-overlays';

/**
 * The free plan's watermark (ADR 025): a small 'afterglow' mark, a setting sun and the word in
 * strokes, on a translucent dark pill in the picture's bottom-left corner. Drawn from SVG shapes
 * only (no system fonts), so the same picture always comes out the same on every machine.
 */

/** The word in strokes on a small grid: x-height 3..6, ascenders from 0, descenders to 8. */
const GLYPHS: [string, number][] = [
  ['M0.5 3H3V6H0V4.5H3', 4], // a
  ['M2.5 0H1V6M0 3H2.5', 3.5], // f
  ['M1 1V6H2.5M0 3H2.5', 3.5], // t
  ['M3 6H0V3H3V4.5H0', 4], // e
  ['M0 3V6M0 4L1 3H3', 3.5], // r
  ['M3 3H0V6H3M3 3V8H0', 4], // g
  ['M1 0V6', 2], // l
  ['M0 3H3V6H0Z', 4], // o
  ['M0 3L0.75 6L1.5 4L2.25 6L3 3', 4], // w
];
const PILL_H = 11;
const TEXT_X = 9.5;
const PILL_W = TEXT_X + GLYPHS.reduce((n, [, w]) => n + w, 0) + 1.5;

/** The mark as SVG, `height` pixels tall; its width follows. */
export function watermarkSvg(height: number): { svg: string; width: number; height: number } {
  const scale = height / PILL_H;
  const width = Math.ceil(PILL_W * scale);
  let x = TEXT_X;
  const word = GLYPHS.map(([d, w]) => {
    const at = `<path transform="translate(${x} 1.5)" d="${d}"/>`;
    x += w;
    return at;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${PILL_W} ${PILL_H}">
<rect width="${PILL_W}" height="${PILL_H}" rx="${PILL_H / 2}" fill="#000" fill-opacity="0.45"/>
<path d="M2.5 6.5A2.75 2.75 0 0 1 8 6.5Z" fill="#fbbf24"/>
<path d="M2.5 7.75H8M3.5 8.75H7" stroke="#fbbf24" stroke-width="0.6" stroke-linecap="round"/>
<g fill="none" stroke="#fff" stroke-opacity="0.92" stroke-width="0.75" stroke-linecap="round" stroke-linejoin="round">${word}</g>
</svg>`;
  return { svg, width, height };
}

/** Where the mark goes on a w×h picture: clear of a film frame's border, in the bottom-left corner. */
export function watermarkBox(w: number, h: number) {
  const height = Math.max(8, Math.round(Math.min(w, h) * 0.07));
  const { svg, width } = watermarkSvg(height);
  const inset = frameSizes(w, h).perforated + Math.round(height * 0.4);
  return { svg, left: Math.max(0, inset), top: Math.max(0, h - inset - height), width, height };
}

/**
 * Lays the mark over a developed picture's RGB pixels in place (after the film look, if any); the
 * mark of a size is rendered once and kept.
 */
export async function markPixels(px: Pixels): Promise<void> {
  const box = watermarkBox(px.width, px.height);
  if (box.width > px.width || box.height > px.height) return;
  layOver(px, await rasterised(box.svg), box.left, box.top);
}

/** The mark as a layer over a w×h picture (photos and clips alike); null when it does not fit. */
export function watermarkLayer(w: number, h: number): OverlayOptions | null {
  const box = watermarkBox(w, h);
  if (box.width > w || box.height > h) return null;
  return { input: Buffer.from(box.svg), left: box.left, top: box.top };
}
