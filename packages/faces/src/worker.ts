import { facesIn, type RawFace } from './model';
import { serveInThread } from './thread';

/**
 * The faces worker (ADR 036): a thread of its own for the face models, so describing a picture (about
 * half a second of CPU) never holds up the process's event loop: uploads, galleries and sockets go on
 * meanwhile. It takes one RGB picture at a time and answers its faces. The built server runs it from
 * `faces-worker.mjs` beside the bundle; tests and tsx from this file.
 */
export interface DescribeRequest {
  rgb: Uint8Array;
  width: number;
  height: number;
  minConfidence: number;
}

serveInThread<DescribeRequest, RawFace[]>((m) => facesIn(m.rgb, m.width, m.height, m.minConfidence));
