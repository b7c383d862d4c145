import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setPlanByEmail } from '@afterglow/billing';
import { PLAN_MESSAGES } from '@afterglow/contracts';
import { watermarkBox } from '@afterglow/media';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  liftEventLimit,
  Browser,
  eventBody,
  isoIn,
  loginThroughIdp,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * What a plan allows, enforced where it applies and asked of billing (ADR 025), each at its
 * boundary: hosting days at creation, the public gallery, the live slideshow, photos and guests per
 * event, and the free plan's watermark through the whole pipeline.
 */
const DAY = 24 * 3600_000;
const PASSWORD = 'plans are enforced';

describe.each(PROFILES)('entitlements ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  const as: Record<'free' | 'pro' | 'basic' | 'max', Browser> = {} as never;

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    const db = app.ctx.database.db;
    // a plan row changed for this test: Event Basic without the live slideshow, Event Max with 3
    // photos and 2 guests an event (billing reads its table at every answer)
    await db.execute(sql`update billing.plans set live_slideshow = false where id = 'basic'`);
    await db.execute(
      sql`update billing.plans set max_photos_per_event = 3, max_guests_per_event = 2 where id = 'max'`,
    );
    for (const who of ['free', 'pro', 'basic', 'max'] as const) {
      as[who] = new Browser(app.base);
      await loginThroughIdp(as[who], `${who}-ent@example.test`, PASSWORD);
      if (who !== 'free')
        await waitFor(() =>
          setPlanByEmail(db, `${who}-ent@example.test`, who).then((n) => n === 1 || undefined),
        );
    }
  });
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it("lets an event end on the plan's last hosting day, and not a day later", async () => {
    const startsAt = isoIn(3600_000);
    const at = (days: number) => new Date(Date.parse(startsAt) + days * DAY).toISOString();
    const last = await as.free.json('POST', '/api/events', eventBody({ startsAt, endsAt: at(7) }));
    expect(last.status).toBe(201);
    const over = await as.free.json('POST', '/api/events', eventBody({ startsAt, endsAt: at(8) }));
    expect(over.status).toBe(400);
    expect(over.body.errors).toContainEqual({
      path: 'endsAt',
      message: "End date must be within your plan's 7-day hosting",
    });
    expect((await as.pro.json('POST', '/api/events', eventBody({ startsAt, endsAt: at(90) }))).status).toBe(
      201,
    );
    expect((await as.pro.json('POST', '/api/events', eventBody({ startsAt, endsAt: at(91) }))).status).toBe(
      400,
    );
  });

  it('refuses a public gallery on the free plan and allows it on Pro', async () => {
    const free = (await as.free.json('POST', '/api/events', eventBody())).body;
    const refused = await as.free.json('PUT', `/api/events/${free.id}/sharing`, { isPublic: true });
    expect(refused.status).toBe(403);
    expect(refused.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({
      code: 'plan_no_public_gallery',
      detail: PLAN_MESSAGES.noPublicGallery,
    });
    expect((await as.free.json('PUT', `/api/events/${free.id}/sharing`, { isPublic: false })).status).toBe(
      200,
    );
    expect((await new Browser(app.base).json('GET', `/api/public/events/${free.slug}`)).status).toBe(404);

    const pro = (await as.pro.json('POST', '/api/events', eventBody())).body;
    const ok = await as.pro.json('PUT', `/api/events/${pro.id}/sharing`, { isPublic: true });
    expect(ok.status).toBe(200);
    expect((await new Browser(app.base).json('GET', `/api/public/events/${pro.slug}`)).status).toBe(200);
  });

  it('turns the live slideshow on only on a plan that has it', async () => {
    const basic = (await as.basic.json('POST', '/api/events', eventBody())).body;
    const refused = await as.basic.json('POST', `/api/events/${basic.id}/live-mode`, { enabled: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'plan_no_live_slideshow',
      detail: PLAN_MESSAGES.noLiveSlideshow,
    });
    expect(
      (await as.basic.json('POST', `/api/events/${basic.id}/live-mode`, { enabled: false })).status,
    ).toBe(200);
    const free = (await as.free.json('POST', '/api/events', eventBody())).body;
    expect((await as.free.json('POST', `/api/events/${free.id}/live-mode`, { enabled: true })).status).toBe(
      200,
    );
  });

  it('takes photos and guests up to the limits, then says so clearly', async () => {
    const e = (await as.max.json('POST', '/api/events', eventBody())).body;
    expect(e).toMatchObject({ maxPhotos: 3, maxGuests: 2 });
    const guests = [new Browser(app.base), new Browser(app.base), new Browser(app.base)];
    const joined = [];
    for (const g of guests)
      joined.push(await g.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() }));
    expect(joined.map((j) => j.status)).toEqual([201, 201, 403]);
    expect(joined[2]!.body).toMatchObject({ code: 'guest_limit_reached', detail: PLAN_MESSAGES.guestLimit });
    const shot = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    const ups = [];
    for (let i = 0; i < 4; i++)
      ups.push(await guests[i % 2]!.upload(e.code, { deviceId: joined[i % 2]!.body.id }, shot));
    expect(ups.map((u) => u.status)).toEqual([201, 201, 201, 403]);
    expect(ups[3]!.body).toMatchObject({ code: 'photo_limit_reached', error: PLAN_MESSAGES.photoLimit });
  });

  it("watermarks a free event's display and thumbnail, and not a Pro event's", async () => {
    const flat = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8a58a' } })
      .jpeg({ quality: 95 })
      .toBuffer();
    /** how much the display rendition varies where the mark goes (a flat picture: ~0 without it) */
    const markVariance = async (who: 'free' | 'pro') => {
      const e = (await as[who].json('POST', '/api/events', eventBody({ revealMode: 'live' }))).body;
      const g = new Browser(app.base);
      const d = await g.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() });
      expect((await g.upload(e.code, { deviceId: d.body.id }, flat)).status).toBe(201);
      const photo = await waitFor(async () => {
        const r = await as[who].json('GET', `/api/events/${e.code}/photos`);
        return r.body.photos.find((p: any) => p.processed && p.displayUrl && p.thumbUrl);
      }, 30_000);
      const out: number[] = [];
      for (const url of [photo.displayUrl, photo.thumbUrl]) {
        const img = Buffer.from(await (await as[who].fetch(url)).arrayBuffer());
        const { width, height } = await sharp(img).metadata();
        const box = watermarkBox(width!, height!);
        const stats = await sharp(img)
          .extract({ left: box.left, top: box.top, width: box.width, height: box.height })
          .stats();
        out.push(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)));
      }
      return out;
    };
    const [freeDisplay, freeThumb] = await markVariance('free');
    const [proDisplay, proThumb] = await markVariance('pro');
    // the mark's strokes and pill vary the corner by several levels; a flat picture by a fraction
    expect(freeDisplay).toBeGreaterThan(5);
    expect(freeThumb).toBeGreaterThan(5);
    expect(proDisplay).toBeLessThan(1.5);
    expect(proThumb).toBeLessThan(1.5);
  });
});
