import { wasmTf } from '@afterglow/faces';
import type * as Tf from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';

/**
 * The AI safety filter's model (ADR 027) in the thread that imports this module: the safety worker
 * (`safety-worker.ts`). NSFWJS's MobileNetV2 (its weights ship inside the `nsfwjs` package) on
 * TensorFlow.js's WebAssembly backend (its .wasm files read from `@tensorflow/tfjs-backend-wasm` in
 * node_modules). Nothing is fetched; the model loads at the thread's first picture.
 */

/** The model's input: a 224×224 RGB picture. */
export const SAFETY_INPUT_SIZE = 224;

/** The five classes NSFWJS answers, with their probabilities (they sum to 1). */
export type SafetyClasses = Record<'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy', number>;

interface Loaded {
  model: NSFWJS;
  tf: typeof Tf;
}

let loading: Promise<Loaded> | null = null;

async function loadModel(): Promise<Loaded> {
  const tf = await wasmTf();
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  // nsfwjs says which model it uses on console.info at every load: not a log line of ours
  const info = console.info;
  console.info = () => {};
  try {
    const model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
    return { model, tf };
  } finally {
    console.info = info;
  }
}

/** The model, loaded once per thread (a failed load is tried again at the next picture). */
function loaded(): Promise<Loaded> {
  loading ??= loadModel().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The classes of a 224×224 RGB picture (`modelInput`'s bytes). */
export async function classifyRgb(rgb: Uint8Array): Promise<SafetyClasses> {
  const { model, tf } = await loaded();
  const input = tf.tensor3d(new Int32Array(rgb), [SAFETY_INPUT_SIZE, SAFETY_INPUT_SIZE, 3], 'int32');
  try {
    const top = await model.classify(input, 5);
    const out: SafetyClasses = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const p of top) out[p.className as keyof SafetyClasses] = p.probability;
    return out;
  } finally {
    input.dispose();
  }
}
