import sharp from 'sharp';
import { ModelThread } from '@afterglow/faces/thread';
import { SAFETY_INPUT_SIZE, type SafetyClasses } from './safety-model';

export { SAFETY_INPUT_SIZE, type SafetyClasses };

/**
 * The AI safety filter (ADR 027): NSFWJS's MobileNetV2 on TensorFlow.js's WebAssembly backend, in a
 * worker thread of the process at the lowest priority (`safety-worker.ts`), so the event loop never
 * waits for an inference and a burst's acknowledgements never wait for the filter. The picture is
 * scaled here with sharp (libvips' own threads) and handed over as RGB bytes. Nothing is fetched and
 * no image leaves the process. The thread starts, and loads the model, at the first photo that asks
 * for the filter, so a process that never sees one pays nothing; inferences run one at a time.
 */

/**
 * How unsafe a picture is, from 0 to 1: the probability of the explicit classes (Porn and Hentai) plus
 * half that of Sexy (suggestive, not explicit: swimwear at a pool party alone stays under any sensible
 * threshold, but it tips a picture that is already half explicit over).
 */
export const unsafeScore = (c: SafetyClasses): number =>
  Math.min(1, Math.max(0, c.Porn + c.Hentai + 0.5 * c.Sexy));

const thread = new ModelThread<Uint8Array, SafetyClasses>(
  new URL('./safety-worker.mjs', import.meta.url),
  new URL('./safety-worker-source.mjs', import.meta.url),
  (message) => new Error(`the AI safety filter's worker: ${message}`),
);

/** Whether this process has started the filter's thread (a process that never saw `aiFilter` has not). */
export const safetyModelLoading = () => thread.started;

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

/** The classes of a picture (any format sharp reads), one inference at a time per process. */
export async function classify(image: Buffer): Promise<SafetyClasses> {
  return thread.call(await modelInput(image));
}

/** The picture's unsafe score (0..1). */
export async function safetyScore(image: Buffer): Promise<number> {
  return unsafeScore(await classify(image));
}
