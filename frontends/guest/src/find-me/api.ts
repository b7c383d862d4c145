import { ApiError, apiUpload, msg, type MessageDescriptor, type Translate } from '@afterglow/ui';
import type { FindMeRemoval, FindMeResult, FoundPhoto } from '@afterglow/contracts';
import { serverError } from '../lib/errors';

// Find Me (ADR 036): a guest's selfie compared, on the event's own server, with the faces of the
// event's photos. Types only from contracts: no zod on the guest's phone. The selfie is a Blob held by
// the dialog while it is open; nothing here writes it anywhere.

export type { FindMeRemoval, FindMeResult, FoundPhoto };

/** The longest side of the selfie sent (the server looks at faces within 1280 px anyway). */
export const SELFIE_SIDE = 1280;
/** A search loads the face models at the server's first one: give it time before calling it lost. */
const TIMEOUT_MS = 60_000;

export const findMePath = (code: string) => `/api/events/${encodeURIComponent(code)}/find-me`;

/** The multipart body of both calls: the device, the guest's consent and the selfie. */
function body(deviceId: string, selfie: Blob): FormData {
  const form = new FormData();
  form.append('deviceId', deviceId);
  form.append('consent', 'true');
  form.append('selfie', selfie, 'selfie.jpg');
  return form;
}

const send = <T>(method: 'POST' | 'DELETE', code: string, deviceId: string, selfie: Blob) =>
  apiUpload<T>(findMePath(code), body(deviceId, selfie), { method, timeoutMs: TIMEOUT_MS });

/** POST: the photos of the event this face is in, best match first. */
export const searchMe = (code: string, deviceId: string, selfie: Blob) =>
  send<FindMeResult>('POST', code, deviceId, selfie);

/** DELETE ('Remove me'): the faces matching this selfie leave the index; the photos stay. */
export const removeMe = (code: string, deviceId: string, selfie: Blob) =>
  send<FindMeRemoval>('DELETE', code, deviceId, selfie);

/** Find Me's own refusals, by the problem's code (each English is the server's own detail). */
const BY_CODE: Record<string, MessageDescriptor> = {
  no_face: msg(
    'findMe.error.noFace',
    'We could not find a face in your selfie. Try again facing the camera, in good light.',
  ),
  bad_selfie: msg('findMe.error.badSelfie', 'The selfie is not a picture we can read'),
  selfie_too_large: msg('findMe.error.tooLarge', 'The selfie is too large'),
  find_me_off: msg('findMe.error.off', 'Find Me is not turned on for this event'),
};

/** What went wrong, and whether a new selfie is the way out (no face found, an unreadable picture). */
export interface FindMeFailure {
  text: string;
  retake: boolean;
  /** Find Me was turned off meanwhile: trying again cannot help */
  final: boolean;
}

/** A failed search or removal, in the guest's language. */
export function findMeError(t: Translate, err: unknown): FindMeFailure {
  if (!(err instanceof ApiError))
    return {
      text: t(
        'findMe.error.offline',
        'We couldn’t reach the event’s server. Check your connection and try again.',
      ),
      retake: false,
      final: false,
    };
  const code = err.code ?? '';
  if (err.status === 429)
    return {
      text: t(
        'findMe.error.rateLimited',
        'You have searched many times in a short while. Please wait a few minutes, then try again.',
      ),
      retake: false,
      final: false,
    };
  const mine = BY_CODE[code];
  return {
    text: mine ? t(mine) : serverError(t, err, t('common.somethingWrong', 'Something went wrong')),
    retake: code === 'no_face' || code === 'bad_selfie' || code === 'selfie_too_large',
    final: code === 'find_me_off',
  };
}
