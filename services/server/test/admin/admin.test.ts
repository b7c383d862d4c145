import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setPlanByEmail } from '@afterglow/billing';
import { SECRET_MASK } from '@afterglow/contracts';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  isoIn,
  liftEventLimit,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * The back office (ADR 028) through the real app: the admin API asks identity, billing, events and
 * photos over the bus, and every admin action and host decision lands in the append-only audit log.
 */
const PASSWORD = 'back office pass';
const SECRET = 'a-deployment-secret-that-must-never-be-shown-0123456789';

describe.each(PROFILES)('the back office ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  const admin = (): Browser => as.admin;
  const as: Record<'admin' | 'pro' | 'free', Browser> = {} as never;
  const tag = randomUUID().slice(0, 8);
  const email = (who: string) => `${who}-${tag}@example.test`;
  let active: { id: string; code: string };
  let upcoming: { id: string; code: string };
  let ended: { id: string; code: string };
  const photo: Record<'sunset' | 'cake' | 'plain', string> = {} as never;

  const get = async (path: string) => {
    const r = await admin().json('GET', path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0', AFTERGLOW_SECRET: SECRET });
    await liftEventLimit(app);
    as.admin = new Browser(app.base);
    await loginThroughIdp(as.admin, 'admin@example.test', PASSWORD);
    for (const who of ['pro', 'free'] as const) {
      as[who] = new Browser(app.base);
      await loginThroughIdp(as[who], email(who), PASSWORD);
    }
    const db = app.ctx.database.db;
    await waitFor(() => setPlanByEmail(db, email('pro'), 'pro').then((n) => n === 1 || undefined));
    const create = async (b: Browser, over: Record<string, unknown>) => {
      const r = await b.json('POST', '/api/events', eventBody(over));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    };
    active = await create(as.pro, { name: `Garden party ${tag}`, startsAt: isoIn(-60_000) });
    upcoming = await create(as.free, {
      name: `Launch night ${tag}`,
      startsAt: isoIn(2 * 24 * 3600_000),
      endsAt: isoIn(3 * 24 * 3600_000),
    });
    ended = await create(as.pro, { name: `Old reunion ${tag}`, startsAt: isoIn(-60_000) });
    // an event whose time is over (what the hourly clock would find): moved into the past here
    await db.execute(
      sql`update events.events set starts_at = now() - interval '3 days', ends_at = now() - interval '1 day' where id = ${ended.id}`,
    );
    const guest = new Browser(app.base);
    const device = (
      await guest.json('POST', `/api/events/${active.code}/devices`, {
        anonId: randomUUID(),
        displayName: 'Gina',
      })
    ).body;
    const shoot = async (caption?: string) => {
      const up = await guest.upload(
        active.code,
        { deviceId: device.id, ...(caption ? { caption } : {}) },
        await makeJpeg(160, 120),
      );
      expect(up.status).toBe(201);
      return up.body.photoId as string;
    };
    photo.sunset = await shoot(`Sunset toast ${tag}`);
    photo.cake = await shoot('Cake!');
    photo.plain = await shoot();
    await waitFor(async () => {
      const r = await as.pro.json('GET', `/api/events/${active.code}/photos`);
      return r.body.photos.length === 3 && r.body.photos.every((p: { processed: boolean }) => p.processed);
    }, 30_000);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('counts users, events, photos and revenue for the stat cards', async () => {
    const s = await get('/api/admin/stats');
    expect(s.totalUsers).toBeGreaterThanOrEqual(3);
    expect(s.newUsersToday).toBeGreaterThanOrEqual(3);
    expect(s.totalEvents).toBeGreaterThanOrEqual(3);
    expect(s.activeEvents).toBeGreaterThanOrEqual(1);
    expect(s.activeEvents).toBeLessThan(s.totalEvents);
    expect(s.totalPhotos).toBeGreaterThanOrEqual(3);
    expect(s.photosToday).toBeGreaterThanOrEqual(3);
    expect(s.revenue).toBeGreaterThanOrEqual(0);
    expect(s.flaggedPhotos).toBeGreaterThanOrEqual(0);
  });

  it('lists users with their plan, events and photos, by search and by status', async () => {
    const found = await get(`/api/admin/users?search=${tag}`);
    const pro = found.items.find((u: { email: string }) => u.email === email('pro'));
    expect(pro).toMatchObject({ plan: 'pro', eventCount: 2, photoCount: 3, status: 'active' });
    expect(found.items.find((u: { email: string }) => u.email === email('free'))).toMatchObject({
      plan: 'free',
      eventCount: 1,
      photoCount: 0,
    });
    // the whole name matches too, and the search is not a pattern
    expect((await get('/api/admin/users?search=Test%20Host')).items.length).toBeGreaterThan(0);
    expect((await get('/api/admin/users?search=%25')).items).toEqual([]);
    // Premium: a paid plan
    expect(ids(await get(`/api/admin/users?search=${tag}&filter=premium`))).toEqual([pro.id]);
    // Suspended, then back
    const free = found.items.find((u: { email: string }) => u.email === email('free'));
    expect(ids(await get(`/api/admin/users?search=${tag}&filter=suspended`))).toEqual([]);
    const s = await admin().json('POST', `/api/admin/users/${free.id}/suspend`, { reason: 'Admin action' });
    expect(s.status).toBe(200);
    expect(ids(await get(`/api/admin/users?search=${tag}&filter=suspended`))).toEqual([free.id]);
    expect(ids(await get(`/api/admin/users?search=${tag}&filter=active`))).toEqual([pro.id]);
    expect((await admin().json('POST', `/api/admin/users/${free.id}/unsuspend`)).status).toBe(200);
    expect(ids(await get(`/api/admin/users?search=${tag}&filter=active`)).sort()).toEqual(
      [pro.id, free.id].sort(),
    );
  });

  it('pages every list with a cursor, and refuses a bad one', async () => {
    const first = await get(`/api/admin/users?search=${tag}&limit=1`);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get(`/api/admin/users?search=${tag}&limit=1&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.nextCursor).toBeNull();
    const bad = await admin().json('GET', '/api/admin/photos?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.res.headers.get('content-type')).toContain('application/problem+json');
    const filter = await admin().json('GET', '/api/admin/events?filter=later');
    expect(filter.status).toBe(400);
    expect(filter.body.errors?.[0]?.path).toBe('filter');
    expect((await admin().json('GET', '/api/admin/users?limit=1000')).status).toBe(400);
  });

  it('lists events with host, photos, guests and status, by search and by status', async () => {
    const all = await get(`/api/admin/events?search=${tag}`);
    expect(ids(all).sort()).toEqual([active.id, upcoming.id, ended.id].sort());
    expect(all.items.find((e: { id: string }) => e.id === active.id)).toMatchObject({
      code: active.code,
      hostEmail: email('pro'),
      photoCount: 3,
      guestCount: 1,
      status: 'active',
    });
    expect(ids(await get(`/api/admin/events?search=${tag}&filter=active`))).toEqual([active.id]);
    expect(ids(await get(`/api/admin/events?search=${tag}&filter=upcoming`))).toEqual([upcoming.id]);
    expect(ids(await get(`/api/admin/events?search=${tag}&filter=ended`))).toEqual([ended.id]);
    expect(ids(await get(`/api/admin/events?search=${upcoming.code.toLowerCase()}`))).toEqual([upcoming.id]);
  });

  it('lists photos with their event and guest, moderates them, and records each decision', async () => {
    const byEvent = await get(`/api/admin/photos?search=${active.code}`);
    expect(ids(byEvent).sort()).toEqual(Object.values(photo).sort());
    const sunset = byEvent.items.find((p: { id: string }) => p.id === photo.sunset);
    expect(sunset).toMatchObject({
      eventName: `Garden party ${tag}`,
      eventCode: active.code,
      deviceName: 'Gina',
      status: 'pending',
      flagCount: 0,
      held: false,
      safetyScore: null,
    });
    expect(sunset.thumbUrl).toEqual(expect.any(String));
    expect((await admin().fetch(sunset.thumbUrl)).status).toBe(200);
    expect(ids(await get(`/api/admin/photos?search=sunset%20toast%20${tag}`))).toEqual([photo.sunset]);
    expect(ids(await get(`/api/admin/photos?search=gina&filter=pending`))).toEqual(
      expect.arrayContaining(Object.values(photo)),
    );

    const moderate = (id: string, action: string, reason?: string) =>
      admin().json('POST', `/api/admin/photos/${id}/moderate`, { action, ...(reason ? { reason } : {}) });
    expect((await moderate(photo.sunset, 'approve')).body).toMatchObject({ status: 'approved' });
    expect((await moderate(photo.cake, 'flag', 'Needs review')).body).toMatchObject({
      status: 'pending',
      flagCount: 1,
    });
    expect((await moderate(photo.plain, 'reject', 'Inappropriate content')).body).toMatchObject({
      status: 'rejected',
    });
    expect((await moderate(photo.plain, 'publish')).status).toBe(400);
    expect((await moderate(randomUUID(), 'approve')).status).toBe(404);

    const q = `search=${active.code}`;
    expect(ids(await get(`/api/admin/photos?${q}&filter=approved`))).toEqual([photo.sunset]);
    expect(ids(await get(`/api/admin/photos?${q}&filter=flagged`))).toEqual([photo.cake]);
    expect(ids(await get(`/api/admin/photos?${q}&filter=rejected`))).toEqual([photo.plain]);
    expect(ids(await get(`/api/admin/photos?${q}&filter=pending`))).toEqual([photo.cake]);
    // a rejected photo wants no more review, even when it had been flagged
    await moderate(photo.plain, 'flag', 'Needs review');
    expect(ids(await get(`/api/admin/photos?${q}&filter=flagged`))).toEqual([photo.cake]);
    expect((await get('/api/admin/stats')).flaggedPhotos).toBeGreaterThanOrEqual(1);

    const me = (await admin().json('GET', '/api/auth/user')).body.id;
    const log = (await get('/api/admin/activity?limit=100')).items;
    const entry = (action: string, target: string) =>
      log.find((a: { action: string; targetId: string }) => a.action === action && a.targetId === target);
    expect(entry('photo.approved', photo.sunset)).toMatchObject({
      targetLabel: `Photo in Garden party ${tag} (${active.code})`,
      actorId: me,
      actorEmail: 'admin@example.test',
      actorRole: 'admin',
      reason: null,
    });
    expect(entry('photo.flagged', photo.cake)).toMatchObject({ actorRole: 'admin', reason: 'Needs review' });
    expect(entry('photo.rejected', photo.plain)).toMatchObject({ reason: 'Inappropriate content' });
  });

  it("records a host's own moderation in the audit log, once", async () => {
    expect((await as.pro.json('POST', `/api/photos/${photo.cake}/approve`)).status).toBe(200);
    const hostEntry = await waitFor(async () => {
      const log = (await get('/api/admin/activity?limit=100')).items;
      return log.find(
        (a: { action: string; targetId: string; actorRole: string }) =>
          a.action === 'photo.approved' && a.targetId === photo.cake && a.actorRole === 'host',
      );
    });
    expect(hostEntry).toMatchObject({
      actorEmail: email('pro'),
      reason: null,
      targetLabel: `Photo in Garden party ${tag} (${active.code})`,
    });
    // and setting it back to review (the PATCH the moderation queue sends)
    const proId = (await as.pro.json('GET', '/api/auth/user')).body.id;
    const back = await as.pro.json('PATCH', `/api/photos/${photo.cake}`, {
      status: 'pending',
      hostId: proId,
    });
    expect(back.status).toBe(200);
    await waitFor(async () =>
      (await get('/api/admin/activity?limit=100')).items.find(
        (a: { action: string; targetId: string; actorRole: string }) =>
          a.action === 'photo.pending' && a.targetId === photo.cake && a.actorRole === 'host',
      ),
    );
    const db = app.ctx.database.db;
    const counted = await db.execute(
      sql`select count(*)::int as n from admin.audit_log where target_id = ${photo.cake} and actor_role = 'host' and action = 'photo.approved'`,
    );
    const { n } = (counted as unknown as { rows: { n: number }[] }).rows[0]!;
    expect(n).toBe(1);
  });

  it('records an admin moderating a photo of their own event once, as an admin', async () => {
    const own = (await admin().json('POST', '/api/events', eventBody({ name: `Admin's own ${tag}` }))).body;
    const guest = new Browser(app.base);
    const device = (await guest.json('POST', `/api/events/${own.code}/devices`, { anonId: randomUUID() }))
      .body;
    const shot = async () =>
      (await guest.upload(own.code, { deviceId: device.id }, await makeJpeg(64, 48))).body.photoId as string;
    const [a, b] = [await shot(), await shot()];
    expect(
      (await admin().json('POST', `/api/admin/photos/${a}/moderate`, { action: 'approve' })).status,
    ).toBe(200);
    // then as the event's host: once that is in the log, the message of the first decision was handled
    expect((await admin().json('POST', `/api/photos/${b}/approve`)).status).toBe(200);
    await waitFor(async () =>
      (await get('/api/admin/activity?limit=100')).items.some(
        (x: { targetId: string; actorRole: string }) => x.targetId === b && x.actorRole === 'host',
      ),
    );
    const log = (await get('/api/admin/activity?limit=100')).items.filter(
      (x: { targetId: string }) => x.targetId === a,
    );
    expect(log).toMatchObject([{ action: 'photo.approved', actorRole: 'admin' }]);
  });

  it('keeps the audit log append-only: the database refuses to change or delete an entry', async () => {
    const db = app.ctx.database.db;
    // drizzle names the query and keeps the database's own refusal as the cause
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return String(err?.cause?.message ?? err?.message ?? 'allowed');
    };
    expect(await refused(sql`update admin.audit_log set reason = 'tampered'`)).toMatch(/append-only/);
    expect(await refused(sql`delete from admin.audit_log`)).toMatch(/append-only/);
    expect(await refused(sql`truncate admin.audit_log`)).toMatch(/append-only/);
    const log = (await get('/api/admin/activity?limit=100')).items;
    expect(log.find((a: { action: string }) => a.action === 'user.suspended')).toMatchObject({
      targetLabel: email('free'),
      reason: 'Admin action',
    });
    expect(log.every((a: { reason: string | null }) => a.reason !== 'tampered')).toBe(true);
  });

  it('exports each list as CSV', async () => {
    const csv = async (kind: string) => {
      const res = await admin().fetch(`/api/admin/export/${kind}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`attachment; filename="?afterglow-${kind}-`),
      );
      return (await res.text()).replace(/^\ufeff/, '').split('\r\n');
    };
    const users = await csv('users');
    expect(users[0]).toBe('id,email,first_name,last_name,plan,events,photos,status,admin,joined_at');
    expect(users.find((l) => l.includes(email('pro')))).toContain(',pro,2,3,active,false,');
    const photos = await csv('photos');
    expect(photos.find((l) => l.startsWith(photo.sunset))).toContain(`Sunset toast ${tag}`);
    expect(photos.find((l) => l.startsWith(photo.cake))).toContain(',Gina,pending,1,Needs review,');
    const events = await csv('events');
    expect(events.find((l) => l.startsWith(ended.id))).toContain(',ended,');
    const activity = await csv('activity');
    expect(activity[0]).toBe('at,actor_email,actor_id,role,action,target_id,target,reason');
    expect(activity.some((l) => l.includes(',admin,user.suspended,') && l.endsWith(',Admin action'))).toBe(
      true,
    );
    expect((await admin().json('GET', '/api/admin/export/passwords')).status).toBe(400);
  });

  it('names a deleted event in the audit log as it was', async () => {
    const doomed = (await as.free.json('POST', '/api/events', eventBody({ name: `Doomed ${tag}` }))).body;
    const del = await admin().json('DELETE', `/api/admin/events/${doomed.id}`, { reason: 'Admin deletion' });
    expect(del.status).toBe(204);
    const log = (await get('/api/admin/activity?limit=5')).items;
    expect(log[0]).toMatchObject({
      action: 'event.deleted',
      targetId: doomed.id,
      targetLabel: `Doomed ${tag} (${doomed.code})`,
      reason: 'Admin deletion',
    });
  });

  it('shows the settings in effect with every secret masked', async () => {
    const res = await admin().fetch('/api/admin/settings');
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    const { settings } = JSON.parse(text);
    const of = (key: string) => settings.find((s: { key: string }) => s.key === key);
    expect(of('AFTERGLOW_SECRET')).toEqual({
      key: 'AFTERGLOW_SECRET',
      value: SECRET_MASK,
      secret: true,
      source: 'environment',
    });
    expect(of('STRIPE_SECRET_KEY')).toMatchObject({ value: null, secret: true, source: 'default' });
    expect(of('AFTERGLOW_ADMIN_EMAILS')).toMatchObject({ value: 'admin@example.test', secret: false });
    expect(of('LOG_LEVEL')).toMatchObject({ value: 'warn', source: 'environment' });
  });
});
