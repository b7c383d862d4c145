import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type * as FaceApiModule from '@vladmandic/face-api';
import { wasmTf } from './tf';

/**
 * Faces in a picture (Find Me, issue 25): where each face is and what it looks like, as a 128-number
 * descriptor (face-api's FaceRecognitionNet, a ResNet-34 trained for face verification: the same person
 * gives descriptors close in euclidean distance). The detector is SSD MobileNet v1 with 68 landmarks to
 * align each face. The weights ship inside `@vladmandic/face-api` and are read from its `model/` folder
 * with fs; the models run on TensorFlow.js's WebAssembly backend in this process. Nothing is fetched,
 * and no picture leaves the process or is written anywhere.
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
const MIN_CONFIDENCE = 0.5;

type FaceApi = typeof FaceApiModule;
let loading: Promise<FaceApi> | null = null;
let queue: Promise<unknown> = Promise.resolve();

async function loadModels(): Promise<FaceApi> {
  await wasmTf();
  const require = createRequire(import.meta.url);
  // the build for Node.js on the wasm backend (the default entry wants tfjs-node's native library)
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  return faceapi;
}

/** The models, loaded once per process at the first picture (a failed load is tried again next time). */
function models(): Promise<FaceApi> {
  loading ??= loadModels().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Whether this process has started loading the face models. */
export const faceModelsLoading = () => loading !== null;

async function describeNow(image: Buffer): Promise<Face[]> {
  const faceapi = await models();
  const { data, info } = await sharp(image)
    .rotate()
    .resize(FACE_INPUT_MAX, FACE_INPUT_MAX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = faceapi.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(input as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found.map((f) => {
      const b = f.detection.box;
      return {
        box: {
          x: b.x / info.width,
          y: b.y / info.height,
          width: b.width / info.width,
          height: b.height / info.height,
        },
        score: f.detection.score,
        descriptor: Array.from(f.descriptor),
      };
    });
  } finally {
    input.dispose();
  }
}

/** Every face in a picture (any format sharp reads), one picture at a time per process. */
export function describeFaces(image: Buffer): Promise<Face[]> {
  const run = queue.then(() => describeNow(image));
  queue = run.catch(() => {});
  return run;
}

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
export function largestFace(faces: readonly Face[]): Face | null {
  let best: Face | null = null;
  for (const f of faces) if (!best || f.box.width * f.box.height > best.box.width * best.box.height) best = f;
  return best;
}
