import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ObjectStore } from '@afterglow/storage';
import type { PartEntry } from './export-plan';

/** A CSV at the root of the archive, written as the archive reaches it; its size is known before. */
export interface CsvFile {
  name: string;
  bytes: number;
  mtime: Date;
  text: () => AsyncIterable<string>;
}

/**
 * What goes into one part: the CSVs (part 1 only: photos.csv, and guestbook.csv when there are
 * entries) and the files (originals, voice messages), in order.
 */
export interface ZipSource {
  csvs?: readonly CsvFile[];
  entries: readonly PartEntry[];
}

export interface ZipStream {
  /** the archive's bytes, produced as they are read */
  stream: Readable;
  /** stops: the storage stream being read is destroyed, `stream` is destroyed (with `err`, if given) */
  abort(err?: Error): void;
}

/** Plain files, readable by everyone who unzips them. */
const FILE_MODE = 0o100644;
/** Originals opened ahead of the one being read: each open is a round trip to storage. */
const OPEN_AHEAD = 8;

/**
 * The archive's inputs, taken in order: each is opened a few ahead of its turn (not read), so
 * storage latency overlaps, and every one still open is destroyed when the archive stops.
 */
class Inputs {
  private readonly pending = new Map<number, Promise<Readable>>();
  private readonly live = new Set<Readable>();
  private started = 0;
  private stopped = false;

  constructor(
    private readonly openers: readonly (() => Promise<Readable>)[],
    private readonly failed: (err: Error) => void,
  ) {}

  take(i: number): Promise<Readable> {
    while (this.started < Math.min(i + OPEN_AHEAD + 1, this.openers.length)) this.open(this.started++);
    const p = this.pending.get(i)!;
    this.pending.delete(i);
    return p;
  }

  private open(i: number): void {
    const p = this.openers[i]!().then((s) => {
      if (this.stopped) return s.destroy();
      this.live.add(s);
      s.once('close', () => this.live.delete(s));
      s.once('error', (err: Error) => this.failed(err));
      return s;
    });
    p.catch(() => {}); // reported when its turn comes
    this.pending.set(i, p);
  }

  stop(): void {
    this.stopped = true;
    for (const s of this.live) s.destroy();
  }
}

/**
 * A part as a ZIP stream (yazl, stored: JPEGs do not compress). Each original is opened from storage
 * shortly before the archive reaches it and read only as fast as `stream` is read (pipes all the
 * way), so a few chunks are held at a time, whatever the part's size. Entry times are the photos'
 * own, so the same rows give the same bytes. The sizes are announced: yazl fails the archive if an
 * original's differs.
 */
export function zipPart(source: ZipSource, store: ObjectStore): ZipStream {
  const { csvs = [], entries } = source;
  const openers = entries.map((e) => async () => {
    const got = await store.get(e.key);
    if (!got) throw new Error(`original ${e.key} is missing from storage`);
    if (got.info.size !== e.bytes) {
      got.body.destroy();
      throw new Error(`original ${e.key} holds ${got.info.size} bytes, its row says ${e.bytes}`);
    }
    return got.body;
  });
  openers.unshift(...csvs.map((csv) => async () => Readable.from(csv.text(), { objectMode: false })));
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable; // a PassThrough
  let stopped = false;
  const inputs = new Inputs(openers, (err) => abort(err));
  const abort = (err?: Error) => {
    if (stopped) return;
    stopped = true;
    inputs.stop();
    out.destroy(err);
  };
  zip.on('error', (err: Error) => abort(err));
  const lazy = (i: number) => (cb: (err: Error | null, stream: Readable) => void) =>
    void inputs.take(i).then((s) => (stopped ? s.destroy() : cb(null, s)), abort);
  const options = (size: number, mtime: Date) => ({ size, mtime, mode: FILE_MODE, compress: false });

  let i = 0;
  for (const csv of csvs) zip.addReadStreamLazy(csv.name, options(csv.bytes, csv.mtime), lazy(i++));
  for (const e of entries) zip.addReadStreamLazy(e.path, options(e.bytes, e.takenAt), lazy(i++));
  zip.end();
  return { stream: out, abort };
}
