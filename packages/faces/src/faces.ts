import sharp from 'sharp';
import type { RawFace } from './model';
import { failedInThread, ModelThread } from './thread';
import type { DescribeRequest } from './worker';

/**
 * Faces in a picture (Find Me, ADR 036): where each face is and what it looks like, as a 128-number
 * descriptor (face-api's FaceRecognitionNet, a ResNet-34 trained for face verification: the same person
 * gives descriptors close in euclidean distance). The detector is SSD MobileNet v1 with 68 landmarks to
 * align each face. The models run on TensorFlow.js's WebAssembly backend in a worker thread of this
 * process (`worker.ts`), so the event loop never waits for them; the picture is decoded and scaled here
 * with sharp (libvips' own threads) and handed over as RGB bytes. Nothing is fetched, and no picture
 * leaves the process or is written anywhere.
 */

/** A face: its box as fractions of the picture (0..1), the detector's confidence, and its descriptor. */
export interface Face {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: number[];
}

/** The longest side pictures are looked at with: faces at a party stay well above the detector's minimum. */
export const FACE_INPUT_MAX = 1280;
/** Detections below this confidence are not faces. */
export const MIN_CONFIDENCE = 0.5;

/**
 * How sure the detector must be of a selfie's face: a selfie is taken to show one, so a less certain
 * face is still its owner's (on the bench's labelled set, faces found in 174 of 220 close-ups against 150
 * at the default, with the same precision).
 */
export const SELFIE_MIN_CONFIDENCE = 0.3;

export interface DescribeOptions {
  /** how sure the detector must be (default `MIN_CONFIDENCE`) */
  minConfidence?: number;
}

/** The face models failed (their worker, not the picture): a moment later they may work again. */
export class FaceModelError extends Error {
  override readonly name = 'FaceModelError';
}

const thread = new ModelThread<DescribeRequest, RawFace[]>(
  new URL('./faces-worker.mjs', import.meta.url),
  new URL('./worker-source.mjs', import.meta.url),
  (message) => new FaceModelError(`the faces worker: ${message}`),
);

/** Whether this process has started its faces worker (and so loads the face models). */
export const faceModelsLoading = () => thread.started;

/** Every face in a picture (any format sharp reads); pictures are described one at a time per process. */
export async function describeFaces(image: Buffer, opts: DescribeOptions = {}): Promise<Face[]> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize(FACE_INPUT_MAX, FACE_INPUT_MAX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const request: DescribeRequest = {
    rgb: data,
    width: info.width,
    height: info.height,
    minConfidence: opts.minConfidence ?? MIN_CONFIDENCE,
  };
  const found = await thread.call(request).catch((err: unknown) => {
    if (failedInThread(err)) throw new FaceModelError(`the face models failed: ${err.message}`);
    throw err;
  });
  return found.map((f) => ({
    box: {
      x: f.box.x / info.width,
      y: f.box.y / info.height,
      width: f.box.width / info.width,
      height: f.box.height / info.height,
    },
    score: f.score,
    descriptor: Array.from(f.descriptor),
  }));
}

/** A selfie's faces (Find Me's search and 'Remove me'): described as any picture, with a less strict detector. */
export const describeSelfie = (image: Buffer): Promise<Face[]> =>
  describeFaces(image, { minConfidence: SELFIE_MIN_CONFIDENCE });

/** How different two faces look (euclidean distance of their descriptors; the same person is near 0). */
export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** The face that takes most of the picture (a selfie with friends behind: the one holding the phone). */
export function largestFace<F extends Pick<Face, 'box'>>(faces: readonly F[]): F | null {
  let best: F | null = null;
  for (const f of faces) if (!best || f.box.width * f.box.height > best.box.width * best.box.height) best = f;
  return best;
}
