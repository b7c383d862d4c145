// The bare limit for developing: the media worker's own rendition code on the same images, in a
// tight loop in one process, with the media worker's concurrency. No storage, database or bus.
// Each photo gets the film look, as the bench's developing event (film mode on) asks of the worker.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { makeRenditions } from '@afterglow/media';

const [dir, countArg, concArg] = process.argv.slice(2);
const count = Number(countArg);
const concurrency =
  Number(concArg) || Math.max(1, Number(process.env.MEDIA_CONCURRENCY) || availableParallelism());
const files = (await readFile(`${dir}/index.txt`, 'utf8')).trim().split('\n');
const images = await Promise.all(files.map((f) => readFile(`${dir}/${f}`)));

let next = 0;
const started = performance.now();
const times: number[] = [];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      await makeRenditions(images[i % images.length]!, {
        photoId: randomUUID(),
        preset: 'classic',
        timezone: 'UTC',
        takenAt: new Date(),
      });
      times.push(performance.now() - started);
    }
  }),
);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ count, concurrency, ms, times }));
