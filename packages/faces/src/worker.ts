import { parentPort } from 'node:worker_threads';
import { facesIn, type RawFace } from './model';

/**
 * The faces worker (ADR 036): a thread of its own for the face models, so describing a picture (about
 * half a second of CPU) never holds up the process's event loop: uploads, galleries and sockets go on
 * meanwhile. It takes one RGB picture at a time and answers its faces. The built server runs it from
 * `faces-worker.mjs` beside the bundle; tests and tsx from this file.
 */
export interface DescribeRequest {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
  minConfidence: number;
}
export type DescribeAnswer = { id: number; faces: RawFace[] } | { id: number; error: string };

const port = parentPort;
if (port) {
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (m: DescribeRequest) => {
    queue = queue.then(async () => {
      let answer: DescribeAnswer;
      try {
        answer = { id: m.id, faces: await facesIn(m.rgb, m.width, m.height, m.minConfidence) };
      } catch (err) {
        answer = { id: m.id, error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(answer);
    });
  });
}
