import { ModelThread } from '@afterglow/faces/thread';
import type { PassAnswer, PassRequest } from './film-pass';

/**
 * The film look's pass runs in a thread of its own (film-pass-worker.ts), not on the event loop: the
 * loop goes on storing, recording and announcing other photos (and, beside the web services, serving
 * uploads) while a picture's pixels are worked on, and the pass never waits for a turn of it. The
 * thread starts at the first film photo and keeps no process alive while idle.
 */
const thread = new ModelThread<PassRequest, PassAnswer>(
  new URL('./film-pass-worker.mjs', import.meta.url),
  new URL('./film-pass-worker-source.mjs', import.meta.url),
  (message) => new Error(`the film pass's thread: ${message}`),
);

/** Frame layers the thread was given (it asks again for one it has not got: after a restart, say). */
const given = new Set<string>();
const GIVEN = 64;
let nice = 0;

/**
 * The thread's scheduling priority from now on: beside the web services (embedded mode) developing's
 * pixel work yields to their uploads, as libvips' workers do (app/priority.ts).
 */
export function setFilmPassNice(value: number): void {
  nice = value;
}

/**
 * The pixels of `r` with the look, as a new buffer (the thread is given a copy of them, and the frame
 * layer when it may not have it yet).
 */
export async function passInThread(
  r: Omit<PassRequest, 'nice' | 'frame' | 'data'> & { data: Uint8Array; frame: Uint8Array },
): Promise<Buffer> {
  const { data: pixels, frame: layer, ...look } = r;
  let data: Uint8Array<ArrayBuffer> = new Uint8Array(pixels);
  for (let give = !given.has(r.frameKey); ; give = true) {
    // the layer is kept by the caller for the next picture: the thread gets a copy of it
    const frame = give ? new Uint8Array(layer) : undefined;
    const answer = await thread.call(
      { ...look, data, nice, ...(frame && { frame }) },
      frame ? [data.buffer, frame.buffer] : [data.buffer],
    );
    data = answer.data;
    if (answer.frameWanted) {
      if (give) throw new Error(`the film pass's thread did not take the frame layer ${r.frameKey}`);
      given.delete(r.frameKey);
      continue;
    }
    if (give) {
      given.add(r.frameKey);
      if (given.size > GIVEN) given.delete(given.values().next().value!);
    }
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
}
