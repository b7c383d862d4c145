import type { Readable } from 'node:stream';

/**
 * Object storage. Two implementations satisfy it: the filesystem (embedded mode, under the data dir)
 * and S3-compatible stores (distributed mode). Both pass the same contract suite (`contract.ts`).
 * Keys are relative paths of [A-Za-z0-9._-] segments separated by '/'; '..' and empty segments are refused.
 */
/** Bytes `start` to `end` of an object, both included (an HTTP range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType?: string;
  /** required by S3 for streams of known length; optional otherwise */
  contentLength?: number;
}

export interface ObjectStore {
  readonly kind: 'fs' | 's3';
  /** Writes atomically: a reader never sees a half-written object. Overwrites an existing key. */
  put(key: string, body: Buffer | Uint8Array | Readable, opts?: PutOptions): Promise<void>;
  /**
   * A stream of the object (not buffered whole), or of `range` of it, or null when there is no such
   * key; `info.size` is the whole object's.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; info: ObjectInfo } | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Objects whose key starts with prefix (a plain string prefix, as in S3: 'a/b' matches 'a/bc'), in
   * lexicographic key order. Here contentType is the one implied by the key's extension (S3 listings carry
   * no content type); head()/get() report the stored one.
   */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Readiness: the store is reachable (and the bucket exists, created if `createBucket` was set). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidKeyError';
  }
}
