import { randomFillSync, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportManifest } from '@afterglow/contracts';
import { openDatabase } from '@afterglow/db';
import { createFsStore } from '@afterglow/storage';
import { operator, startBundle, type BundleProcess } from '../support/bundle';
import { Browser, eventBody, freePort, loginThroughIdp, waitFor } from '../support/harness';

/**
 * The export streams: the built server, started as `npm start` starts it, exports 2,000 photos whose
 * originals weigh over 200 MB to a client that reads at a steady pace, while its resident memory is
 * sampled from /proc. Buffering the archive, or the originals, would show as hundreds of MB. The
 * server is a fresh process when it exports (as after an event), so no memory left over from the
 * uploads hides what the export takes.
 */

const PHOTOS = 2000;
const SHOTS = 36;
/** bytes of padding in each original (two APP15 segments): small images, big files, quick to develop */
const PADDING = 105_000;
/** how fast the client reads: slower than the server can write, so backpressure has to hold */
const CLIENT_BYTES_PER_S = 60 * 1024 * 1024;
/** the bound on the server's memory growth during the export */
const BOUND_MB = 100;

const rssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m![1]) / 1024;
};

/** A real JPEG of 48×32 pixels carrying PADDING random bytes in APP15 segments, which uploads keep. */
function padded(base: Buffer): Buffer {
  const segments: Buffer[] = [];
  for (let left = PADDING; left > 0;) {
    const n = Math.min(left, 60_000);
    const seg = Buffer.alloc(4 + n);
    seg.writeUInt16BE(0xffef, 0);
    seg.writeUInt16BE(n + 2, 2);
    randomFillSync(seg, 4);
    segments.push(seg);
    left -= n;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

/**
 * `count` more photos for the event's guests, each roll filled in turn up to SHOTS, written as the
 * upload use case writes them: the original into the data dir's object store, then in one
 * transaction the photo row (developed: its renditions are not what is measured), the shot and the
 * event's photo count. Answers the originals' bytes.
 */
async function seedRolls(dataDir: string, eventId: string, count: number, jpeg: () => Buffer) {
  const database = await openDatabase({ dataDir });
  const store = createFsStore({ root: join(dataDir, 'objects') });
  let bytes = 0;
  try {
    const { rows } = (await database.db.execute(
      sql`select id, shots_taken from photos.devices where event_id = ${eventId}::uuid order by created_at`,
    )) as unknown as { rows: { id: string; shots_taken: number }[] };
    const at = Date.now() - 3600_000;
    let n = 0;
    for (const d of rows)
      for (let s = d.shots_taken; s < SHOTS && n < count; s++, n++) {
        const id = randomUUID();
        const key = `events/${eventId}/originals/${id}.jpg`;
        const body = jpeg();
        await store.put(key, body, { contentType: 'image/jpeg', contentLength: body.length });
        bytes += body.length;
        const takenAt = new Date(at + n * 1000).toISOString();
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into photos.photos
            (id, event_id, device_id, caption, status, original_key, width, height, bytes, created_at, processed_at)
            values (${id}::uuid, ${eventId}::uuid, ${d.id}::uuid, ${`shot ${s}, "${n}"`}, ${n % 4 ? 'pending' : 'approved'},
              ${key}, 48, 32, ${body.length}::int, ${takenAt}::timestamptz, ${takenAt}::timestamptz)`);
          await tx.execute(
            sql`update photos.devices set shots_taken = shots_taken + 1 where id = ${d.id}::uuid`,
          );
          await tx.execute(
            sql`update photos.event_counters set photo_count = photo_count + 1 where event_id = ${eventId}::uuid`,
          );
        });
      }
    expect(n).toBe(count);
  } finally {
    await database.close();
  }
  return bytes;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!existsSync('/proc/self/status'))('ZIP export memory (the built server)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterglow-export-memory-'));
  const zipFile = join(dataDir, 'downloaded.zip');
  let server: BundleProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`streams a 200 MB export with the server's memory growing less than ${BOUND_MB} MB`, async () => {
    const t0 = Date.now();
    const took: Record<string, number> = {};
    const lap = (what: string) =>
      (took[what] = Date.now() - t0 - Object.values(took).reduce((a, b) => a + b, 0));

    // a host on a plan with ZIP export: signed in once, then put on Event Max by the operator
    // command (which needs the server stopped: PGlite belongs to one process)
    const port = await freePort();
    server = await startBundle(port, dataDir);
    const email = 'big-export@example.test';
    await loginThroughIdp(new Browser(server.base), email, 'a good long password');
    await server.stop();
    expect(operator(dataDir, 'plan', email, 'max')).toContain('max');
    server = await startBundle(port, dataDir);
    let host = new Browser(server.base);
    await loginThroughIdp(host, email, 'a good long password', 'signin');
    const created = await host.json('POST', '/api/events', eventBody({ maxShotsPerDevice: SHOTS }));
    expect(created.status).toBe(201);
    const event = created.body as { id: string; code: string; maxPhotos: number };
    expect(event.maxPhotos).toBeGreaterThanOrEqual(PHOTOS);
    lap('start, plan, restart');

    // 56 guests join through the API and each takes a photo with it (upload, then developing)...
    const base = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c86' } })
      .jpeg()
      .toBuffer();
    const guests = Math.ceil(PHOTOS / SHOTS);
    let originals = 0;
    await Promise.all(
      Array.from({ length: guests }, async (_, g) => {
        const b = new Browser(server!.base);
        const joined = await b.json('POST', `/api/events/${event.code}/devices`, {
          anonId: randomUUID(),
          displayName: g % 3 ? `Guest number ${g % 17}` : null,
        });
        expect(joined.status).toBe(201);
        const jpeg = padded(base);
        const r = await b.upload(event.code, { deviceId: joined.body.id, caption: `hello, "${g}"` }, jpeg);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        originals += jpeg.length;
      }),
    );
    await waitFor(
      async () => {
        const page = (await host.json('GET', `/api/events/${event.code}/photos?limit=500`)).body as {
          photos: { processed: boolean }[];
        };
        return page.photos.filter((p) => p.processed).length === guests;
      },
      60_000,
      500,
    );
    lap('join, upload, develop');

    // ...and the rest of their rolls are written as an upload writes them (the original in the store,
    // the row, the shot and the event's count), with the server stopped: through the API, 2,000
    // photos took over three minutes here, nearly all of it the embedded database (ADR 016)
    await server.stop();
    originals += await seedRolls(dataDir, event.id, PHOTOS - guests, () => padded(base));
    lap('seed the rest');
    server = await startBundle(port, dataDir);
    host = new Browser(server.base);
    await loginThroughIdp(host, email, 'a good long password', 'signin');
    lap('restart');

    const manifest = (await host.json('GET', `/api/events/${event.id}/export`)).body as ExportManifest;
    expect(manifest).toMatchObject({ photoCount: PHOTOS, guestCount: guests, originalBytes: originals });
    expect(manifest.parts).toHaveLength(1);
    const part = manifest.parts[0]!;

    const pid = server.child.pid!;
    await sleep(1000);
    const idle: number[] = [];
    for (let i = 0; i < 5; i++, await sleep(100)) idle.push(rssMb(pid));
    const before = idle.sort((a, b) => a - b)[2]!;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);

    const res = await host.fetch(part.url);
    expect(res.status).toBe(200);
    const length = Number(res.headers.get('content-length'));
    expect(length).toBe(part.bytes);
    const out = createWriteStream(zipFile);
    const reader = res.body!.getReader();
    const started = Date.now();
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (!out.write(value)) await new Promise<void>((r) => out.once('drain', () => r()));
      const due = started + (received / CLIENT_BYTES_PER_S) * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
    }
    out.end();
    await finished(out);
    clearInterval(sampler);
    lap('download');
    const grew = peak - before;
    console.log(
      `export of ${PHOTOS} photos, ${(originals / 2 ** 20).toFixed(0)} MB of originals, ` +
        `${(received / 2 ** 20).toFixed(0)} MB of ZIP: server RSS ${before.toFixed(0)} MB before, ` +
        `peak ${peak.toFixed(0)} MB (+${grew.toFixed(1)} MB, bound ${BOUND_MB} MB); ` +
        `times ${JSON.stringify(took)} ms`,
    );
    expect(received).toBe(length);
    expect(grew).toBeLessThan(BOUND_MB);

    // and it is a ZIP: its central directory lists photos.csv and every photo
    const entries = await new Promise<number>((resolve, reject) =>
      yauzl.open(zipFile, { lazyEntries: false }, (err, zip) => {
        if (err) return reject(err);
        zip.on('error', reject);
        resolve(zip.entryCount);
        zip.close();
      }),
    );
    expect(entries).toBe(PHOTOS + 1);
  }, 300_000);
});
