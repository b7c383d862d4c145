import { randomBytes } from 'node:crypto';
import type * as NodeCrypto from 'node:crypto';
import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { storeContract } from './test-support/store-suite';
import { startLocalS3, type LocalS3 } from './test-support/local-s3';
import {
  contentTypeFor,
  createFsStore,
  createS3Store,
  createStore,
  createUrlSigner,
  InvalidKeyError,
  isValidKey,
  isValidPrefix,
} from './index';
import type { ObjectInfo, S3Store, S3StoreOptions } from './index';

const require = createRequire(import.meta.url);

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17+) no longer offers
 * without --openssl-legacy-provider: every truncated listing then fails with a 500 InternalError. While
 * s3rver runs in this (test-only) process, 'des' is swapped for AES-128-CBC with the same 8-byte key and IV
 * doubled; the token is opaque to clients, so only s3rver's own encrypt/decrypt pair has to agree.
 */
function patchDesForS3rver(): () => void {
  const nodeCrypto = require('node:crypto') as typeof NodeCrypto;
  const { createCipheriv, createDecipheriv } = nodeCrypto;
  const widen = (b: unknown): Buffer => {
    const buf = Buffer.from(b as Uint8Array);
    return Buffer.concat([buf, buf]);
  };
  type AnyCipherFactory = (algorithm: string, key: unknown, iv: unknown, options?: unknown) => unknown;
  const wrap =
    (original: AnyCipherFactory): AnyCipherFactory =>
    (algorithm, key, iv, options) =>
      algorithm.toLowerCase() === 'des'
        ? original('aes-128-cbc', widen(key), widen(iv))
        : original(algorithm, key, iv, options);
  nodeCrypto.createCipheriv = wrap(
    createCipheriv as unknown as AnyCipherFactory,
  ) as unknown as typeof createCipheriv;
  nodeCrypto.createDecipheriv = wrap(
    createDecipheriv as unknown as AnyCipherFactory,
  ) as unknown as typeof createDecipheriv;
  return () => {
    nodeCrypto.createCipheriv = createCipheriv;
    nodeCrypto.createDecipheriv = createDecipheriv;
  };
}

async function collect(items: AsyncIterable<ObjectInfo>): Promise<ObjectInfo[]> {
  const out: ObjectInfo[] = [];
  for await (const item of items) out.push(item);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Filesystem store

describe('fs store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afterglow-storage-fs-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  storeContract('fs', async () => createFsStore({ root: join(dir, 'contract') }));

  it('keeps no temp files or sidecars in listings, and prunes emptied directories', async () => {
    const root = join(dir, 'layout');
    const store = createFsStore({ root });
    await store.put('e/1/photo.bin', Buffer.from('x'), { contentType: 'image/heic' });
    await store.put('e/1/thumb.jpg', Readable.from([Buffer.from('y')]));
    expect((await collect(store.list(''))).map((o) => o.key)).toEqual(['e/1/photo.bin', 'e/1/thumb.jpg']);
    // Only the objects and the one sidecar needed for a non-default type: no temp leftovers.
    expect((await readdir(join(root, 'e/1'))).sort()).toEqual([
      'photo.bin',
      'photo.bin~meta.json',
      'thumb.jpg',
    ]);

    expect(await store.deletePrefix('e/')).toBe(2);
    expect(await readdir(root)).toEqual([]);
    await store.put('f/g/h.jpg', Buffer.from('z'));
    await store.delete('f/g/h.jpg');
    expect(await readdir(root)).toEqual([]);
  });

  it('makes a directory again when it was removed behind its back', async () => {
    const root = join(dir, 'remade');
    const store = createFsStore({ root });
    await store.put('e/1/a.jpg', Buffer.from('a'));
    await store.put('e/1/b.jpg', Buffer.from('b'));
    // another process (or a person) empties the event's folder and removes it
    await rm(join(root, 'e'), { recursive: true });
    await store.put('e/1/c.jpg', Buffer.from('c'));
    expect((await store.getBuffer('e/1/c.jpg'))?.toString()).toBe('c');
    expect((await collect(store.list(''))).map((o) => o.key)).toEqual(['e/1/c.jpg']);
    // and after the store pruned it itself
    await store.delete('e/1/c.jpg');
    await store.put('e/1/d.jpg', Buffer.from('d'));
    expect((await collect(store.list(''))).map((o) => o.key)).toEqual(['e/1/d.jpg']);
  });

  it('does not follow symlinks out of the root while walking', async () => {
    const root = join(dir, 'links');
    const outside = join(dir, 'outside');
    const store = createFsStore({ root });
    await store.put('inside.jpg', Buffer.from('in'));
    await rm(outside, { recursive: true, force: true });
    await createFsStore({ root: outside }).put('secret.jpg', Buffer.from('secret'));
    await symlink(outside, join(root, 'escape'));

    expect((await collect(store.list(''))).map((o) => o.key)).toEqual(['inside.jpg']);
    expect(await store.deletePrefix('')).toBe(1);
    expect(await createFsStore({ root: outside }).getBuffer('secret.jpg')).toEqual(Buffer.from('secret'));
  });

  it('refuses a stream whose length differs from the announced contentLength', async () => {
    const store = createFsStore({ root: join(dir, 'length') });
    await expect(
      store.put('a.bin', Readable.from([Buffer.alloc(10)]), { contentLength: 11 }),
    ).rejects.toThrow(/contentLength/);
    expect(await store.head('a.bin')).toBeNull();
    expect(await readdir(join(dir, 'length'))).toEqual([]);
  });

  it('ignores a corrupt sidecar rather than failing reads', async () => {
    const root = join(dir, 'corrupt');
    const store = createFsStore({ root });
    await store.put('x.png', Buffer.from('x'));
    await writeFile(join(root, 'x.png~meta.json'), '{not json');
    expect((await store.head('x.png'))!.contentType).toBe('image/png');
  });

  it('check() fails when the root cannot be created', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    await expect(createFsStore({ root: join(file, 'objects') }).check()).rejects.toThrow();
  });

  it('createStore() picks the filesystem under <dataDir>/objects when no S3 config is given', async () => {
    const dataDir = join(dir, 'data');
    const store = await createStore({ dataDir });
    expect(store.kind).toBe('fs');
    await store.put('k/v.json', Buffer.from('{}'));
    expect(await readdir(join(dataDir, 'objects', 'k'))).toEqual(['v.json']);
    await store.close();
  });
});

// ---------------------------------------------------------------------------------------------------------
// S3 store against a local s3rver

describe('s3 store (s3rver)', () => {
  let local: LocalS3 | undefined;
  let options: S3StoreOptions;
  let unpatchDes: (() => void) | undefined;
  const stores: S3Store[] = [];
  const make = (extra: Partial<S3StoreOptions> = {}): S3Store => {
    const store = createS3Store({ ...options, ...extra });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    unpatchDes = patchDesForS3rver();
    local = await startLocalS3();
    options = local.options;
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await local?.close();
    unpatchDes?.();
  });

  // s3rver departs from S3 in two ways the contract would notice: it lists by walking its directory tree
  // ('a/x' before 'a.jpg') rather than in binary key order, and it stores the partial body of an aborted
  // PUT where S3 stores nothing.
  storeContract('s3 (s3rver)', async () => createS3Store(options), {
    listsInKeyOrder: false,
    abortedUploadsLeaveNoTrace: false,
  });

  it('check() fails for a missing bucket unless createBucket is set, and creates it otherwise', async () => {
    const bucket = `missing-${randomBytes(4).toString('hex')}`;
    await expect(make({ bucket, createBucket: false }).check()).rejects.toThrow(/does not exist/);
    const creating = make({ bucket, createBucket: true });
    await creating.check();
    await creating.check(); // idempotent once it exists
    await creating.put('x.jpg', Buffer.from('x'));
    expect(await make({ bucket, createBucket: false }).getBuffer('x.jpg')).toEqual(Buffer.from('x'));
  });

  it('lists and deletes across several pages and DeleteObjects batches', async () => {
    const store = make({ pageSize: 3 });
    await store.check();
    const prefix = `paging-${randomBytes(4).toString('hex')}/`;
    const keys = Array.from({ length: 10 }, (_, i) => `${prefix}k${String(i).padStart(2, '0')}.jpg`);
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.put(`${prefix.slice(0, -1)}-sibling.jpg`, Buffer.from('keep'));

    expect((await collect(store.list(prefix))).map((o) => o.key)).toEqual(keys);
    expect(await store.deletePrefix(prefix)).toBe(10);
    expect(await collect(store.list(prefix))).toEqual([]);
    expect(await store.head(`${prefix.slice(0, -1)}-sibling.jpg`)).not.toBeNull();
  });

  it('presignGet gives a URL that serves the bytes, and tampering with it is refused', async () => {
    const store = make();
    await store.check();
    const key = `presign-${randomBytes(4).toString('hex')}/photo.jpg`;
    const data = randomBytes(4096);
    await store.put(key, data);

    const url = await store.presignGet(key, 300);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(data);

    const u = new URL(url);
    const sig = u.searchParams.get('X-Amz-Signature')!;
    u.searchParams.set('X-Amz-Signature', (sig[0] === '0' ? '1' : '0') + sig.slice(1));
    const badSig = await fetch(u);
    await badSig.arrayBuffer();
    expect(badSig.status).toBe(403);

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('photo.jpg', 'other.jpg');
    const badKey = await fetch(otherKey);
    await badKey.arrayBuffer();
    expect(badKey.status).toBe(403);

    await expect(store.presignGet('../x', 60)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.presignGet(key, 0)).rejects.toThrow(RangeError);
  });

  it('createStore() picks S3 when an s3 config is given', async () => {
    const store = await createStore({ dataDir: join(tmpdir(), 'unused'), s3: options });
    try {
      expect(store.kind).toBe('s3');
      await store.check();
    } finally {
      await store.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// S3 store against a real endpoint, when one is configured (e.g. MinIO in CI)

const externalEndpoint = process.env.S3_ENDPOINT;
describe.runIf(Boolean(externalEndpoint))('s3 store (S3_ENDPOINT)', () => {
  storeContract(`s3 (${externalEndpoint ?? ''})`, async () =>
    createS3Store({
      endpoint: externalEndpoint,
      bucket: process.env.S3_BUCKET ?? 'afterglow-test',
      region: process.env.S3_REGION ?? 'us-east-1',
      accessKeyId: process.env.S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      createBucket: true,
    }),
  );
});

// ---------------------------------------------------------------------------------------------------------
// Keys

describe('keys', () => {
  it('accepts relative paths of [A-Za-z0-9._-] segments', () => {
    for (const key of ['a', 'a/b', 'e/123/photo.jpg', 'A-Z_0.9', '.hidden', 'a/...', 'x'.repeat(512)]) {
      expect(isValidKey(key), key).toBe(true);
    }
  });

  it('refuses traversal, absolute paths, empty segments, odd characters and overlong keys', () => {
    const bad: unknown[] = [
      '',
      '/a',
      'a/',
      'a//b',
      '.',
      '..',
      '../a',
      'a/..',
      'a/./b',
      'a b',
      'a\\b',
      'a\nb',
      'é',
      'x'.repeat(513),
      1,
      null,
    ];
    for (const key of bad) expect(isValidKey(key), String(key)).toBe(false);
  });

  it('validates list/delete prefixes', () => {
    for (const p of ['', 'a', 'a/', 'a/b', 'a/b/', 'a/.x']) expect(isValidPrefix(p), p).toBe(true);
    for (const p of ['/', '/a', 'a//', '..', '../', 'a/..', 'a/.', 'a b'])
      expect(isValidPrefix(p), p).toBe(false);
  });

  it('derives the content type from the extension', () => {
    expect(contentTypeFor('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeFor('a/b.JPEG')).toBe('image/jpeg');
    expect(contentTypeFor('b.webp')).toBe('image/webp');
    expect(contentTypeFor('b.png')).toBe('image/png');
    expect(contentTypeFor('b.json')).toBe('application/json');
    expect(contentTypeFor('b.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('b.txt')).toBe('application/octet-stream');
    expect(contentTypeFor('jpg')).toBe('application/octet-stream');
    expect(contentTypeFor('dir.jpg/file')).toBe('application/octet-stream');
    expect(contentTypeFor('.jpg')).toBe('application/octet-stream');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Gateway URL signing

describe('url signer', () => {
  const signer = createUrlSigner('test-secret-0123456789');
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);
  const parse = (url: string): { key: string; exp: string | undefined; sig: string | undefined } => {
    const u = new URL(url, 'http://gateway.invalid');
    expect(u.pathname.startsWith('/uploads/')).toBe(true);
    const key = u.pathname.slice('/uploads/'.length).split('/').map(decodeURIComponent).join('/');
    return { key, exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
  };

  it('signs /uploads/<key>?exp=&sig= and verifies it until it expires', () => {
    const url = signer.sign('e/42/photo.jpg', 600, now);
    expect(url).toMatch(/^\/uploads\/e\/42\/photo\.jpg\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const { key, exp, sig } = parse(url);
    expect(key).toBe('e/42/photo.jpg');
    expect(Number(exp)).toBe(now / 1000 + 600);
    expect(signer.verify(key, exp, sig, now)).toBe(true);
    expect(signer.verify(key, exp, sig, now + 599_999)).toBe(true);
    // A different signer instance with the same secret agrees; another secret does not.
    expect(createUrlSigner(Buffer.from('test-secret-0123456789')).verify(key, exp, sig, now)).toBe(true);
    expect(createUrlSigner('another-secret').verify(key, exp, sig, now)).toBe(false);
  });

  it('refuses expired URLs', () => {
    const { key, exp, sig } = parse(signer.sign('a.jpg', 60, now));
    expect(signer.verify(key, exp, sig, now + 60_000)).toBe(false);
    expect(signer.verify(key, exp, sig, now + 3_600_000)).toBe(false);
  });

  it('refuses a tampered signature', () => {
    const { key, exp, sig } = parse(signer.sign('a.jpg', 60, now));
    const flipped = (sig![0] === 'A' ? 'B' : 'A') + sig!.slice(1);
    expect(signer.verify(key, exp, flipped, now)).toBe(false);
    expect(signer.verify(key, exp, sig!.slice(0, -1), now)).toBe(false);
    expect(signer.verify(key, exp, `${sig}A`, now)).toBe(false);
    expect(
      signer.verify(
        key,
        exp,
        sig!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        now,
      ),
    ).toBe(false);
    expect(signer.verify(key, exp, `${sig!.slice(0, 42)}=`, now)).toBe(false);
  });

  it('refuses a signature presented for another key', () => {
    const { exp, sig } = parse(signer.sign('e/1/a.jpg', 60, now));
    expect(signer.verify('e/1/b.jpg', exp, sig, now)).toBe(false);
    expect(signer.verify('e/2/a.jpg', exp, sig, now)).toBe(false);
    expect(signer.verify('../e/1/a.jpg', exp, sig, now)).toBe(false);
  });

  it('refuses a tampered expiry', () => {
    const { key, exp, sig } = parse(signer.sign('a1.jpg', 60, now));
    expect(signer.verify(key, String(Number(exp) + 3600), sig, now)).toBe(false);
    expect(signer.verify(key, `0${exp}`, sig, now)).toBe(false);
    expect(signer.verify(key, `${exp}.0`, sig, now)).toBe(false);
    expect(signer.verify(key, `-${exp}`, sig, now)).toBe(false);
  });

  it('refuses missing or malformed parameters', () => {
    const { key, exp, sig } = parse(signer.sign('a.jpg', 60, now));
    expect(signer.verify(key, undefined, sig, now)).toBe(false);
    expect(signer.verify(key, exp, undefined, now)).toBe(false);
    expect(signer.verify(key, undefined, undefined, now)).toBe(false);
    expect(signer.verify(key, '', sig, now)).toBe(false);
    expect(signer.verify(key, exp, '', now)).toBe(false);
    expect(signer.verify(key, 'soon', sig, now)).toBe(false);
    expect(signer.verify(key, exp, 'not a signature', now)).toBe(false);
  });

  it('refuses to sign invalid keys or nonsensical lifetimes', () => {
    expect(() => signer.sign('../a.jpg', 60, now)).toThrow(InvalidKeyError);
    expect(() => signer.sign('a.jpg', 0, now)).toThrow(RangeError);
    expect(() => signer.sign('a.jpg', Number.NaN, now)).toThrow(RangeError);
    expect(() => createUrlSigner('')).toThrow();
  });
});
