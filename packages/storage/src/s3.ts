import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BucketLocationConstraint, S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { assertValidKey, assertValidPrefix, contentTypeFor, isValidKey } from './keys';
import type { ByteRange, ObjectInfo, ObjectStore, PutOptions } from './types';

export interface S3StoreOptions {
  /** e.g. 'http://127.0.0.1:9000' for MinIO/s3rver; omitted for AWS S3. */
  endpoint?: string;
  /** Defaults to 'us-east-1'. */
  region?: string;
  bucket: string;
  /** Static credentials; when omitted the SDK's default provider chain (env, profile, IMDS…) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing ('<endpoint>/<bucket>/<key>'), needed by most S3-compatible servers. */
  forcePathStyle?: boolean;
  /** Let check() create the bucket when it does not exist. */
  createBucket?: boolean;
  /**
   * Where streams of unknown length are spooled before upload (PutObject needs a Content-Length).
   * Defaults to os.tmpdir().
   */
  spoolDir?: string;
  /** Objects per ListObjectsV2 page and per DeleteObjects batch (1–1000, default 1000). Mostly for tests. */
  pageSize?: number;
}

export type S3Store = ObjectStore & {
  /** A time-limited GET URL for the object, signed with the store's credentials (ttl 1 s – 7 days). */
  presignGet(key: string, ttlSeconds: number): Promise<string>;
};

/** The most keys a single DeleteObjects request may carry, and the largest ListObjectsV2 page. */
const S3_BATCH_LIMIT = 1000;
const MAX_PRESIGN_TTL = 7 * 24 * 3600;

function httpStatusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('$metadata' in err)) return undefined;
  const meta = (err as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return meta?.httpStatusCode;
}

function errorNameOf(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

/** 404s: HEAD responses carry no body, so the SDK can only name them 'NotFound'. */
function isMissing(err: unknown, ...names: string[]): boolean {
  const name = errorNameOf(err);
  return httpStatusOf(err) === 404 || (name !== undefined && (name === 'NotFound' || names.includes(name)));
}

/**
 * Passes bytes through unchanged but fails the stream when it is longer or shorter than announced.
 * Without it a too-short stream with a larger Content-Length would leave the server waiting for the
 * missing bytes until it times out; with it the request is aborted at once and the upload rejected.
 */
class LengthGuard extends Transform {
  private seen = 0;
  constructor(private readonly expected: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.expected)
      cb(new Error(`Stream is longer than its contentLength (${this.expected})`));
    else cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    if (this.seen !== this.expected)
      cb(new Error(`Stream ended after ${this.seen} of ${this.expected} announced bytes`));
    else cb();
  }
}

class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}

export function createS3Store(opts: S3StoreOptions): S3Store {
  const { bucket } = opts;
  if (!bucket) throw new Error('createS3Store: bucket is required');
  const pageSize = Math.min(S3_BATCH_LIMIT, Math.max(1, Math.floor(opts.pageSize ?? S3_BATCH_LIMIT)));
  const region = opts.region ?? 'us-east-1';

  const config: S3ClientConfig = {
    region,
    forcePathStyle: opts.forcePathStyle ?? false,
    // Recent SDKs add CRC32 checksums (aws-chunked trailers for streams) to every upload by default; many
    // S3-compatible servers (s3rver, older MinIO/Ceph) reject those. Only send checksums where the
    // operation requires one (DeleteObjects), and don't insist on validating response checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (opts.endpoint) config.endpoint = opts.endpoint;
  if (opts.accessKeyId && opts.secretAccessKey) {
    config.credentials = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey };
  }
  const client = new S3Client(config);

  // Path-style bucket-level requests (CreateBucket, HeadBucket, ListObjectsV2, DeleteObjects) are built with
  // the path '/<bucket>/'. s3rver computes the signature over '/<bucket>', so all of them would fail with
  // SignatureDoesNotMatch. Dropping the trailing slash at the build step (before signing, which happens at
  // finalizeRequest) makes the signed path and the sent path agree with what the server verifies; AWS S3
  // and other compatibles treat '/<bucket>' and '/<bucket>/' alike, so this is applied unconditionally.
  const bucketPathWithSlash = `/${bucket}/`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: unknown } | null | undefined;
      if (request && request.path === bucketPathWithSlash) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 'afterglowStripBucketPathTrailingSlash' },
  );

  async function putStream(
    key: string,
    body: Readable,
    contentType: string,
    contentLength: number,
  ): Promise<void> {
    const guarded = body.pipe(new LengthGuard(contentLength));
    // The SDK pipes the body into the HTTP request; when that body fails (the source errors, or the length
    // guard trips) nothing ends the request, and the server would wait for the missing bytes forever.
    // Abort the request instead, and report the body's error rather than the resulting AbortError.
    const controller = new AbortController();
    let bodyError: Error | undefined;
    const fail = (err: Error): void => {
      bodyError ??= err;
      controller.abort();
    };
    body.once('error', fail);
    guarded.once('error', fail);
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: guarded,
          ContentLength: contentLength,
          ContentType: contentType,
        }),
        { abortSignal: controller.signal },
      );
      if (bodyError) throw bodyError; // belt and braces: never report success for a body that failed
    } catch (err) {
      throw bodyError ?? err;
    } finally {
      guarded.destroy();
      body.destroy();
    }
  }

  /**
   * Streams of unknown length are written to a private temp file first (streamed, never held in memory)
   * to learn their length, then the file is streamed to S3. Single PutObject: objects up to 5 GB.
   */
  async function putSpooled(key: string, body: Readable, contentType: string): Promise<void> {
    const dir = await mkdtemp(join(opts.spoolDir ?? tmpdir(), 'afterglow-s3-spool-'));
    try {
      const file = join(dir, randomBytes(8).toString('hex'));
      const counter = new ByteCounter();
      await pipeline(body, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      await putStream(key, createReadStream(file), contentType, counter.bytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const store: S3Store = {
    kind: 's3',

    async put(key: string, body: Buffer | Uint8Array | Readable, putOpts?: PutOptions): Promise<void> {
      assertValidKey(key);
      // Always send a type: S3 would otherwise default to binary/octet-stream.
      const contentType = putOpts?.contentType ?? contentTypeFor(key);
      if (body instanceof Uint8Array) {
        if (putOpts?.contentLength !== undefined && putOpts.contentLength !== body.byteLength) {
          throw new Error(
            `contentLength ${putOpts.contentLength} does not match body size ${body.byteLength}`,
          );
        }
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.byteLength,
            ContentType: contentType,
          }),
        );
      } else if (putOpts?.contentLength !== undefined) {
        await putStream(key, body, contentType, putOpts.contentLength);
      } else {
        await putSpooled(key, body, contentType);
      }
      // S3 PUTs are atomic: the object only becomes visible once the whole body has been received.
    },

    async get(key: string, range?: ByteRange): Promise<{ body: Readable; info: ObjectInfo } | null> {
      assertValidKey(key);
      let res;
      try {
        res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range && { Range: `bytes=${range.start}-${range.end}` }),
          }),
        );
      } catch (err) {
        if (isMissing(err, 'NoSuchKey')) return null;
        throw err;
      }
      const body = res.Body;
      if (!(body instanceof Readable)) {
        // On Node the SDK's HTTP handler always yields an IncomingMessage; anything else is a misconfiguration.
        throw new Error(
          'S3 GetObject returned a non-stream body (is a browser/fetch HTTP handler configured?)',
        );
      }
      return {
        body,
        info: {
          key,
          // a range's answer names the whole in Content-Range (`bytes a-b/size`)
          size: range
            ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? res.ContentLength ?? 0)
            : (res.ContentLength ?? 0),
          contentType: res.ContentType ?? contentTypeFor(key),
          lastModified: res.LastModified ?? new Date(0),
        },
      };
    },

    async getBuffer(key: string): Promise<Buffer | null> {
      const res = await store.get(key);
      if (!res) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of res.body)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },

    async head(key: string): Promise<ObjectInfo | null> {
      assertValidKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          key,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? contentTypeFor(key),
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isMissing(err, 'NoSuchKey')) return null;
        throw err;
      }
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      // DeleteObject already answers 204 for missing keys; tolerate servers that answer 404 instead.
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (!isMissing(err, 'NoSuchKey')) throw err;
      }
    },

    async deletePrefix(prefix: string): Promise<number> {
      assertValidPrefix(prefix);
      let count = 0;
      let token: string | undefined;
      // Each listed page (≤ 1000 keys) becomes one DeleteObjects batch. The continuation token encodes the
      // last key returned, so deleting that page does not disturb the iteration.
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            MaxKeys: pageSize,
            ContinuationToken: token,
          }),
        );
        // Every key under the prefix is deleted, including ones that are not valid store keys.
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key !== undefined ? [o.Key] : []));
        if (keys.length > 0) {
          const res = await client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
            }),
          );
          const errors = res.Errors ?? [];
          if (errors.length > 0) {
            const sample = errors
              .slice(0, 3)
              .map((e) => `${e.Key ?? '?'}: ${e.Code ?? ''} ${e.Message ?? ''}`.trim())
              .join('; ');
            throw new Error(
              `S3 DeleteObjects failed for ${errors.length} of ${keys.length} keys (${sample})`,
            );
          }
          count += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return count;
    },

    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      assertValidPrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            MaxKeys: pageSize,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) {
          // Foreign objects in a shared bucket may have keys this interface refuses; don't hand them out.
          if (!isValidKey(o.Key)) continue;
          yield {
            key: o.Key,
            size: o.Size ?? 0,
            // ListObjectsV2 does not report content types; a HEAD per object would be far too costly,
            // so list reports the type implied by the key (the fs store does the same). head() is exact.
            contentType: contentTypeFor(o.Key),
            lastModified: o.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async check(): Promise<void> {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (err) {
        if (!isMissing(err, 'NoSuchBucket')) throw err;
        if (!opts.createBucket) throw new Error(`S3 bucket "${bucket}" does not exist`, { cause: err });
      }
      try {
        await client.send(
          new CreateBucketCommand({
            Bucket: bucket,
            // us-east-1 is the one region that must not be named as a location constraint.
            ...(region !== 'us-east-1'
              ? { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }
              : {}),
          }),
        );
      } catch (err) {
        // Another instance won the race to create it: fine.
        const name = errorNameOf(err);
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
      }
    },

    async close(): Promise<void> {
      client.destroy();
    },

    async presignGet(key: string, ttlSeconds: number): Promise<string> {
      assertValidKey(key);
      if (!Number.isFinite(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_PRESIGN_TTL) {
        throw new RangeError(`presignGet: ttlSeconds must be between 1 and ${MAX_PRESIGN_TTL}`);
      }
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: Math.floor(ttlSeconds),
      });
    },
  };
  return store;
}
