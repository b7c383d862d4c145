import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shotsTakenBy,
  Browser,
  eventBody,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

const SCRIPT = '<html><body><script>window.__pwned=1</script><img src=x onerror=alert(1)></body></html>';

/** A multipart body assembled by hand, so parts can be doubled, missing or odd. */
function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = `----afterglow${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** A small real JPEG whose SOF header claims `w` x `h` pixels. */
function withDeclaredSize(jpeg: Buffer, w: number, h: number): Buffer {
  const out = Buffer.from(jpeg);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  out.writeUInt16BE(h, sof + 5);
  out.writeUInt16BE(w, sof + 7);
  return out;
}

/** The JPEG with a comment segment (FF FE) right after SOI. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const payload = Buffer.from(text);
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, payload, jpeg.subarray(2)]);
}

describe('hostile uploads', () => {
  let app: TestApp;
  let host: Browser;
  let guest: Browser;
  let event: any;
  let deviceId: string;
  let jpeg: Buffer;

  const shotsTaken = () => shotsTakenBy(guest, deviceId);

  async function post(parts: Parameters<typeof multipart>[0]) {
    const { body, type } = multipart(parts);
    const res = await guest.fetch(`/api/events/${event.code}/photos`, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'content-type': type },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: text ? JSON.parse(text) : null,
    };
  }
  const photo = (value: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => ({
    name: 'photo',
    value,
    filename,
    type,
  });
  const device = () => ({ name: 'deviceId', value: deviceId });

  /** Refused with this status and code, as problem+json, and no shot charged. */
  async function refused(parts: Parameters<typeof multipart>[0], status: number, code: string) {
    const before = await shotsTaken();
    const r = await post(parts);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.type).toContain('application/problem+json');
    expect(r.body.code).toBe(code);
    expect(await shotsTaken()).toBe(before);
    return r.body;
  }

  beforeAll(async () => {
    app = await startApp();
    host = new Browser(app.base);
    await loginThroughIdp(host, 'hostile-uploads@example.test', 'a sturdy password');
    event = (await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: 36 }))).body;
    guest = new Browser(app.base);
    deviceId = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() })).body
      .id;
    jpeg = await makeJpeg(320, 240);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses what is not a JPEG, whatever it is called (415 not_jpeg)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const body = await refused([device(), photo(png)], 415, 'not_jpeg');
    expect(body.error).toBe('Only JPEG photos can be uploaded');
    await refused([device(), photo(gif)], 415, 'not_jpeg');
    await refused([device(), photo(Buffer.from(SCRIPT), 'cute.jpg', 'image/jpeg')], 415, 'not_jpeg');
    await refused([device(), photo(Buffer.alloc(0))], 400, 'photo_required');
  });

  it('refuses truncated and broken JPEGs (422)', async () => {
    await refused([device(), photo(jpeg.subarray(0, jpeg.length >> 1))], 422, 'truncated_jpeg');
    await refused([device(), photo(jpeg.subarray(0, jpeg.length - 2))], 422, 'truncated_jpeg');
    // JPEG magic, then a web page
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]),
      Buffer.from(SCRIPT),
    ]);
    const r = await post([device(), photo(fake)]);
    expect([422]).toContain(r.status);
    expect(['truncated_jpeg', 'invalid_jpeg']).toContain(r.body.code);
  });

  it('refuses a decompression bomb from its header, quickly (413 too_many_pixels)', async () => {
    const bomb = withDeclaredSize(await makeJpeg(16, 16), 60_000, 60_000);
    expect(bomb.length).toBeLessThan(10_000);
    const t0 = Date.now();
    const body = await refused([device(), photo(bomb)], 413, 'too_many_pixels');
    expect(body.error).toBe('The photo has too many pixels');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('refuses odd multipart shapes with their own codes', async () => {
    await refused([device()], 400, 'photo_required');
    await refused([photo(jpeg)], 400, 'validation_failed');
    const noDevice = await post([photo(jpeg), { name: 'caption', value: 'hi' }]);
    expect(noDevice.body.errors[0]).toEqual({ path: 'deviceId', message: 'Upload must carry a device id' });
    await refused([device(), photo(jpeg), photo(jpeg, 'second.jpg')], 400, 'too_many_files');
    await refused(
      [device(), photo(jpeg), { name: 'other', value: jpeg, filename: 'x.jpg', type: 'image/jpeg' }],
      400,
      'too_many_files',
    );
    await refused(
      [device(), { name: 'other', value: jpeg, filename: 'x.jpg', type: 'image/jpeg' }],
      400,
      'unexpected_file',
    );
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    await refused([device(), ...many, photo(jpeg)], 400, 'too_many_fields');
    await refused(
      [device(), { name: 'caption', value: 'x'.repeat(5000) }, photo(jpeg)],
      400,
      'field_too_long',
    );
    await refused([{ name: 'deviceId', value: randomUUID() }, photo(jpeg)], 403, 'device_not_yours');
    // a part that is not multipart at all
    const res = await guest.fetch(`/api/events/${event.code}/photos`, {
      method: 'POST',
      body: jpeg.toString('binary'),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('multipart_required');
  });

  it('accepts a photo with a few unknown text parts beside it (they are ignored)', async () => {
    const before = await shotsTaken();
    const r = await post([
      device(),
      { name: 'isAdmin', value: 'true' },
      { name: '__proto__', value: 'x' },
      photo(jpeg),
    ]);
    expect(r.status).toBe(201);
    expect(await shotsTaken()).toBe(before + 1);
  });

  describe('polyglots', () => {
    async function acceptedWithoutPayload(file: Buffer) {
      const before = await shotsTaken();
      const r = await post([device(), photo(file)]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(await shotsTaken()).toBe(before + 1);
      const listed = await waitFor(async () => {
        const photos = (await host.json('GET', `/api/events/${event.code}/photos`)).body.photos as any[];
        const p = photos.find((x) => x.id === r.body.photoId);
        return p?.processed ? p : null;
      });
      // the original, as only the host may fetch it: a JPEG that ends at its EOI, never sniffable
      const original = await host.fetch(listed.originalUrl);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      expect(original.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = original.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      const bytes = Buffer.from(await original.arrayBuffer());
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect(bytes.includes(Buffer.from('<html'))).toBe(false);
      expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect((await sharp(bytes).metadata()).width).toBe(320);
      // the renditions are re-encoded by the media worker, and carry nothing of it either
      for (const url of [listed.displayUrl, listed.thumbUrl]) {
        const rendition = await guest.fetch(url);
        const b = Buffer.from(await rendition.arrayBuffer());
        expect(rendition.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/);
        expect(rendition.headers.get('content-security-policy')).toContain('sandbox');
        expect(b.includes(Buffer.from('<script'))).toBe(false);
      }
    }

    it('stores a JPEG with a web page after its EOI without the page', async () => {
      await acceptedWithoutPayload(Buffer.concat([jpeg, Buffer.from(SCRIPT)]));
      // a short tail too (it once slipped past an "EOI near the end" check)
      await acceptedWithoutPayload(Buffer.concat([jpeg, Buffer.from('<script>x</script>')]));
    });

    it('stores a JPEG with a web page in a comment segment without the comment', async () => {
      await acceptedWithoutPayload(withComment(jpeg, SCRIPT));
    });
  });

  describe('a 50 MB body', () => {
    const url = () => new URL(`/api/events/${event.code}/photos`, app.base);
    const MB = 1024 * 1024;

    /** Streams up to `total` bytes of a photo part; resolves at the answer, with how much was sent by then. */
    function stream(total: number, declareLength: boolean) {
      const boundary = `----afterglow${randomUUID()}`;
      const type = `multipart/form-data; boundary=${boundary}`;
      const prefix = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="deviceId"\r\n\r\n${deviceId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      return new Promise<{ status: number; type: string; body: any; sent: number; ms: number }>(
        (resolve, reject) => {
          const t0 = Date.now();
          let sent = 0;
          let done = false;
          const req = request(
            {
              host: url().hostname,
              port: url().port,
              method: 'POST',
              path: url().pathname,
              headers: {
                'content-type': type,
                cookie: guest.cookieHeader(),
                ...(declareLength ? { 'content-length': String(prefix.length + total) } : {}),
              },
            },
            (res) => {
              done = true;
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => {
                resolve({
                  status: res.statusCode ?? 0,
                  type: String(res.headers['content-type'] ?? ''),
                  body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
                  sent,
                  ms: Date.now() - t0,
                });
                req.destroy();
              });
            },
          );
          req.on('error', (err) => {
            if (!done) reject(err);
          });
          const chunk = Buffer.alloc(MB, 0x41);
          chunk.set([0xff, 0xd8, 0xff, 0xe0]);
          req.write(prefix);
          const pump = () => {
            while (!done && sent < total) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            if (!done) req.end();
          };
          pump();
          setTimeout(() => !done && reject(new Error(`no answer after ${sent} bytes`)), 20_000).unref();
        },
      );
    }

    it('is refused from its declared length before it is sent (413 photo_too_large)', async () => {
      const before = await shotsTaken();
      const r = await stream(50 * MB, true);
      expect(r.status).toBe(413);
      expect(r.type).toContain('application/problem+json');
      expect(r.body.code).toBe('photo_too_large');
      expect(r.body.error).toBe('The photo is too large');
      expect(r.sent).toBeLessThan(50 * MB);
      expect(r.ms).toBeLessThan(5000);
      expect(await shotsTaken()).toBe(before);
    });

    it('is refused as soon as it passes the limit when its length is not declared', async () => {
      const before = await shotsTaken();
      const r = await stream(50 * MB, false);
      expect(r.status).toBe(413);
      expect(r.type).toContain('application/problem+json');
      expect(r.body.code).toBe('photo_too_large');
      // answered after about 15 MB, long before the 50 MB were sent
      expect(r.sent).toBeLessThan(30 * MB);
      expect(r.ms).toBeLessThan(10_000);
      expect(await shotsTaken()).toBe(before);
      // the server is fine afterwards
      expect((await guest.fetch('/livez')).status).toBe(200);
    });
  });
});
