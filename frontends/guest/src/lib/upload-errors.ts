import { CLIP_CODES, PLAN_CODES, type CLIP_MESSAGES } from '@afterglow/contracts';
import { msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { PLAN_TEXT } from './contract-text';
import { known } from './errors';
import { UPLOAD_FAILED } from './upload-failed';

// The camera's refusals beyond those every page meets (lib/errors.ts): an upload's and a clip's. A
// module of its own so the join page does not carry them. As there, each English is the server's own
// `detail` for that code.

/** A capture refused by the upload (services/photos), by the problem's `code` */
const UPLOAD_BY_CODE: Record<string, MessageDescriptor> = {
  no_shots_remaining: msg('error.noShotsRemaining', 'No shots remaining'),
  [PLAN_CODES.photoLimit]: PLAN_TEXT.photoLimit,
  photo_too_large: msg('error.photoTooLarge', 'The photo is too large'),
  too_many_pixels: msg('error.tooManyPixels', 'The photo has too many pixels'),
  not_jpeg: msg('error.notJpeg', 'Only JPEG photos can be uploaded'),
  truncated_jpeg: msg('error.truncatedJpeg', 'The photo is incomplete, please try again'),
  invalid_jpeg: msg('error.invalidJpeg', 'The photo could not be read'),
  storage_unavailable: msg(
    'error.storageUnavailable',
    'Photo storage is busy right now. Your shot was not used; please try again in a moment.',
  ),
  plan_unavailable: msg(
    'error.planUnavailable',
    'Photos cannot be taken just now. Your shot was not used; please try again in a moment.',
  ),
};

/** CLIP_MESSAGES: a clip refused, by the upload or before it is sent */
const CLIP_TEXT: Record<keyof typeof CLIP_MESSAGES, MessageDescriptor> = {
  notAllowed: msg('clipMessage.notAllowed', 'This event does not take clips. Your clip was not uploaded.'),
  tooLong: msg(
    'clipMessage.tooLong',
    'This clip is longer than the event allows. Your clip was not uploaded.',
  ),
  tooBig: msg('clipMessage.tooBig', 'This clip is too large to upload. Your clip was not uploaded.'),
  notVideo: msg('clipMessage.notVideo', 'This file is not a video clip. Nothing was uploaded.'),
};

const CLIP_BY_CODE: Record<string, keyof typeof CLIP_TEXT> = {
  [CLIP_CODES.notAllowed]: 'notAllowed',
  [CLIP_CODES.tooLong]: 'tooLong',
  [CLIP_CODES.tooBig]: 'tooBig',
  [CLIP_CODES.notVideo]: 'notVideo',
};

/** Why a clip cannot be taken (CLIP_MESSAGES), in the guest's language. */
export const clipRefusal = (t: Translate, why: keyof typeof CLIP_TEXT): string => t(CLIP_TEXT[why]);

/** Why an upload failed (lib/upload.ts `Sent`), in the guest's language. */
export function uploadError(t: Translate, failure: { message: string; code?: string }): string {
  const clip = failure.code ? CLIP_BY_CODE[failure.code] : undefined;
  if (clip) return clipRefusal(t, clip);
  const upload = failure.code ? UPLOAD_BY_CODE[failure.code] : undefined;
  if (upload) return t(upload);
  const found = known(t, failure.code, failure.message);
  if (found) return found;
  return failure.message === UPLOAD_FAILED ? t('upload.failed', 'Could not upload photo') : failure.message;
}
