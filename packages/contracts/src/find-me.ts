import { z } from 'zod';
import './jitless';
import { captureKindSchema, type PhotoDto } from './photos';

/**
 * Find Me (ADR 036): a guest's selfie compared, in memory, with the faces of the event's photos that
 * guest may see. The selfie is never stored; face records live in photos' schema, keyed to their photo.
 */

/** How many numbers describe a face (face-api's FaceRecognitionNet). */
export const FACE_DESCRIPTOR_LENGTH = 128;
/** The most a selfie may weigh (a phone's full-size JPEG). */
export const SELFIE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The default largest distance between two faces taken as the same person (AFTERGLOW_FIND_ME_THRESHOLD):
 * on the bench's labelled set, precision 0.977 and recall 0.759 (0.5: 0.856 and 0.782).
 */
export const FIND_ME_THRESHOLD_DEFAULT = 0.45;

export const FIND_ME_MESSAGES = {
  consent: 'Please agree to the comparison of your selfie before searching',
  noFace: 'We could not find a face in your selfie. Try again facing the camera, in good light.',
  notOn: 'Find Me is not turned on for this event',
  selfieRequired: 'Attach the selfie as the `selfie` part',
  notPicture: 'The selfie is not a picture we can read',
  unavailable: 'Find Me cannot look at selfies just now. Please try again in a moment.',
} as const;

/** The fields of `POST` and `DELETE /api/events/{code}/find-me` (multipart, beside the `selfie` JPEG). */
export const findMeFieldsSchema = z.object({
  deviceId: z.uuid({ error: 'deviceId must be a UUID' }),
  consent: z.literal('true', { error: FIND_ME_MESSAGES.consent }),
});

/** A photo the guest is in: the gallery's photo, with how close its nearest face is to the selfie's (0..1, 1 the same). */
export type FoundPhoto = PhotoDto & { score: number };

/** `POST /api/events/{code}/find-me`: best matches first; `faces` is how many faces the selfie holds (the largest was used). */
export interface FindMeResult {
  photos: FoundPhoto[];
  faces: number;
}
/** `DELETE /api/events/{code}/find-me`: how many face records were taken out of the index. */
export interface FindMeRemoval {
  removed: number;
  faces: number;
}

const box = z.object({
  x: z.number().min(-1).max(2),
  y: z.number().min(-1).max(2),
  width: z.number().min(0).max(2),
  height: z.number().min(0).max(2),
});
export type FaceBox = z.infer<typeof box>;

/**
 * The photos service asks the media worker to describe the faces of a developed capture of an event
 * with Find Me on (ADR 036): the images to look at (a photo's display rendition; a clip's video, whose
 * frames are sampled). Its msgId makes a resend within the window a duplicate.
 */
export const facesWanted = {
  subject: 'photo.faces.wanted',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    kind: captureKindSchema,
    /** the display rendition (a photo) or the video rendition (a clip) */
    key: z.string().min(1),
  }),
} as const;
export type FacesWanted = z.infer<typeof facesWanted.schema>;

/** The faces the media worker found in a capture: recorded by photos in place of any it had for it. */
export const facesDescribed = {
  subject: 'photo.faces.described',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    faces: z
      .array(
        z.object({
          box,
          score: z.number().min(0).max(1),
          descriptor: z.array(z.number()).length(FACE_DESCRIPTOR_LENGTH),
        }),
      )
      .max(200),
  }),
} as const;
export type FacesDescribed = z.infer<typeof facesDescribed.schema>;

/**
 * How sure a match is, for people: 1 for identical faces, falling to 0 at twice the threshold (a face
 * at the threshold scores 0.5).
 */
export const matchScore = (distance: number, threshold: number): number =>
  Math.max(0, Math.min(1, 1 - distance / (2 * threshold)));

/** How much two boxes overlap (intersection over union, 0..1). */
export function boxOverlap(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
