import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as Tf from '@tensorflow/tfjs';

let loading: Promise<typeof Tf> | null = null;

/**
 * TensorFlow.js on its WebAssembly backend, started once per process and shared by every model in it
 * (the AI safety filter, faces). The backend reads its .wasm files from `@tensorflow/tfjs-backend-wasm`
 * in node_modules with fs: nothing is fetched.
 */
export function wasmTf(): Promise<typeof Tf> {
  loading ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    wasm.setWasmPaths(
      `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
    );
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not start');
    await tf.ready();
    return tf;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
