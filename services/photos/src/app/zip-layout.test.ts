import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ZIP_EMPTY_BYTES, zipEntryBytes } from './zip-layout';

/** What yazl really writes for these entries (stored, sizes announced, as the export adds them). */
async function written(entries: { path: string; size: number }[]): Promise<number> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addReadStreamLazy(e.path, { size: e.size, compress: false, mtime: new Date(0) }, (cb) =>
      cb(null, Readable.from([Buffer.alloc(e.size, 7)])),
    );
  zip.end();
  let n = 0;
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) n += chunk.length;
  return n;
}

const predicted = (entries: { path: string; size: number }[]) =>
  entries.reduce((sum, e) => sum + zipEntryBytes(e.path, e.size), ZIP_EMPTY_BYTES);

describe('ZIP layout', () => {
  it('predicts the exact size yazl writes, for any names, and past a 64 KiB central directory', async () => {
    for (const count of [0, 1, 3, 700, 2000]) {
      const entries = Array.from({ length: count }, (_, i) => ({
        path: `Zoë “${i % 9}” 📷/${String(i).padStart(3, '0')}_2024-06-01_21-05-33.jpg`,
        size: (i * 37) % 500,
      }));
      expect(await written(entries), `${count} entries`).toBe(predicted(entries));
    }
  });
});
