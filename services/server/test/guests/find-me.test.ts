import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
import { cropAround, describeFaces, faceDistance, largestFace, samplePhoto } from '@afterglow/faces';
import { FIND_ME_THRESHOLD_DEFAULT } from '@afterglow/contracts';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  liftEventLimit,
  loginThroughIdp,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * Find Me (issue 25, ADR 036) from outside, as a guest's phone and a host's browser use it: the real
 * face models in the media worker and in the photos service, face-api's own demo group photos as the
 * party's pictures and a close-up of one guest in them as the selfie.
 */
const PASSWORD = 'find me if you can';

/** Every file under a folder, recursively. */
function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

describe.each(PROFILES)('Find Me ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  const logs: string[] = [];
  /** the selfie: the largest face of group photo 1, cut out with a margin, carrying a marker of its own */
  let selfie: Buffer;
  const marker = `selfie-${randomUUID()}`;

  const query = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    ((await app.ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** A guest's phone joined to the event. */
  async function guest(code: string) {
    const b = new Browser(app.base);
    const d = await b.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
    expect(d.status).toBe(201);
    return { b, deviceId: d.body.id as string };
  }

  /** POST or DELETE /api/events/{code}/find-me with a selfie, as the gallery sends it. */
  async function findMe(
    g: { b: Browser; deviceId: string },
    code: string,
    image: Buffer | null,
    opts: { method?: 'POST' | 'DELETE'; consent?: string | null } = {},
  ) {
    const fd = new FormData();
    fd.append('deviceId', g.deviceId);
    if (opts.consent !== null) fd.append('consent', opts.consent ?? 'true');
    if (image) fd.append('selfie', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'selfie.jpg');
    const res = await g.b.fetch(`/api/events/${code}/find-me`, {
      method: opts.method ?? 'POST',
      body: fd,
      headers: { origin: app.base },
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: text ? JSON.parse(text) : null,
    };
  }

  const facesOf = (eventId: string) =>
    query<{ n: number }>(sql`select count(*)::int as n from photos.faces where event_id = ${eventId}`).then(
      (r) => r[0]!.n,
    );
  const indexed = (eventId: string) =>
    query<{ n: number }>(
      sql`select count(*)::int as n from photos.photos where event_id = ${eventId} and faces_at is not null`,
    ).then((r) => r[0]!.n);

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await startApp(
      { ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' },
      'all',
      pino({ level: 'trace' }, sink),
    );
    await liftEventLimit(app);
    host = new Browser(app.base);
    const email = `find-me-${randomUUID()}@example.test`;
    await loginThroughIdp(host, email, PASSWORD);
    await waitFor(() => setPlanByEmail(app.ctx.database.db, email, 'pro').then((n) => n === 1 || undefined));
    const group = samplePhoto(1);
    const face = largestFace(await describeFaces(group))!;
    selfie = await sharp(await cropAround(group, face))
      .withExif({ IFD0: { ImageDescription: marker } })
      .jpeg({ quality: 92 })
      .toBuffer();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('is for Event Pro and Max: a free host cannot turn it on', async () => {
    const free = new Browser(app.base);
    await loginThroughIdp(free, `free-${randomUUID()}@example.test`, PASSWORD);
    const made = await free.json('POST', '/api/events', eventBody({ findMe: true }));
    expect(made.status).toBe(403);
    expect(made.body.code).toBe('plan_no_find_me');
    const e = (await free.json('POST', '/api/events', eventBody())).body;
    expect(e.findMe).toBe(false);
    expect(e.planFindMe).toBe(false);
    const on = await free.json('PATCH', `/api/events/${e.id}`, { findMe: true });
    expect(on.status).toBe(403);
    expect(on.body.code).toBe('plan_no_find_me');
  });

  it('answers 403 problem+json where the host left it off', async () => {
    const e = (await host.json('POST', '/api/events', eventBody({ revealMode: 'live' }))).body;
    expect(e.findMe).toBe(false);
    expect(e.planFindMe).toBe(true);
    const g = await guest(e.code);
    const r = await findMe(g, e.code, selfie);
    expect(r.status).toBe(403);
    expect(r.type).toMatch(/application\/problem\+json/);
    expect(r.body.code).toBe('find_me_off');
  });

  it('finds the guest in the photos they are in, only those anyone may see, and forgets them on request', async () => {
    const e = (await host.json('POST', '/api/events', eventBody({ findMe: true }))).body;
    expect(e.findMe).toBe(true);
    expect((await new Browser(app.base).json('GET', `/api/events/${e.code}`)).body.findMe).toBe(true);
    const shooter = await guest(e.code);
    const photoIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const up = await shooter.b.upload(e.code, { deviceId: shooter.deviceId }, samplePhoto(n));
      expect(up.status).toBe(201);
      photoIds.push(up.body.photoId);
    }
    const [withHer, ...without] = photoIds;
    // the other pictures hold nobody as near the selfie as the threshold
    const mine = largestFace(await describeFaces(selfie))!;
    for (const n of [2, 3])
      for (const f of await describeFaces(samplePhoto(n)))
        expect(faceDistance(mine.descriptor, f.descriptor)).toBeGreaterThan(FIND_ME_THRESHOLD_DEFAULT);
    await waitFor(async () => ((await indexed(e.id)) === 3 ? true : null), 120_000, 250);
    expect(await facesOf(e.id)).toBeGreaterThanOrEqual(9);

    const seeker = await guest(e.code);
    // no consent, no search
    const refused = await findMe(seeker, e.code, selfie, { consent: null });
    expect(refused.status).toBe(400);
    expect(refused.type).toMatch(/application\/problem\+json/);
    // before the reveal: nothing, even though the faces are indexed
    const early = await findMe(seeker, e.code, selfie);
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ photos: [], faces: 1 });

    expect((await host.json('POST', `/api/events/${e.id}/end`)).status).toBe(200);
    const found = await findMe(seeker, e.code, selfie);
    expect(found.status).toBe(200);
    expect(found.body.faces).toBe(1);
    expect(found.body.photos.map((p: { id: string }) => p.id)).toEqual([withHer]);
    const hit = found.body.photos[0];
    expect(hit.score).toBeGreaterThan(0.5);
    expect(hit.thumbUrl).toBeTruthy();
    expect(hit).not.toHaveProperty('originalUrl');

    // a group picture as the selfie: its largest face is used, and the answer says how many it held
    const group = await findMe(seeker, e.code, samplePhoto(2));
    expect(group.status).toBe(200);
    expect(group.body.faces).toBeGreaterThan(1);
    expect(group.body.photos.map((p: { id: string }) => p.id)).toContain(without[0]);

    // no face, and not a picture: 422 with a clear message
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    const none = await findMe(seeker, e.code, plain);
    expect(none.status).toBe(422);
    expect(none.type).toMatch(/application\/problem\+json/);
    expect(none.body).toMatchObject({
      code: 'no_face',
      detail: expect.stringMatching(/could not find a face/),
    });
    const junk = await findMe(seeker, e.code, Buffer.from('not a picture at all'));
    expect(junk.status).toBe(422);
    expect(junk.body.code).toBe('bad_selfie');

    // rejected by the host: never returned; approved again: back
    const ids = async () =>
      (await findMe(seeker, e.code, selfie)).body.photos.map((p: { id: string }) => p.id);
    expect((await host.json('POST', `/api/photos/${withHer}/reject`)).status).toBe(200);
    expect(await ids()).toEqual([]);
    expect((await host.json('POST', `/api/photos/${withHer}/approve`)).status).toBe(200);
    expect(await ids()).toEqual([withHer]);
    // held by guests' reports: never returned until the host decides
    expect(
      (await host.json('PUT', `/api/events/${e.id}/sharing`, { isPublic: false, reportThreshold: 1 })).status,
    ).toBe(200);
    const reporter = await guest(e.code);
    const rep = await reporter.b.json('POST', `/api/photos/${withHer}/report`, {
      deviceId: reporter.deviceId,
      reason: 'inappropriate',
    });
    expect(rep.status, JSON.stringify(rep.body)).toBeLessThan(300);
    expect(await ids()).toEqual([]);
    expect((await host.json('POST', `/api/photos/${withHer}/approve`)).status).toBe(200);
    expect(await ids()).toEqual([withHer]);

    // 'Remove me': the same selfie finds nothing any more; the photo stays in the gallery
    const before = await facesOf(e.id);
    const removed = await findMe(seeker, e.code, selfie, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBeGreaterThanOrEqual(1);
    expect(await facesOf(e.id)).toBe(before - removed.body.removed);
    expect(await ids()).toEqual([]);
    const gallery = await seeker.b.json('GET', `/api/events/${e.code}/photos`);
    expect(gallery.body.photos.map((p: { id: string }) => p.id)).toContain(withHer);

    // off: every face record of the event goes at once, and searching is refused
    const off = await host.json('PATCH', `/api/events/${e.id}`, { findMe: false });
    expect(off.status).toBe(200);
    expect(off.body.findMe).toBe(false);
    await waitFor(
      async () => ((await facesOf(e.id)) === 0 && (await indexed(e.id)) === 0 ? true : null),
      10_000,
    );
    expect((await findMe(seeker, e.code, selfie)).status).toBe(403);

    // on again: the photos already there are indexed again, and the guest who asked stays out
    expect((await host.json('PATCH', `/api/events/${e.id}`, { findMe: true })).status).toBe(200);
    await waitFor(async () => ((await indexed(e.id)) === 3 ? true : null), 120_000, 250);
    expect(await facesOf(e.id)).toBe(before - removed.body.removed);
    expect(await ids()).toEqual([]);

    // the event deleted (by its host here; retention's deletion is the same fact): its faces go too
    expect(
      (await host.fetch(`/api/events/${e.id}`, { method: 'DELETE', headers: { origin: app.base } })).status,
    ).toBe(204);
    await waitFor(async () => ((await facesOf(e.id)) === 0 ? true : null), 10_000);
    const marks = await query<{ n: number }>(
      sql`select (select count(*) from photos.find_me_events where event_id = ${e.id})::int
           + (select count(*) from photos.face_removals
               where photo_id in (${sql.join(
                 photoIds.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )}))::int as n`,
    );
    expect(marks[0]!.n).toBe(0);
  }, 300_000);

  it('keeps the selfie nowhere: not in storage, the database or a log', async () => {
    // (after the searches above, and one more here)
    const e = (await host.json('POST', '/api/events', eventBody({ findMe: true, revealMode: 'live' }))).body;
    const g = await guest(e.code);
    expect((await findMe(g, e.code, selfie)).status).toBe(200);
    const needles = [Buffer.from(marker), selfie.subarray(selfie.length - 600, selfie.length - 536)];
    // the data folder (files, the embedded database, mail) and every stored object
    for (const f of files(app.dataDir)) {
      const bytes = readFileSync(f);
      for (const n of needles) expect(bytes.includes(n), f).toBe(false);
    }
    for await (const o of app.ctx.store.list('')) {
      const bytes = await app.ctx.store.getBuffer(o.key);
      for (const n of needles) expect(bytes?.includes(n) ?? false, o.key).toBe(false);
    }
    // every row of every table, as text (bytea as hex)
    const tables = await query<{ s: string; t: string }>(
      sql`select table_schema as s, table_name as t from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const hex = needles.map((n) => n.toString('hex'));
    for (const { s, t } of tables) {
      const rows = await query<{ r: string }>(sql.raw(`select t::text as r from "${s}"."${t}" t`));
      for (const { r } of rows) {
        expect(r.includes(marker), `${s}.${t}`).toBe(false);
        for (const h of hex) expect(r.includes(h), `${s}.${t}`).toBe(false);
      }
    }
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all.includes(marker)).toBe(false);
    expect(all.includes(needles[1]!.toString('base64'))).toBe(false);
  }, 120_000);
});
