import { CLIP_CODES, type CLIP_MESSAGES } from '@afterglow/contracts';
import { msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import { known } from './errors';
import { UPLOAD_FAILED } from './upload-failed';

// The camera's refusals beyond those every page meets (lib/errors.ts): a clip's. A module of its own so
// the join page does not carry them.

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
  const found = known(t, failure.code, failure.message);
  if (found) return found;
  return failure.message === UPLOAD_FAILED ? t('upload.failed', 'Could not upload photo') : failure.message;
}
