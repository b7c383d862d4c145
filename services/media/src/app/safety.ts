import sharp from 'sharp';
import { wasmTf } from '@afterglow/faces';
import type * as Tf from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';

/**
 * The AI safety filter (ADR 027): NSFWJS's MobileNetV2 (its weights ship inside the `nsfwjs` package)
 * on TensorFlow.js's WebAssembly backend (its .wasm files read from `@tensorflow/tfjs-backend-wasm` in
 * node_modules). Nothing is fetched and no image leaves the process. The model is imported and loaded
 * once per process, at the first photo that asks for the filter, so a process that never sees one
 * pays nothing; inferences run one at a time.
 */

/** The model's input: a 224×224 RGB picture. */
export const SAFETY_INPUT_SIZE = 224;

/** The five classes NSFWJS answers, with their probabilities (they sum to 1). */
export type SafetyClasses = Record<'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy', number>;

/**
 * How unsafe a picture is, from 0 to 1: the probability of the explicit classes (Porn and Hentai) plus
 * half that of Sexy (suggestive, not explicit: swimwear at a pool party alone stays under any sensible
 * threshold, but it tips a picture that is already half explicit over).
 */
export const unsafeScore = (c: SafetyClasses): number =>
  Math.min(1, Math.max(0, c.Porn + c.Hentai + 0.5 * c.Sexy));

interface Loaded {
  model: NSFWJS;
  tf: typeof Tf;
}

let loading: Promise<Loaded> | null = null;
let queue: Promise<unknown> = Promise.resolve();

async function loadModel(): Promise<Loaded> {
  // the one TensorFlow.js of the process, on its wasm backend (shared with the face models)
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

/** The model, loaded once per process (a failed load is tried again at the next photo). */
function loaded(): Promise<Loaded> {
  loading ??= loadModel().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Whether this process has started loading the model (a process that never saw `aiFilter` has not). */
export const safetyModelLoading = () => loading !== null;

/** The picture as the model's input: 224×224 RGB bytes, stretched to the square (as the model was trained). */
export async function modelInput(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .resize(SAFETY_INPUT_SIZE, SAFETY_INPUT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

async function classifyNow(image: Buffer): Promise<SafetyClasses> {
  const { model, tf } = await loaded();
  const rgb = await modelInput(image);
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

/** The classes of a picture (any format sharp reads), one inference at a time per process. */
export function classify(image: Buffer): Promise<SafetyClasses> {
  const run = queue.then(() => classifyNow(image));
  queue = run.catch(() => {});
  return run;
}

/** The picture's unsafe score (0..1). */
export async function safetyScore(image: Buffer): Promise<number> {
  return unsafeScore(await classify(image));
}
