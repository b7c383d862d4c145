import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
import { PLANS, bytesToMb } from '@afterglow/contracts';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  liftEventLimit,
  Browser,
  eventBody,
  isoIn,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * A host's own page and an event's life (ADR 018), over HTTP as the browser drives them:
 * GET /api/user/stats and /api/user/events with several events and photos, ending an event early,
 * extending it within the plan's hosting days, and deleting it (rows, stored objects, live screens).
 */
const DAY = 24 * 3600_000;
const PASSWORD = 'my dashboard password';

describe.each(PROFILES)('my dashboard and event lifecycle ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let other: Browser;
  let anon: Browser;
  /** A (active, two photos), B (active, one photo), C (upcoming, none), newest last */
  const ev: Record<'A' | 'B' | 'C', any> = {} as never;

  const send = (b: Browser, method: string, path: string, body?: unknown) => b.json(method, path, body);
  /** The bytes stored under an event: originals and every rendition. */
  const storedBytes = async (eventId: string) => {
    let n = 0;
    for await (const o of app.ctx.store.list(`events/${eventId}/`)) n += o.size;
    return n;
  };
  const shoot = async (e: any, count: number) => {
    const guest = new Browser(app.base);
    const d = await send(guest, 'POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() });
    expect(d.status).toBe(201);
    for (let i = 0; i < count; i++) {
      const up = await guest.upload(e.code, { deviceId: d.body.id }, await makeJpeg(480 + i * 16, 320));
      expect(up.status).toBe(201);
    }
  };
  const developed = (e: any, n: number) =>
    waitFor(async () => {
      const r = await send(host, 'GET', `/api/events/${e.code}/photos`);
      return r.body.photos.length === n && r.body.photos.every((p: any) => p.processed);
    }, 30_000);

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    host = new Browser(app.base);
    other = new Browser(app.base);
    anon = new Browser(app.base);
    await loginThroughIdp(host, 'dash-host@example.test', PASSWORD);
    await loginThroughIdp(other, 'dash-other@example.test', PASSWORD);
    for (const [k, over] of [
      ['A', { name: 'Garden Party', startsAt: isoIn(-60_000) }],
      ['B', { name: 'Rooftop Dinner', startsAt: isoIn(-60_000) }],
      ['C', { name: 'Winter Ball', startsAt: isoIn(2 * DAY), endsAt: isoIn(3 * DAY) }],
    ] as const) {
      const r = await send(host, 'POST', '/api/events', eventBody(over));
      expect(r.status).toBe(201);
      ev[k] = r.body;
    }
    await shoot(ev.A, 2);
    await shoot(ev.B, 1);
    await developed(ev.A, 2);
    await developed(ev.B, 1);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('refuses both lists to someone not signed in, as problem+json', async () => {
    for (const path of ['/api/user/stats', '/api/user/events']) {
      const r = await send(anon, 'GET', path);
      expect(r.status, path).toBe(401);
      expect(r.res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it("answers the host's totals: plan, events, photos and storage over all their events", async () => {
    const r = await send(host, 'GET', '/api/user/stats');
    expect(r.status).toBe(200);
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    const bytes = (await storedBytes(ev.A.id)) + (await storedBytes(ev.B.id));
    expect(bytes).toBeGreaterThan(0);
    expect(r.body).toEqual({
      currentPlan: 'free',
      planExpiry: null,
      eventsCreated: 3,
      photosTotal: 3,
      storageUsed: bytesToMb(bytes),
      storageLimit: PLANS.free.storageMb,
    });
  });

  it("lists only the host's own events, newest first, with photo counts and status", async () => {
    const r = await send(host, 'GET', '/api/user/events');
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => [e.name, e.code, e.plan, e.photoCount, e.status])).toEqual([
      ['Winter Ball', ev.C.code, 'free', 0, 'upcoming'],
      ['Rooftop Dinner', ev.B.code, 'free', 1, 'active'],
      ['Garden Party', ev.A.code, 'free', 2, 'active'],
    ]);
    expect(r.body[0]).toEqual({
      id: ev.C.id,
      name: 'Winter Ball',
      code: ev.C.code,
      plan: 'free',
      photoCount: 0,
      status: 'upcoming',
      createdAt: ev.C.createdAt,
      startsAt: ev.C.startsAt,
      endsAt: ev.C.endsAt,
    });
    expect((await send(other, 'GET', '/api/user/events')).body).toEqual([]);
    expect((await send(other, 'GET', '/api/user/stats')).body).toMatchObject({
      currentPlan: 'free',
      eventsCreated: 0,
      photosTotal: 0,
      storageUsed: 0,
    });
  });

  it('shows a paid plan with its end and storage, as billing has it', async () => {
    const paid = new Browser(app.base);
    await loginThroughIdp(paid, 'dash-paid@example.test', PASSWORD);
    const until = new Date(Date.now() + 30 * DAY);
    // billing hears of the account from identity's fact, a moment after the sign-in
    await waitFor(
      async () => (await setPlanByEmail(app.ctx.database.db, 'dash-paid@example.test', 'pro', until)) === 1,
    );
    expect((await send(paid, 'GET', '/api/user/stats')).body).toMatchObject({
      currentPlan: 'pro',
      planExpiry: until.toISOString(),
      storageLimit: PLANS.pro.storageMb,
    });
  });

  it('lets only the host (or an admin) end, extend or delete the event', async () => {
    for (const [method, path, body] of [
      ['POST', `/api/events/${ev.A.id}/end`, undefined],
      ['POST', `/api/events/${ev.A.id}/extend`, { endsAt: isoIn(DAY) }],
      ['DELETE', `/api/events/${ev.A.id}`, undefined],
    ] as const) {
      expect((await send(anon, method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      const r = await send(other, method, path, body);
      expect(r.status, `${method} ${path} another host`).toBe(403);
      expect(r.body.code).toBe('not_host');
    }
    expect((await send(host, 'POST', `/api/events/${randomUUID()}/end`)).status).toBe(404);
    expect((await send(host, 'DELETE', `/api/events/not-an-id`)).status).toBe(404);
    expect((await send(host, 'GET', `/api/events/${ev.A.id}`)).body.endsAt).toBe(ev.A.endsAt);
  });

  it('ends an event now, the reveal with it; an ended event cannot be ended again', async () => {
    const before = Date.now();
    const r = await send(host, 'POST', `/api/events/${ev.B.id}/end`);
    expect(r.status).toBe(200);
    const end = Date.parse(r.body.endsAt);
    expect(end).toBeGreaterThanOrEqual(before - 1000);
    expect(end).toBeLessThanOrEqual(Date.now());
    expect(r.body.revealAt).toBe(r.body.endsAt);
    const again = await send(host, 'POST', `/api/events/${ev.B.id}/end`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'event_ended', detail: 'This event has already ended' });
    // guests see the reveal, and cannot shoot any more
    expect((await send(anon, 'GET', `/api/events/${ev.B.code}/photos`)).body.revealed).toBe(true);
    const late = new Browser(app.base);
    const d = await send(late, 'POST', `/api/events/${ev.B.code}/devices`, { anonId: randomUUID() });
    const tiny = await makeJpeg(64, 48);
    // photos hears of the change over the bus (`event.updated`), a moment later
    await waitFor(async () => (await late.upload(ev.B.code, { deviceId: d.body.id }, tiny)).status === 403);
    // an event that had not started starts and ends now
    const c = await send(host, 'POST', `/api/events/${ev.C.id}/end`);
    expect(c.status).toBe(200);
    expect(c.body.startsAt).toBe(c.body.endsAt);
    const list = (await send(host, 'GET', '/api/user/events')).body;
    expect(list.map((e: any) => e.status)).toEqual(['ended', 'ended', 'active']);
  });

  it("extends within the plan's hosting days, with clear messages otherwise", async () => {
    const path = `/api/events/${ev.A.id}/extend`;
    const refused = async (body: unknown, message: string) => {
      const r = await send(host, 'POST', path, body);
      expect(r.status, message).toBe(400);
      expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body.errors).toEqual([{ path: 'endsAt', message }]);
    };
    await refused({}, 'End date is required');
    await refused({ endsAt: 'tomorrow' }, 'Enter a valid date and time');
    await refused({ endsAt: ev.A.endsAt }, 'End date must be after the current end date');
    const limit = Date.parse(ev.A.startsAt) + PLANS.free.hostingDays * DAY;
    await refused(
      { endsAt: new Date(limit + 60_000).toISOString() },
      "End date must be within your plan's 7-day hosting",
    );
    // the host's page knows the limit
    const view = (await send(host, 'GET', `/api/events/${ev.A.id}`)).body;
    expect(view).toMatchObject({ hostingDays: 7, maxEndsAt: new Date(limit).toISOString() });

    const endsAt = new Date(limit).toISOString();
    const r = await send(host, 'POST', path, { endsAt });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ endsAt, revealAt: endsAt });
    // an ended event opens again, until its new end
    const reopen = await send(host, 'POST', `/api/events/${ev.B.id}/extend`, { endsAt: isoIn(DAY) });
    expect(reopen.status).toBe(200);
    const b = (await send(host, 'GET', '/api/user/events')).body.find((e: any) => e.id === ev.B.id);
    expect(b.status).toBe('active');
    await refused({ endsAt: isoIn(-60_000) }, 'End date must be after the current end date');
  });

  it('deletes an event: its rows and stored objects go, and everyone watching is told', async () => {
    const objects = await storedBytes(ev.A.id);
    expect(objects).toBeGreaterThan(0);
    const watcher = await openSocket(app.base);
    watcher.ws.send(JSON.stringify({ type: 'join', eventId: ev.A.id }));
    await watcher.next((m) => m.type === 'joined');
    const hostSocket = await openSocket(app.base, host.cookieHeader());
    hostSocket.ws.send(JSON.stringify({ type: 'join', eventId: ev.A.id }));
    await hostSocket.next((m) => m.type === 'joined' && m.role === 'host');

    const r = await send(host, 'DELETE', `/api/events/${ev.A.id}`);
    expect(r.status).toBe(204);
    for (const s of [watcher, hostSocket])
      expect(await s.next((m) => m.type === 'event_deleted')).toEqual({
        type: 'event_deleted',
        eventId: ev.A.id,
      });
    expect((await send(host, 'GET', `/api/events/${ev.A.id}`)).status).toBe(404);
    expect((await send(anon, 'GET', `/api/events/${ev.A.code}/photos`)).status).toBe(404);
    expect((await send(host, 'DELETE', `/api/events/${ev.A.id}`)).status).toBe(404);
    await waitFor(async () => (await storedBytes(ev.A.id)) === 0);
    const stats = (await send(host, 'GET', '/api/user/stats')).body;
    expect(stats).toMatchObject({ eventsCreated: 2, photosTotal: 1 });
    expect(stats.storageUsed).toBe(bytesToMb(await storedBytes(ev.B.id)));
    // the socket watches nothing now: a photo of another event's room never reaches it
    expect(watcher.messages.filter((m) => m.type === 'event_deleted')).toHaveLength(1);
    watcher.ws.close();
    hostSocket.ws.close();
  });
});
