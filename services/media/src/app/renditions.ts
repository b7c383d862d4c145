import sharp from 'sharp';
import { MAX_UPLOAD_PIXELS } from '@afterglow/contracts';

export const THUMB_SIZE = 400;
export const DISPLAY_SIZE = 1600;

export interface Renditions {
  thumb: Buffer;
  display: Buffer;
  width: number;
  height: number;
}

/**
 * Builds the display rendition (longest side about 1600 px, JPEG) and, from it, the thumbnail
 * (about 400 px, WebP). EXIF orientation is applied; no metadata (EXIF, GPS, ICC comments) is kept,
 * since sharp writes none unless asked. The original is decoded once (with JPEG shrink-on-load).
 */
export async function makeRenditions(original: Buffer): Promise<Renditions> {
  const { data: display, info } = await sharp(original, {
    limitInputPixels: MAX_UPLOAD_PIXELS,
    failOn: 'truncated',
  })
    .rotate()
    .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, progressive: true, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(display)
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  return { thumb, display, width: info.width, height: info.height };
}

export const renditionKeys = (eventId: string, photoId: string) => ({
  thumbKey: `events/${eventId}/renditions/${photoId}/thumb.webp`,
  displayKey: `events/${eventId}/renditions/${photoId}/display.jpg`,
});
