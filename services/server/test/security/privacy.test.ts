import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { photoProcessed } from '@afterglow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../events/src/adapters/schema';
import { developed } from '../../../media/src/adapters/schema';
import { devices, eventCounters, photos } from '../../../photos/src/adapters/schema';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  liftEventLimit,
  Browser,
  eventBody,
  isoIn,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * What happens to guests' pictures: no metadata in anything we serve, originals only for the host,
 * nothing left behind when an event is deleted, and a guest's own photo is theirs to delete.
 */
describe.each(PROFILES)('privacy of photos ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let admin: Browser;
  let guest: Browser;
  let other: Browser;
  let anon: Browser;
  let event: any;
  let device: any;
  let otherDevice: any;

  const write = (b: Browser, method: string, path: string, body?: unknown) =>
    b.fetch(path, {
      method,
      headers: { origin: app.base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  /** Every stored object under a prefix, through the store (the fs directory or the S3 bucket). */
  async function keys(prefix: string): Promise<string[]> {
    const out: string[] = [];
    for await (const o of app.ctx.store.list(prefix)) out.push(o.key);
    return out.sort();
  }

  async function processed(b: Browser, deviceId: string, photoId: string) {
    return waitFor(async () => {
      const r = await b.json('GET', `/api/devices/${deviceId}/photos`);
      const p = r.body.photos.find((x: any) => x.id === photoId);
      return p?.processed ? p : null;
    }, 30_000);
  }

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp(infra?.env ?? {});
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    host = new Browser(app.base);
    admin = new Browser(app.base);
    guest = new Browser(app.base);
    other = new Browser(app.base);
    anon = new Browser(app.base);
    await loginThroughIdp(host, 'privacy-host@example.test', 'privacy host pass');
    await loginThroughIdp(admin, 'admin@example.test', 'privacy admin pass');
    event = (await host.json('POST', '/api/events', eventBody())).body;
    device = (await guest.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() })).body;
    otherDevice = (await other.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() }))
      .body;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('keeps no EXIF (no GPS, no camera) in any rendition and applies the orientation', async () => {
    const jpeg = await makeJpeg(800, 600, { gps: true, orientation: 6 });
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const up = await guest.upload(event.code, { deviceId: device.id }, jpeg);
    expect(up.status).toBe(201);
    const p = await processed(guest, device.id, up.body.photoId);

    const served = {
      display: Buffer.from(await (await guest.fetch(p.displayUrl)).arrayBuffer()),
      thumb: Buffer.from(await (await guest.fetch(p.thumbUrl)).arrayBuffer()),
    };
    const stored = {
      display: (await app.ctx.store.getBuffer(p.storageKeyDisplay))!,
      thumb: (await app.ctx.store.getBuffer(p.storageKeyThumb))!,
    };
    expect(served.display.equals(stored.display)).toBe(true);
    expect(served.thumb.equals(stored.thumb)).toBe(true);
    for (const [name, buf] of Object.entries(stored)) {
      const m = await sharp(buf).metadata();
      expect(m.exif, name).toBeUndefined();
      expect(m.xmp, name).toBeUndefined();
      expect(m.iptc, name).toBeUndefined();
      expect(m.orientation ?? 1, name).toBe(1);
      expect(buf.includes(Buffer.from('AfterglowTest')), name).toBe(false);
      expect(buf.includes(Buffer.from('Exif\0\0')), name).toBe(false);
      // an 800x600 frame shot with orientation 6 is a 600x800 portrait
      expect(m.height! > m.width!, name).toBe(true);
    }
    expect((await sharp(stored.display).metadata()).width).toBe(600);
    expect((await sharp(stored.thumb).metadata()).height).toBe(400);
  });

  it('turns the picture the way the camera meant (orientation 6 is a quarter turn clockwise)', async () => {
    // A landscape frame, red on its left half; shown turned clockwise, the red is the top half.
    const w = 400;
    const h = 200;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [230, 20, 20] : [20, 20, 230], (y * w + x) * 3);
    const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
      .toBuffer();
    const up = await guest.upload(event.code, { deviceId: device.id }, jpeg);
    expect(up.status).toBe(201);
    const p = await processed(guest, device.id, up.body.photoId);
    for (const key of [p.storageKeyDisplay, p.storageKeyThumb]) {
      const { data, info } = await sharp((await app.ctx.store.getBuffer(key))!)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], key).toEqual([200, 400]);
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels).slice(0, 3),
      ];
      const [r1, , b1] = at(info.width / 2, Math.floor(info.height / 4));
      const [r2, , b2] = at(info.width / 2, Math.floor((3 * info.height) / 4));
      expect(r1! > 150 && b1! < 100, `${key}: top is red`).toBe(true);
      expect(b2! > 150 && r2! < 100, `${key}: bottom is blue`).toBe(true);
      expect((await sharp((await app.ctx.store.getBuffer(key))!).metadata()).exif).toBeUndefined();
    }
  });

  it('serves originals to the host only', async () => {
    const jpeg = await makeJpeg(320, 240, { gps: true });
    const up = await guest.upload(event.code, { deviceId: device.id }, jpeg);
    const p = await processed(guest, device.id, up.body.photoId);
    // The only route that serves objects is /uploads, behind a signature; the guest is given none for the original.
    expect(p.originalUrl).toBeUndefined();
    const hostView = (await host.json('GET', `/api/events/${event.code}/photos`)).body.photos.find(
      (x: any) => x.id === p.id,
    );
    const originalUrl = new URL(hostView.originalUrl, app.base);
    const originalKey = decodeURIComponent(originalUrl.pathname.slice('/uploads/'.length));
    expect(originalKey).toBe(`events/${event.id}/originals/${p.id}.jpg`);
    const got = await host.fetch(originalUrl.pathname + originalUrl.search);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(jpeg)).toBe(true); // unedited, for the host's download

    // Guessing: no signature, a signature of the display rendition, a made-up one: all refused.
    const display = new URL(p.displayUrl, app.base);
    for (const b of [guest, other, anon]) {
      expect((await b.fetch(`/uploads/${originalKey}`)).status).toBe(403);
      expect((await b.fetch(`/uploads/${originalKey}${display.search}`)).status).toBe(403);
      expect((await b.fetch(`/uploads/${originalKey}?exp=9999999999&sig=${'A'.repeat(43)}`)).status).toBe(
        403,
      );
      expect((await b.fetch(`/uploads/events/${event.id}/originals/..%2F..%2Fsecrets.json`)).status).toBe(
        403,
      );
    }

    // After the reveal guests and strangers see the photo, still without an original.
    const revealed = await host.json(
      'POST',
      '/api/events',
      eventBody({ startsAt: isoIn(-60_000), revealMode: 'live', revealAt: isoIn(-30_000) }),
    );
    const e2 = revealed.body;
    const d2 = (await guest.json('POST', `/api/events/${e2.code}/devices`, { anonId: randomUUID() })).body;
    const up2 = await guest.upload(e2.code, { deviceId: d2.id }, await makeJpeg(320, 240, { gps: true }));
    await processed(guest, d2.id, up2.body.photoId);
    expect((await host.json('POST', `/api/photos/${up2.body.photoId}/approve`)).status).toBe(200);
    for (const b of [guest, other, anon]) {
      const g = await b.json('GET', `/api/events/${e2.code}/photos`);
      expect(g.body.revealed).toBe(true);
      expect(g.body.photos.map((x: any) => x.id)).toEqual([up2.body.photoId]);
      const a = await b.json('GET', `/api/photos/approved/${e2.id}`);
      expect(a.body.map((x: any) => x.id)).toEqual([up2.body.photoId]);
      for (const x of [...g.body.photos, ...a.body]) {
        expect(x.originalUrl).toBeUndefined();
        expect(JSON.stringify(x)).not.toContain('/originals/');
      }
    }
    const mine = await guest.json('GET', `/api/devices/${d2.id}/photos`);
    expect(JSON.stringify(mine.body)).not.toContain('/originals/');
  });

  it('lets a guest delete their own photo before the reveal, and nobody else’s', async () => {
    const up = await guest.upload(event.code, { deviceId: device.id }, await makeJpeg(320, 240));
    const p = await processed(guest, device.id, up.body.photoId);
    const objects = [
      `events/${event.id}/originals/${p.id}.jpg`,
      p.storageKeyDisplay as string,
      p.storageKeyThumb as string,
    ];
    for (const k of objects) expect(await app.ctx.store.head(k), k).not.toBeNull();

    // another guest of the event, with their own device or naming the owner's: refused
    expect((await write(other, 'DELETE', `/api/photos/${p.id}?deviceId=${otherDevice.id}`)).status).toBe(404);
    expect((await write(other, 'DELETE', `/api/photos/${p.id}?deviceId=${device.id}`)).status).toBe(403);
    expect((await write(anon, 'DELETE', `/api/photos/${p.id}?deviceId=${device.id}`)).status).toBe(403);
    expect((await write(host, 'DELETE', `/api/photos/${p.id}?deviceId=${device.id}`)).status).toBe(403);
    expect(
      (await guest.json('GET', `/api/devices/${device.id}/photos`)).body.photos.map((x: any) => x.id),
    ).toContain(p.id);

    const del = await write(guest, 'DELETE', `/api/photos/${p.id}?deviceId=${device.id}`);
    expect(del.status).toBe(204);
    const after = await guest.json('GET', `/api/devices/${device.id}/photos`);
    expect(after.body.photos.map((x: any) => x.id)).not.toContain(p.id);
    expect(await app.ctx.database.db.select().from(photos).where(eq(photos.id, p.id))).toEqual([]);
    for (const k of objects) expect(await app.ctx.store.head(k), k).toBeNull();
    expect((await guest.fetch(p.displayUrl)).status).toBe(404); // the signed URL it had leads nowhere
    expect((await write(guest, 'DELETE', `/api/photos/${p.id}?deviceId=${device.id}`)).status).toBe(404);

    // A media worker that was still rendering it announces renditions late: they are removed too.
    const late = {
      thumbKey: `events/${event.id}/renditions/${p.id}/thumb.webp`,
      displayKey: `events/${event.id}/renditions/${p.id}/display.jpg`,
    };
    for (const key of Object.values(late)) await app.ctx.store.put(key, await makeJpeg(40, 30));
    await app.ctx.bus.publish(
      photoProcessed.subject,
      photoProcessed.schema.parse({
        photoId: p.id,
        eventId: event.id,
        ...late,
        width: 40,
        height: 30,
        processedAt: new Date().toISOString(),
      }),
      { msgId: `photo.processed:${p.id}:late` },
    );
    await waitFor(async () => (await keys(`events/${event.id}/renditions/${p.id}/`)).length === 0);

    // after the reveal the roll is developed: no more deleting
    const revealed = await host.json(
      'POST',
      '/api/events',
      eventBody({ startsAt: isoIn(-60_000), revealMode: 'live', revealAt: isoIn(-30_000) }),
    );
    const e2 = revealed.body;
    const d2 = (await guest.json('POST', `/api/events/${e2.code}/devices`, { anonId: randomUUID() })).body;
    const up2 = await guest.upload(e2.code, { deviceId: d2.id }, await makeJpeg(160, 120));
    const tooLate = await write(guest, 'DELETE', `/api/photos/${up2.body.photoId}?deviceId=${d2.id}`);
    expect(tooLate.status).toBe(403);
    expect(await app.ctx.store.head(`events/${e2.id}/originals/${up2.body.photoId}.jpg`)).not.toBeNull();
  });

  it('deletes an event with every stored object and row, for admins only', async () => {
    const doomed = (await host.json('POST', '/api/events', eventBody({ name: 'Doomed' }))).body;
    const keep = (await host.json('POST', '/api/events', eventBody({ name: 'Kept' }))).body;
    const g = new Browser(app.base);
    const d = (await g.json('POST', `/api/events/${doomed.code}/devices`, { anonId: randomUUID() })).body;
    const k = (await g.json('POST', `/api/events/${keep.code}/devices`, { anonId: randomUUID() })).body;
    const shots = [];
    for (let i = 0; i < 2; i++) {
      const up = await g.upload(doomed.code, { deviceId: d.id }, await makeJpeg(320, 240, { gps: true }));
      shots.push(await processed(g, d.id, up.body.photoId));
    }
    const kept = await g.upload(keep.code, { deviceId: k.id }, await makeJpeg(320, 240));
    await processed(g, k.id, kept.body.photoId);

    const prefix = `events/${doomed.id}/`;
    const stored = await keys(prefix);
    expect(stored).toHaveLength(6); // per photo: the original, the display and the thumbnail
    for (const s of shots)
      expect(stored).toEqual(
        expect.arrayContaining([`${prefix}originals/${s.id}.jpg`, s.storageKeyDisplay, s.storageKeyThumb]),
      );
    if (app.ctx.store.kind === 'fs')
      expect(
        readdirSync(join(app.dataDir, 'objects', 'events', doomed.id), { recursive: true }).filter((f) =>
          String(f).match(/\.(jpg|webp)$/),
        ),
      ).toHaveLength(6);
    const keptKeys = await keys(`events/${keep.id}/`);
    expect(keptKeys).toHaveLength(3);

    // only an admin, with a reason
    const other = new Browser(app.base);
    await loginThroughIdp(other, 'privacy-other@example.test', 'privacy other pass');
    expect((await write(anon, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'x' })).status).toBe(401);
    expect((await write(g, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'x' })).status).toBe(401);
    const notAdmin = await write(host, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'x' });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.headers.get('content-type')).toContain('application/problem+json');
    expect((await write(other, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'x' })).status).toBe(
      403,
    );
    const noReason = await write(admin, 'DELETE', `/api/admin/events/${doomed.id}`, {});
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors[0].message).toBe('A reason is required');
    expect((await write(admin, 'DELETE', `/api/admin/events/not-an-id`, { reason: 'x' })).status).toBe(400);
    expect((await write(admin, 'DELETE', `/api/admin/events/${randomUUID()}`, { reason: 'x' })).status).toBe(
      404,
    );
    expect(await keys(prefix)).toHaveLength(6);

    const del = await write(admin, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'Admin deletion' });
    expect(del.status).toBe(204);
    expect((await anon.json('GET', `/api/events/${doomed.id}`)).status).toBe(404);
    expect((await anon.json('GET', `/api/events/${doomed.code}/photos`)).status).toBe(404);
    await waitFor(async () => (await keys(prefix)).length === 0, 20_000);
    if (app.ctx.store.kind === 'fs') {
      const dir = join(app.dataDir, 'objects', 'events', doomed.id);
      const left = existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
      expect(left.filter((f) => String(f).match(/\.(jpg|webp)$/))).toEqual([]);
    }
    const db = app.ctx.database.db;
    await waitFor(
      async () => (await db.select().from(developed).where(eq(developed.eventId, doomed.id))).length === 0,
    );
    expect(await db.select().from(events).where(eq(events.id, doomed.id))).toEqual([]);
    expect(await db.select().from(photos).where(eq(photos.eventId, doomed.id))).toEqual([]);
    expect(await db.select().from(devices).where(eq(devices.eventId, doomed.id))).toEqual([]);
    expect(await db.select().from(eventCounters).where(eq(eventCounters.eventId, doomed.id))).toEqual([]);
    // links handed out before lead nowhere; the device is gone; the other event is untouched
    expect((await g.fetch(shots[0].displayUrl)).status).toBe(404);
    expect((await g.json('GET', `/api/devices/${d.id}/photos`)).status).toBe(403);
    expect(await keys(`events/${keep.id}/`)).toEqual(keptKeys);
    expect((await g.json('GET', `/api/devices/${k.id}/photos`)).body.photos).toHaveLength(1);
    // deleting again: it is gone
    expect((await write(admin, 'DELETE', `/api/admin/events/${doomed.id}`, { reason: 'again' })).status).toBe(
      404,
    );
  });
});
