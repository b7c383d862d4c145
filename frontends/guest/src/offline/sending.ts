// What sends the offline queue and a kept photo, and words an upload's failure: loaded when something
// is to be sent (offline/usePhotoQueue.ts `loadSending`), not with the camera page
// (docs/adr/037-guest-page-weight.md).
export { enqueue, flush, send } from './queue';
export { sendCapture } from '../lib/upload';
export { uploadError } from '../lib/upload-errors';
