import { serveInThread, setThisThreadNice } from '@afterglow/faces/thread';
import { runPass, type PassAnswer, type PassRequest } from './film-pass';

/**
 * The film look's thread (film-pass-thread.ts): one picture at a time, at the priority it is asked
 * for; the pixels go back to the event loop's thread moved, not copied. The built server runs it from
 * `film-pass-worker.mjs` beside the bundle; tests and tsx from this file.
 */
let nice = 0;
serveInThread<PassRequest, PassAnswer>(
  async (r) => {
    if (r.nice !== nice) {
      setThisThreadNice(r.nice);
      nice = r.nice;
    }
    return runPass(r);
  },
  { transfer: (answer) => [answer.data.buffer] },
);
