import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { InvalidKeyError } from '../types';
import type { ObjectInfo, ObjectStore } from '../types';

export interface StoreContractOptions {
  /**
   * Whether list() must yield keys in lexicographic (code-unit) order, as the fs store and real S3 do.
   * Default true. Only for test doubles that cannot: s3rver walks its directory tree instead of sorting.
   */
  listsInKeyOrder?: boolean;
  /**
   * Whether an upload aborted mid-body (known contentLength, source failed or too short) leaves the
   * previous version untouched, as S3 and the fs store guarantee. Default true. s3rver keeps whatever
   * bytes arrived before the client aborted, so its suite only checks that such a put rejects.
   */
  abortedUploadsLeaveNoTrace?: boolean;
}

/**
 * The behaviour every ObjectStore implementation must share. Usage, in a *.test.ts file:
 *
 *   storeContract('fs', async () => createFsStore({ root: dir }));
 *
 * `make` is called once (in beforeAll) and the store is closed afterwards. All keys live under a prefix
 * unique to the run, so the suite can target a shared bucket; it removes what it wrote.
 */
export function storeContract(
  name: string,
  make: () => Promise<ObjectStore>,
  { listsInKeyOrder = true, abortedUploadsLeaveNoTrace = true }: StoreContractOptions = {},
): void {
  /** Listing order is asserted exactly, or as a set when the implementation under test cannot sort. */
  const inListOrder = (keys: string[]): string[] => (listsInKeyOrder ? keys : [...keys].sort(compareKeys));

  describe(`ObjectStore contract: ${name}`, () => {
    let store: ObjectStore;
    const run = `contract-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    let n = 0;
    /** A fresh folder for each test, so tests never see each other's objects. */
    const folder = (): string => `${run}/t${++n}/`;

    beforeAll(async () => {
      store = await make();
      await store.check();
    });

    afterAll(async () => {
      if (!store) return;
      try {
        await store.deletePrefix(`${run}/`);
      } finally {
        await store.close();
      }
    });

    it('check() passes', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });

    it('round-trips a Buffer through get, getBuffer and head', async () => {
      const key = `${folder()}photo.jpg`;
      const data = randomBytes(1234);
      await store.put(key, data);

      expect(await store.getBuffer(key)).toEqual(data);
      const got = await store.get(key);
      expect(got).not.toBeNull();
      expect(got!.body).toBeInstanceOf(Readable);
      expect(await drain(got!.body)).toEqual(data);
      expect(got!.info).toMatchObject({ key, size: data.length, contentType: 'image/jpeg' });
      expect(got!.info.lastModified).toBeInstanceOf(Date);

      const info = await store.head(key);
      expect(info).toMatchObject({ key, size: data.length, contentType: 'image/jpeg' });
      expect(info!.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    });

    it('streams a byte range of an object, and names the whole size', async () => {
      const key = `${folder()}clip.mp4`;
      const data = randomBytes(5000);
      await store.put(key, data);
      const part = await store.get(key, { start: 100, end: 1099 });
      expect(await drain(part!.body)).toEqual(data.subarray(100, 1100));
      expect(part!.info.size).toBe(5000);
      const tail = await store.get(key, { start: 4990, end: 4999 });
      expect(await drain(tail!.body)).toEqual(data.subarray(4990));
    });

    it('round-trips a plain Uint8Array', async () => {
      const key = `${folder()}data.bin`;
      const data = new Uint8Array([0, 1, 2, 253, 254, 255]);
      await store.put(key, data);
      expect(await store.getBuffer(key)).toEqual(Buffer.from(data));
    });

    it('round-trips an empty object', async () => {
      const key = `${folder()}empty.json`;
      await store.put(key, Buffer.alloc(0));
      expect(await store.getBuffer(key)).toEqual(Buffer.alloc(0));
      expect(await store.head(key)).toMatchObject({ size: 0, contentType: 'application/json' });
    });

    it('round-trips a Readable of unknown length', async () => {
      const key = `${folder()}chunks.png`;
      const parts = [randomBytes(10), randomBytes(70_000), randomBytes(3)];
      await store.put(key, Readable.from(parts));
      expect(await store.getBuffer(key)).toEqual(Buffer.concat(parts));
      expect(await store.head(key)).toMatchObject({ size: 70_013, contentType: 'image/png' });
    });

    it('round-trips a Readable with a known contentLength', async () => {
      const key = `${folder()}known.webp`;
      const parts = [randomBytes(1000), randomBytes(2000)];
      await store.put(key, Readable.from(parts), { contentLength: 3000 });
      expect(await store.getBuffer(key)).toEqual(Buffer.concat(parts));
    });

    it('streams a 5 MB object both ways', async () => {
      const key = `${folder()}big.bin`;
      const size = 5 * 1024 * 1024;
      const { stream, digest } = generatedStream(size, 64 * 1024);
      await store.put(key, stream);
      const expected = digest();

      const got = await store.get(key);
      expect(got!.info.size).toBe(size);
      const hash = createHash('sha256');
      let read = 0;
      for await (const chunk of got!.body) {
        const buf = chunk as Buffer;
        read += buf.length;
        hash.update(buf);
      }
      expect(read).toBe(size);
      expect(hash.digest('hex')).toBe(expected);
    });

    it('streams a get as it is read, and a read abandoned part-way releases what it held', async () => {
      const key = `${folder()}abandoned.bin`;
      const size = 3 * 1024 * 1024;
      const data = randomBytes(size);
      await store.put(key, data);
      const openFds = await fdCount();
      for (let i = 0; i < 25; i++) {
        const got = await store.get(key);
        expect(got!.info.size).toBe(size);
        // the first chunk arrives long before the whole object could have been held
        const first = (await got!.body[Symbol.asyncIterator]().next()).value as Buffer;
        expect(first.length).toBeGreaterThan(0);
        expect(first.length).toBeLessThan(size);
        expect(first.equals(data.subarray(0, first.length))).toBe(true);
        got!.body.destroy();
        await new Promise((r) => got!.body.once('close', r));
      }
      // the object reads whole afterwards, and the abandoned reads left no file or socket open
      expect((await store.getBuffer(key))!.equals(data)).toBe(true);
      if (openFds !== null) expect((await fdCount())! - openFds).toBeLessThan(5);
    });

    it('keeps an explicit contentType, and derives one from the extension otherwise', async () => {
      const dir = folder();
      await store.put(`${dir}custom.bin`, Buffer.from('{}'), {
        contentType: 'application/vnd.afterglow+json',
      });
      expect((await store.head(`${dir}custom.bin`))!.contentType).toBe('application/vnd.afterglow+json');
      const got = await store.get(`${dir}custom.bin`);
      got!.body.destroy(); // callers that do not read a body must release it
      expect(got!.info.contentType).toBe('application/vnd.afterglow+json');

      await store.put(`${dir}odd.jpg`, Readable.from([Buffer.from('x')]), { contentType: 'image/webp' });
      expect((await store.head(`${dir}odd.jpg`))!.contentType).toBe('image/webp');

      const derived: Array<[string, string]> = [
        ['a.jpg', 'image/jpeg'],
        ['b.JPEG', 'image/jpeg'],
        ['c.webp', 'image/webp'],
        ['d.png', 'image/png'],
        ['e.json', 'application/json'],
        ['f.svg', 'image/svg+xml'],
        ['g', 'application/octet-stream'],
        ['h.tar.gz', 'application/octet-stream'],
      ];
      for (const [file, type] of derived) {
        await store.put(dir + file, Buffer.from(file));
        expect((await store.head(dir + file))!.contentType, file).toBe(type);
      }
    });

    it('answers null for missing objects', async () => {
      const dir = folder();
      expect(await store.head(`${dir}missing.jpg`)).toBeNull();
      expect(await store.get(`${dir}missing.jpg`)).toBeNull();
      expect(await store.getBuffer(`${dir}missing.jpg`)).toBeNull();
      // A "folder" that holds objects is not itself an object.
      await store.put(`${dir}sub/x.jpg`, Buffer.from('x'));
      expect(await store.head(`${dir}sub`)).toBeNull();
      expect(await store.get(`${dir}sub`)).toBeNull();
      expect(await store.getBuffer(`${dir}sub`)).toBeNull();
    });

    it('overwrites an existing key, content type included', async () => {
      const key = `${folder()}over.bin`;
      await store.put(key, Buffer.from('first version, longer'), { contentType: 'text/plain' });
      await store.put(key, Buffer.from('second'));
      expect((await store.getBuffer(key))!.toString()).toBe('second');
      expect(await store.head(key)).toMatchObject({ size: 6, contentType: 'application/octet-stream' });

      await store.put(key, Readable.from([Buffer.from('third')]), { contentType: 'text/plain' });
      expect((await store.getBuffer(key))!.toString()).toBe('third');
      expect((await store.head(key))!.contentType).toBe('text/plain');
    });

    it('a failed streamed put leaves the previous version intact', async () => {
      const dir = folder();
      const key = `${dir}keep.jpg`;
      await store.put(key, Buffer.from('original'));
      await expect(store.put(key, failingStream(100_000))).rejects.toThrow(/boom/);
      expect((await store.getBuffer(key))!.toString()).toBe('original');

      const fresh = `${dir}never.jpg`;
      await expect(store.put(fresh, failingStream(10))).rejects.toThrow(/boom/);
      expect(await store.head(fresh)).toBeNull();
      // No temp or partial objects become visible.
      expect((await collect(store.list(dir))).map((o) => o.key)).toEqual([key]);

      // Same when the length was announced (S3: the body streams straight into the request).
      await expect(store.put(key, failingStream(100_000), { contentLength: 200_000 })).rejects.toThrow(
        /boom/,
      );
      if (abortedUploadsLeaveNoTrace) expect((await store.getBuffer(key))!.toString()).toBe('original');
    });

    it('refuses a body whose length differs from the announced contentLength', async () => {
      const dir = folder();
      const key = `${dir}length.bin`;
      await store.put(key, Buffer.from('original'));
      await expect(store.put(key, randomBytes(12), { contentLength: 11 })).rejects.toThrow();
      expect((await store.getBuffer(key))!.toString()).toBe('original');
      await expect(store.put(key, Readable.from([randomBytes(10)]), { contentLength: 11 })).rejects.toThrow();
      await expect(store.put(key, Readable.from([randomBytes(12)]), { contentLength: 11 })).rejects.toThrow();
      if (!abortedUploadsLeaveNoTrace) return;
      expect((await store.getBuffer(key))!.toString()).toBe('original');
      await expect(
        store.put(`${dir}new.bin`, Readable.from([randomBytes(10)]), { contentLength: 11 }),
      ).rejects.toThrow();
      expect(await store.head(`${dir}new.bin`)).toBeNull();
    });

    it('delete is idempotent', async () => {
      const dir = folder();
      const key = `${dir}gone.jpg`;
      await store.put(key, Buffer.from('x'));
      await store.put(`${dir}stays.jpg`, Buffer.from('y'));
      await store.delete(key);
      expect(await store.head(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
      await expect(store.delete(`${dir}never/existed.jpg`)).resolves.toBeUndefined();
      expect(await store.head(`${dir}stays.jpg`)).not.toBeNull();
      // The key can be written again after a delete.
      await store.put(key, Buffer.from('again'));
      expect((await store.getBuffer(key))!.toString()).toBe('again');
    });

    it('deletePrefix deletes exactly the keys under the prefix and counts them', async () => {
      const dir = folder();
      const inside = [`${dir}a/b/1.jpg`, `${dir}a/b/2.jpg`, `${dir}a/b/c/3.jpg`, `${dir}a/b/c/d/4.json`];
      const outside = [`${dir}a/bc`, `${dir}a/bd/5.jpg`, `${dir}a/b.jpg`, `${dir}a/1.jpg`];
      for (const key of [...inside, ...outside]) await store.put(key, Buffer.from(key));

      expect(await store.deletePrefix(`${dir}a/b/`)).toBe(inside.length);
      for (const key of inside) expect(await store.head(key), key).toBeNull();
      for (const key of outside) expect((await store.getBuffer(key))?.toString(), key).toBe(key);

      expect(await store.deletePrefix(`${dir}a/b/`)).toBe(0);
      expect(await store.deletePrefix(`${dir}nothing-here/`)).toBe(0);
      // The folder can be used again afterwards.
      await store.put(inside[0]!, Buffer.from('back'));
      expect((await store.getBuffer(inside[0]!))!.toString()).toBe('back');

      // A partial-segment prefix is a plain string prefix, as in S3.
      expect(await store.deletePrefix(`${dir}a/b`)).toBe(4); // a/b/1.jpg, a/b.jpg, a/bc, a/bd/5.jpg
      expect((await collect(store.list(dir))).map((o) => o.key)).toEqual([`${dir}a/1.jpg`]);
    });

    it('lists keys under a prefix in lexicographic order, with sizes', async () => {
      const dir = folder();
      const objects: Record<string, number> = {
        [`${dir}z.jpg`]: 1,
        [`${dir}a/b/0.png`]: 2,
        [`${dir}a/b/x.jpg`]: 3,
        [`${dir}a/b.jpg`]: 4,
        [`${dir}a/b-c.jpg`]: 5,
        [`${dir}a/bc/1.json`]: 6,
        [`${dir}a/B.jpg`]: 7,
        [`${dir}a/_x`]: 8,
        [`${dir}a0.jpg`]: 9,
        [`${dir}a.jpg`]: 10,
      };
      // Written in an order unrelated to the expected listing.
      for (const [key, size] of Object.entries(objects).reverse()) await store.put(key, randomBytes(size));

      const all = await collect(store.list(dir));
      const sortedKeys = Object.keys(objects).sort(compareKeys);
      expect(inListOrder(all.map((o) => o.key))).toEqual(sortedKeys);
      for (const o of all) {
        expect(o.size, o.key).toBe(objects[o.key]);
        expect(o.lastModified, o.key).toBeInstanceOf(Date);
        expect(typeof o.contentType, o.key).toBe('string');
      }
      expect(all.find((o) => o.key === `${dir}a/b/0.png`)!.contentType).toBe('image/png');

      const keysOf = async (prefix: string): Promise<string[]> =>
        inListOrder((await collect(store.list(prefix))).map((o) => o.key));
      expect(await keysOf(`${dir}a/b/`)).toEqual([`${dir}a/b/0.png`, `${dir}a/b/x.jpg`]);
      expect(await keysOf(`${dir}a/b`)).toEqual([
        `${dir}a/b-c.jpg`,
        `${dir}a/b.jpg`,
        `${dir}a/b/0.png`,
        `${dir}a/b/x.jpg`,
        `${dir}a/bc/1.json`,
      ]);
      expect(await keysOf(`${dir}a/b/x.jpg`)).toEqual([`${dir}a/b/x.jpg`]);
      expect(await keysOf(`${dir}nothing/`)).toEqual([]);
      expect(await keysOf(`${dir}a/b/x.jpg/`)).toEqual([]);
    });

    it('refuses invalid keys everywhere', async () => {
      const bad = [
        '../x',
        '/abs',
        'a//b',
        '',
        'a/../b',
        './a',
        'a/.',
        'a/',
        'sp ace',
        'a\\b',
        'é.jpg',
        'x'.repeat(513),
      ];
      for (const key of bad) {
        await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.put(key, Readable.from([Buffer.from('x')])), key).rejects.toBeInstanceOf(
          InvalidKeyError,
        );
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.getBuffer(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.head(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
      for (const prefix of ['../', '/abs/', 'a//', '..', 'a/../']) {
        await expect(store.deletePrefix(prefix), prefix).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(collect(store.list(prefix)), prefix).rejects.toBeInstanceOf(InvalidKeyError);
      }
      // A key of exactly the maximum length is fine (segments kept to 200 characters: filesystems cap a
      // single name at 255 bytes).
      const longKey = `${folder()}${'k'.repeat(200)}/${'k'.repeat(200)}/`;
      expect(longKey.length).toBeLessThan(512);
      const padded = longKey + 'x'.repeat(512 - longKey.length);
      await store.put(padded, Buffer.from('long'));
      expect((await store.getBuffer(padded))!.toString()).toBe('long');
    });
  });
}

/** Code-unit order, which is S3's (UTF-8 binary) order for the ASCII-only keys of this interface. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Open file descriptors of this process (files and sockets), where the system says (Linux). */
async function fdCount(): Promise<number | null> {
  await new Promise((r) => setTimeout(r, 50)); // sockets close on the next turns
  try {
    return (await readdir('/proc/self/fd')).length;
  } catch {
    return null;
  }
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function collect(items: AsyncIterable<ObjectInfo>): Promise<ObjectInfo[]> {
  const out: ObjectInfo[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * A stream of `size` pseudo-random bytes produced on demand (never materialised whole), and the
 * sha256 of what it produced, available once it has been consumed.
 */
function generatedStream(size: number, chunkSize: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  let digest: string | undefined;
  const stream = new Readable({
    read() {
      if (sent >= size) {
        digest = hash.digest('hex');
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(chunkSize, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return {
    stream,
    digest: () => {
      if (digest === undefined) throw new Error('stream not fully consumed');
      return digest;
    },
  };
}

/** Emits some bytes, then fails. */
function failingStream(bytesBeforeFailure: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(bytesBeforeFailure));
      } else {
        this.destroy(new Error('boom: source failed mid-stream'));
      }
    },
  });
}
