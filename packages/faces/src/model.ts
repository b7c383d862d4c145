import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApiModule from '@vladmandic/face-api';
import { wasmTf } from './tf';

/**
 * The face models themselves (face-api's SSD MobileNet v1, 68 landmarks, FaceRecognitionNet), on
 * TensorFlow.js's WebAssembly backend, in the thread that imports this module: the faces worker
 * (`worker.ts`). The weights ship inside `@vladmandic/face-api` and are read from its `model/` folder
 * with fs; nothing is fetched.
 */

/** A face as the models find it in an RGB picture: its box in pixels, the detector's score, the descriptor. */
export interface RawFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: Float32Array;
}

type FaceApi = typeof FaceApiModule;
let loading: Promise<FaceApi> | null = null;

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

/** The models, loaded once per thread at the first picture (a failed load is tried again next time). */
function models(): Promise<FaceApi> {
  loading ??= loadModels().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Every face in an RGB picture (`width`×`height`×3 bytes) the detector is at least `minConfidence` sure of. */
export async function facesIn(
  rgb: Uint8Array,
  width: number,
  height: number,
  minConfidence: number,
): Promise<RawFace[]> {
  const faceapi = await models();
  const input = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(input as never, new faceapi.SsdMobilenetv1Options({ minConfidence }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return found.map((f) => {
      const b = f.detection.box;
      return {
        box: { x: b.x, y: b.y, width: b.width, height: b.height },
        score: f.detection.score,
        descriptor: f.descriptor,
      };
    });
  } finally {
    input.dispose();
  }
}
