import yauzl from 'yauzl';

/**
 * Reading exports back, for the tests (the Vitest ones beside this file, and e2e/export.spec.ts):
 * a ZIP through yauzl, an independent reader that checks each entry's CRC and sizes, and photos.csv
 * through a small RFC 4180 parser.
 */

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** the entry's modification time as the central directory's extended timestamp has it */
  mtime: Date;
}

/** Every entry of a ZIP held in memory, in archive order; rejects a ZIP that is not valid. */
export function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      zip,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (err, file) => {
        if (err) return reject(err);
        const out: ZipEntry[] = [];
        file.on('error', reject);
        file.on('end', () => resolve(out));
        file.on('entry', (entry: yauzl.Entry) => {
          file.openReadStream(entry, (e, stream) => {
            if (e) return reject(e);
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('error', reject);
            stream.on('end', () => {
              out.push({ name: entry.fileName, bytes: Buffer.concat(chunks), mtime: entry.getLastModDate() });
              file.readEntry();
            });
          });
        });
        file.readEntry();
      },
    );
  });
}

/** Rows of an RFC 4180 CSV (quoted cells may hold commas, doubled quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error('the CSV does not end with CRLF');
  return rows;
}
