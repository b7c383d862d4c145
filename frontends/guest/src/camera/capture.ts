import type { CaptureKind } from '@afterglow/contracts';

// Taking a frame from the camera is @afterglow/ui/camera's (one camera for the guest and the admin's
// test page); the phone's camera app path (fileShot.ts) encodes and fails the same way.
export { CaptureError, JPEG_QUALITY } from '@afterglow/ui/camera';

/** A photo in the preview, from the in-app camera or the phone's camera app. */
export interface CapturedShot {
  /** what was captured (ADR 030); absent, a photo (the only kind so far) */
  kind?: CaptureKind;
  blob: Blob;
  /** object URL of the blob, for the preview */
  url: string;
  /** made at capture time: a retry of this photo is stored once (ADR 004) */
  uploadId: string;
}
