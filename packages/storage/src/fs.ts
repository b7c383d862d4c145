import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { assertValidKey, assertValidPrefix, contentTypeFor, isValidSegment } from './keys';
import type { ByteRange, ObjectInfo, ObjectStore, PutOptions } from './types';

export interface FsStoreOptions {
  /** Directory holding the objects; created on demand. */
  root: string;
}

/*
 * On-disk layout: the object with key 'a/b/c.jpg' is the file '<root>/a/b/c.jpg'.
 *
 * Auxiliary files carry a '~' in their name. '~' can never appear in a key, so they can never collide
 * with an object and the directory walks skip them simply by checking names against the key alphabet:
 *   - '<name>~meta.json'  sidecar holding the content type, written only when it differs from the type
 *                         implied by the extension (contentTypeFor), so the common case costs one file;
 *   - '~<hex>.tmp'        in-flight upload (data or sidecar), renamed over its target when complete
 *                         (rename is atomic within a directory, and it lives in the target's directory);
 *   - '~probe-<hex>'      written and removed by check().
 *
 * Limitations inherent to a filesystem: a key cannot be both an object and a "folder" of other objects
 * ('a/b' and 'a/b/c' cannot coexist; such a put fails with ENOTDIR/EISDIR from the OS), and a segment is
 * bounded by the filesystem's name limit (255 bytes on ext4/xfs/apfs; 245 when a sidecar is needed).
 */
const META_SUFFIX = '~meta.json';
/** Longest file name on the filesystems we run on (ext4, xfs, btrfs, apfs); key names are ASCII. */
const NAME_MAX = 255;
/** How many directories a store remembers having made (each a path: a few MB at most). */
const MADE_DIRS = 10_000;

interface Meta {
  contentType: string;
}

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined;
}

const isNotFound = (err: unknown): boolean => errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR';

/** Plain code-unit comparison, the order S3 lists keys in (localeCompare would not match it). */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Counts the bytes flowing through; used to check an announced contentLength. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    cb: (err?: Error | null, data?: Buffer) => void,
  ): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}

/** FileHandle.write may write fewer bytes than asked; loop until the whole chunk is on disk. */
async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

export function createFsStore(opts: FsStoreOptions): ObjectStore {
  const root = resolve(opts.root);
  const rootWithSep = root.endsWith(sep) ? root : root + sep;

  /** Absolute path of a key, refusing anything that would resolve outside root (defence in depth: keys are validated first). */
  function pathOf(key: string): string {
    assertValidKey(key);
    const p = resolve(root, key);
    if (!p.startsWith(rootWithSep)) throw new Error(`Storage key resolves outside the store root: ${key}`);
    return p;
  }

  const metaPathOf = (filePath: string): string => filePath + META_SUFFIX;
  // Not derived from the object's name, so a temp file never needs a longer name than the object itself.
  const tmpName = (filePath: string): string =>
    join(dirname(filePath), `~${randomBytes(8).toString('hex')}.tmp`);

  async function readMeta(filePath: string): Promise<Meta | null> {
    try {
      const parsed: unknown = JSON.parse(await readFile(metaPathOf(filePath), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Meta).contentType === 'string') {
        return parsed as Meta;
      }
      return null; // unreadable sidecar: fall back to the extension rather than failing the read
    } catch (err) {
      if (isNotFound(err) || err instanceof SyntaxError) return null;
      throw err;
    }
  }

  async function contentTypeOf(key: string, filePath: string): Promise<string> {
    return (await readMeta(filePath))?.contentType ?? contentTypeFor(key);
  }

  /**
   * Creates a temp file next to `filePath`. A concurrent delete may prune the (empty) directory between
   * our mkdir and open, so ENOENT is retried a few times after re-creating the directory.
   */
  async function openTemp(filePath: string): Promise<{ handle: FileHandle; path: string }> {
    const dir = dirname(filePath);
    for (let attempt = 0; ; attempt++) {
      // A directory this store made is taken to be there (an event's originals: one per upload in a
      // burst); one pruned since, here or by another process, fails the open and is made again.
      if (attempt > 0 || !madeDirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        rememberDir(dir);
      }
      const path = tmpName(filePath);
      try {
        return { handle: await open(path, 'wx'), path };
      } catch (err) {
        if (errnoCode(err) !== 'ENOENT' || attempt >= 4) throw err;
        madeDirs.delete(dir);
      }
    }
  }

  /** Directories made by `openTemp` (up to MADE_DIRS, the oldest forgotten first). */
  const madeDirs = new Set<string>();
  function rememberDir(dir: string) {
    madeDirs.add(dir);
    if (madeDirs.size > MADE_DIRS) madeDirs.delete(madeDirs.values().next().value!);
  }

  async function unlinkIfExists(path: string): Promise<boolean> {
    try {
      await unlink(path);
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Removes now-empty directories from `dir` up to (not including) root. Stops at the first non-empty one. */
  async function pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(rootWithSep)) {
      try {
        madeDirs.delete(current);
        await rmdir(current);
      } catch {
        return; // ENOTEMPTY (a concurrent put, a sibling), ENOENT: either way, stop here
      }
      current = dirname(current);
    }
  }

  async function removeObject(filePath: string): Promise<boolean> {
    const existed = await unlinkIfExists(filePath);
    // Object first, then sidecar: a crash in between leaves an orphan sidecar, which is harmless because
    // every put rewrites or removes the sidecar of its key, and reads only consult it when the object exists.
    await unlinkIfExists(metaPathOf(filePath));
    return existed;
  }

  async function readDirSorted(dir: string): Promise<Dirent[]> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    // Only real files and directories whose names are key segments: this skips temp files, sidecars,
    // probes and symlinks (never followed, so a link cannot lead a walk outside root).
    const kept = entries.filter((e) => (e.isFile() || e.isDirectory()) && isValidSegment(e.name));
    // Keys sort in code-unit order with '/' (0x2F) between '.' and '0', so a directory sorts as 'name/':
    // all of its keys then come exactly where 'name/' falls among its siblings.
    const sortKey = (e: Dirent): string => (e.isDirectory() ? `${e.name}/` : e.name);
    return kept.sort((a, b) => compareStrings(sortKey(a), sortKey(b)));
  }

  /**
   * Yields every object whose key starts with `prefix`, in lexicographic key order.
   * The walk starts in the directory named by the prefix's complete segments and filters that first
   * level by the trailing partial segment (e.g. prefix 'a/b' → directory 'a', names starting with 'b').
   */
  async function* walk(prefix: string): AsyncGenerator<{ key: string; path: string }> {
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash === -1 ? '' : prefix.slice(0, slash); // complete segments, no trailing '/'
    const partial = prefix.slice(slash + 1);
    const startDir = dirKey === '' ? root : pathOf(dirKey);

    async function* walkDir(
      dir: string,
      keyPrefix: string,
      filter: string,
    ): AsyncGenerator<{ key: string; path: string }> {
      for (const entry of await readDirSorted(dir)) {
        if (filter !== '' && !entry.name.startsWith(filter)) continue;
        const key = keyPrefix + entry.name;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) yield* walkDir(path, `${key}/`, '');
        else yield { key, path };
      }
    }
    yield* walkDir(startDir, dirKey === '' ? '' : `${dirKey}/`, partial);
  }

  const store: ObjectStore = {
    kind: 'fs',

    async put(key: string, body: Buffer | Uint8Array | Readable, putOpts?: PutOptions): Promise<void> {
      const filePath = pathOf(key);
      const explicitType = putOpts?.contentType;
      // The sidecar is only needed when the type differs from what the extension implies.
      const needsMeta = explicitType !== undefined && explicitType !== contentTypeFor(key);
      if (needsMeta && basename(filePath).length + META_SUFFIX.length > NAME_MAX) {
        // Refuse up front: failing on the sidecar's rename would come after the data was published.
        throw new Error(`Storage key's last segment is too long to carry a custom content type: ${key}`);
      }

      const { handle, path: tmpPath } = await openTemp(filePath);
      let metaTmp: string | undefined;
      try {
        try {
          if (body instanceof Uint8Array) {
            if (putOpts?.contentLength !== undefined && putOpts.contentLength !== body.byteLength) {
              throw new Error(
                `contentLength ${putOpts.contentLength} does not match body size ${body.byteLength}`,
              );
            }
            await handle.writeFile(body);
          } else {
            // Streamed straight to disk: the sink pulls one chunk at a time and awaits its write, so the
            // stream is never held whole in memory. (Not handle.createWriteStream(): a stream opened on a
            // FileHandle keeps a reference that makes handle.close() wait forever unless the stream closes
            // the handle itself, which would rule out the datasync below.)
            const counter = new ByteCounter();
            await pipeline(body, counter, async (source: AsyncIterable<Buffer>) => {
              for await (const chunk of source) await writeFully(handle, chunk);
            });
            if (putOpts?.contentLength !== undefined && putOpts.contentLength !== counter.bytes) {
              throw new Error(
                `contentLength ${putOpts.contentLength} does not match streamed size ${counter.bytes}`,
              );
            }
          }
          // Flush before the rename so a crash cannot leave a renamed-but-empty file behind.
          await handle.datasync();
        } finally {
          await handle.close().catch(() => undefined);
        }

        if (needsMeta) {
          // Stage the sidecar completely before publishing anything, so the window in which a reader
          // could pair the new bytes with the previous content type is two back-to-back renames.
          const staged = await openTemp(filePath);
          metaTmp = staged.path;
          try {
            await staged.handle.writeFile(JSON.stringify({ contentType: explicitType } satisfies Meta));
            await staged.handle.datasync();
          } finally {
            await staged.handle.close();
          }
        }

        await rename(tmpPath, filePath);
        if (metaTmp !== undefined) {
          await rename(metaTmp, metaPathOf(filePath));
          metaTmp = undefined;
        } else {
          await unlinkIfExists(metaPathOf(filePath)); // overwriting: drop a sidecar left by a previous put
        }
      } catch (err) {
        // Never leave partial files behind; the previous version of the object (if any) is untouched.
        await unlink(tmpPath).catch(() => undefined);
        if (metaTmp !== undefined) await unlink(metaTmp).catch(() => undefined);
        throw err;
      }
    },

    async get(key: string, range?: ByteRange): Promise<{ body: Readable; info: ObjectInfo } | null> {
      const filePath = pathOf(key);
      // Open first, then fstat the open descriptor: size and bytes then describe the same file even if
      // a concurrent put renames a new version into place (the open descriptor keeps the old inode).
      let handle: FileHandle;
      try {
        handle = await open(filePath, 'r');
      } catch (err) {
        if (isNotFound(err) || errnoCode(err) === 'EISDIR') return null;
        throw err;
      }
      try {
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          return null;
        }
        const info: ObjectInfo = {
          key,
          size: st.size,
          contentType: await contentTypeOf(key, filePath),
          lastModified: st.mtime,
        };
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), info };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    },

    async getBuffer(key: string): Promise<Buffer | null> {
      const filePath = pathOf(key);
      try {
        return await readFile(filePath);
      } catch (err) {
        if (isNotFound(err) || errnoCode(err) === 'EISDIR') return null;
        throw err;
      }
    },

    async head(key: string): Promise<ObjectInfo | null> {
      const filePath = pathOf(key);
      try {
        const st = await stat(filePath);
        if (!st.isFile()) return null;
        return {
          key,
          size: st.size,
          contentType: await contentTypeOf(key, filePath),
          lastModified: st.mtime,
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key: string): Promise<void> {
      const filePath = pathOf(key);
      if (await removeObject(filePath)) await pruneEmptyDirs(dirname(filePath));
    },

    async deletePrefix(prefix: string): Promise<number> {
      let count = 0;
      const touchedDirs = new Set<string>();
      for await (const { path } of walk(prefix)) {
        if (await removeObject(path)) count++;
        touchedDirs.add(dirname(path));
      }
      // Deepest first, so a parent is only tried once its children are gone.
      const dirs = [...touchedDirs].sort((a, b) => b.length - a.length);
      for (const dir of dirs) await pruneEmptyDirs(dir);
      return count;
    },

    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      for await (const { key, path } of walk(prefix)) {
        let st;
        try {
          st = await stat(path);
        } catch (err) {
          if (isNotFound(err)) continue; // deleted while we were walking
          throw err;
        }
        // Like the S3 store (ListObjectsV2 carries no content type), list reports the type implied by the
        // key; head()/get() report the stored one.
        yield { key, size: st.size, contentType: contentTypeFor(key), lastModified: st.mtime };
      }
    },

    async check(): Promise<void> {
      await mkdir(root, { recursive: true });
      const probe = join(root, `~probe-${randomBytes(8).toString('hex')}`);
      await writeFile(probe, 'ok', { flag: 'wx' });
      await unlink(probe);
    },

    async close(): Promise<void> {
      // Nothing is held open between calls.
    },
  };
  return store;
}
