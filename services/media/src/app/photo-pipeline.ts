import type { CapturePipeline } from './pipeline';
import { filmOf } from './job';
import { makeRenditions, storedRenditions } from './renditions';

/**
 * A photo (a JPEG original) developed with sharp: its display rendition (film look, then the free plan's
 * watermark) and the thumbnail made from it (`KINDS` in renditions.ts), handed to `early` while the
 * display's JPEG still encodes. The filter judges the display.
 */
export const photoPipeline: CapturePipeline = {
  make: (original, job, early) =>
    makeRenditions(original, filmOf(job), { watermark: job.watermark === true }, undefined, early),
  stored: (store, eventId, captureId) => storedRenditions(store, eventId, captureId),
  judged: 'display',
};
