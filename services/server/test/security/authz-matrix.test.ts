import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_ROUTES, PAGE_ROUTES, WS_PATH } from '@afterglow/contracts';
import { sampleSelfie as selfie } from '@afterglow/faces';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  liftEventLimit,
  Browser,
  clipUploadHeaders,
  eventBody,
  isoIn,
  confirmEmail,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * Who may do what, for every /api route, the WebSocket and signed image URLs, against the running
 * app. "This event" (A) belongs to `host` and is not revealed yet (reveal at its end, live mode off);
 * R is another event of `host`, already revealed. `guest` holds a device of A (and of R);
 * `otherGuest` a device of B, the event of `otherHost`. `suspended` was suspended by `admin`.
 */
const ACTORS = ['anonymous', 'guest', 'otherGuest', 'host', 'otherHost', 'suspended', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
/** An HTTP status, a set of them, or for the WebSocket the role the server gives the socket. */
type Expected = number | readonly number[] | 'host' | 'guest';
type Observed = number | 'host' | 'guest';

/** One expectation per actor, in the order of ACTORS. */
const E = (...v: [Expected, Expected, Expected, Expected, Expected, Expected, Expected]) =>
  Object.fromEntries(ACTORS.map((a, i) => [a, v[i]])) as Record<Actor, Expected>;

interface Fixture {
  A: any;
  R: any;
  B: any;
  /** devices: guest's in A and R, otherGuest's in B, the photos' owner's in A and R */
  dA: any;
  dR: any;
  dB: any;
  oA: any;
  oR: any;
  /** photos in A: pA (approved, still hidden), pM (for moderation), gA (the guest's own) */
  pA: any;
  pM: any;
  gA: any;
  /** a photo in R, visible to everyone */
  pR: any;
  hostId: string;
  victimId: string;
  /** a clip upload the guest started in A (ADR 033) */
  uA: string;
  /**
   * guestbook entries (issue 23): bA (the owner's in A, pending), bM (in A, for moderation), bG (the
   * guest's own in A), bR (the owner's in R, approved: visible to everyone)
   */
  bA: string;
  bM: string;
  bG: string;
  bR: string;
}

interface Ctx {
  app: TestApp;
  fx: Fixture;
  /** a copy of the actor's cookie jar: nothing a row does changes who the actor is */
  as(actor: Actor): Browser;
  /** a new session of the same person (for logout, which ends the session it is given) */
  freshSession(actor: Actor): Promise<Browser>;
  owner: Browser;
  hostB: Browser;
}

interface Row {
  key: string;
  expect: Record<Actor, Expected>;
  run(c: Ctx, actor: Actor): Promise<Observed>;
  /** runs once every actor has been tried (the WebSocket rows check what each socket heard) */
  after?(c: Ctx, observed: Record<Actor, Observed>): Promise<void>;
}

async function send(b: Browser, method: string, path: string, body?: unknown, base?: string) {
  const res = await b.fetch(path, {
    method,
    headers: {
      ...(method !== 'GET' ? { origin: base ?? b.base } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, res };
}

const TUS = { 'tus-resumable': '1.0.0' };
/** Starts a clip's resumable upload (tus, ADR 033) of `length` bytes for a device. */
const startClip = (b: Browser, code: string, deviceId: string, length = 2) =>
  b.fetch(`/api/events/${code}/uploads`, {
    method: 'POST',
    headers: { ...clipUploadHeaders(deviceId, length), origin: b.base },
  });
const uploadIdOf = (res: Response) => {
  expect(res.status).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
};
/** A problem's code from a response that may have a body. */
const codeOf = async (res: Response) => {
  const text = await res.text();
  return text ? (JSON.parse(text) as { code?: string }).code : undefined;
};

const ownDevices = (b: Browser) =>
  [...b.cookies.keys()].filter((k) => k.startsWith('agd_')).map((k) => k.slice(4));

/** The photo as this actor is shown it anywhere (the event's gallery, approved list, own devices). */
async function photoAsSeenBy(b: Browser, e: any, photoId: string): Promise<any | null> {
  const lists: any[][] = [];
  const gallery = await send(b, 'GET', `/api/events/${e.code}/photos`);
  if (gallery.status === 200) lists.push(gallery.body.photos);
  const approved = await send(b, 'GET', `/api/photos/approved/${e.id}`);
  if (approved.status === 200) lists.push(approved.body);
  for (const d of ownDevices(b)) {
    const mine = await send(b, 'GET', `/api/devices/${d}/photos`);
    if (mine.status === 200) lists.push(mine.body.photos);
  }
  for (const l of lists) for (const p of l) if (p.id === photoId) return p;
  return null;
}

const keyOf = (url: string) =>
  decodeURIComponent(new URL(url, 'http://x').pathname.slice('/uploads/'.length));

/** Fetches the image with the URL the actor was given, or, when given none, the bare path. */
async function fetchImage(c: Ctx, actor: Actor, e: any, photo: any, which: 'displayUrl' | 'originalUrl') {
  const b = c.as(actor);
  const seen = await photoAsSeenBy(b, e, photo.id);
  const url = seen?.[which] ?? `/uploads/${keyOf(photo[which])}`;
  const res = await b.fetch(url);
  await res.arrayBuffer();
  return res.status;
}

const isHostRole = (a: Actor) => a === 'host' || a === 'admin';

const ROWS: Row[] = [
  //            anonymous guest otherGuest host otherHost suspended admin
  {
    key: 'GET /api/login',
    expect: E(302, 302, 302, 302, 302, 403, 302),
    run: async (c, a) => (await send(c.as(a), 'GET', '/api/login')).status,
  },
  {
    key: 'GET /api/callback',
    expect: E(400, 400, 400, 400, 400, 403, 400),
    run: async (c, a) => (await send(c.as(a), 'GET', '/api/callback?code=x&state=y')).status,
  },
  {
    key: 'GET /api/logout',
    expect: E(302, 302, 302, 302, 302, 302, 302),
    run: async (c, a) => {
      const b = await c.freshSession(a);
      const r = await send(b, 'GET', '/api/logout');
      const me = await send(b, 'GET', '/api/auth/user');
      expect(me.status, `${a} is signed out`).toBe(401);
      return r.status;
    },
  },
  {
    key: 'GET /api/auth/user',
    expect: E(401, 401, 401, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', '/api/auth/user');
      if (r.status === 200) expect(r.body.isAdmin, a).toBe(a === 'admin');
      if (a === 'suspended') expect(r.body.code).toBe('account_suspended');
      return r.status;
    },
  },
  // the embedded provider's accounts (ADR 035): a wrong current password proves who may try, changing nothing
  ...(['password', 'email'] as const).map((what): Row => ({
    key: `POST /api/account/${what}`,
    expect: E(401, 401, 401, 400, 400, 403, 400),
    run: async (c, a) => {
      const r = await send(
        c.as(a),
        'POST',
        `/api/account/${what}`,
        what === 'password'
          ? { currentPassword: 'not-the-password', newPassword: 'another-password' }
          : { email: `new-${a}@example.test`, password: 'not-the-password' },
      );
      if (r.status === 400) expect(r.body.code).toBe('wrong_password');
      return r.status;
    },
  })),
  {
    key: 'POST /api/account/confirmation',
    expect: E(401, 401, 401, [200, 202], [200, 202], 403, [200, 202]),
    run: async (c, a) => (await send(c.as(a), 'POST', '/api/account/confirmation')).status,
  },
  // e-mail settings (ADR 035): each account its own
  {
    key: 'GET /api/user/notifications',
    expect: E(401, 401, 401, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', '/api/user/notifications');
      if (r.status === 200) expect(r.body).toEqual({ hosting: true, reveal: true });
      return r.status;
    },
  },
  {
    key: 'PUT /api/user/notifications',
    expect: E(401, 401, 401, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'PUT', '/api/user/notifications', { reveal: true });
      if (r.status === 200) expect(r.body.reveal).toBe(true);
      return r.status;
    },
  },
  {
    key: 'POST /api/events',
    expect: E(401, 401, 401, 201, 201, 403, 201),
    run: async (c, a) => {
      // a hostId in the body is ignored: the host is whoever is signed in
      const r = await send(c.as(a), 'POST', '/api/events', eventBody({ hostId: c.fx.hostId }));
      if (r.status === 201 && a !== 'host') expect(r.body.hostId, a).not.toBe(c.fx.hostId);
      return r.status;
    },
  },
  {
    key: 'GET /api/events/by-code/:code',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/events/by-code/${c.fx.A.code}`);
      if (r.status === 200) {
        expect(r.body.qrCode !== undefined, `${a}: QR code`).toBe(isHostRole(a));
        expect(r.body.hostId !== undefined, `${a}: hostId`).toBe(isHostRole(a));
      }
      return r.status;
    },
  },
  {
    key: 'GET /api/events/:idOrCode',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/events/${c.fx.A.id}`);
      if (r.status === 200) expect(r.body.deviceCount !== undefined, `${a}: deviceCount`).toBe(isHostRole(a));
      return r.status;
    },
  },
  {
    // the hosts here are on the free plan, which has no QR kit: signed in, every one is refused
    key: 'GET /api/events/:id/qr-kit',
    expect: E(401, 401, 401, 403, 403, 403, 403),
    run: async (c, a) => (await send(c.as(a), 'GET', `/api/events/${c.fx.A.id}/qr-kit`)).status,
  },
  {
    key: 'POST /api/events/:id/live-mode',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) =>
      (await send(c.as(a), 'POST', `/api/events/${c.fx.A.id}/live-mode`, { enabled: false })).status,
  },
  {
    key: 'PATCH /api/events/:id',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) =>
      (await send(c.as(a), 'PATCH', `/api/events/${c.fx.A.id}`, { language: 'en' })).status,
  },
  {
    key: 'PUT /api/events/:id/sharing',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) =>
      (await send(c.as(a), 'PUT', `/api/events/${c.fx.A.id}/sharing`, { isPublic: false })).status,
  },
  ...(['end', 'extend'] as const).map((action): Row => ({
    key: `POST /api/events/:id/${action}`,
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => {
      // an event of the host's own for each actor, so one actor's change never meets another's
      const e = await send(c.hostB, 'POST', '/api/events', eventBody({ name: `To ${action}` }));
      expect(e.status).toBe(201);
      const body = action === 'extend' ? { endsAt: isoIn(24 * 3600_000) } : undefined;
      return (await send(c.as(a), 'POST', `/api/events/${e.body.id}/${action}`, body)).status;
    },
  })),
  {
    key: 'DELETE /api/events/:id',
    expect: E(401, 401, 401, 204, 403, 403, 204),
    run: async (c, a) => {
      const doomed = await send(c.hostB, 'POST', '/api/events', eventBody({ name: 'Host throwaway' }));
      expect(doomed.status).toBe(201);
      const r = await send(c.as(a), 'DELETE', `/api/events/${doomed.body.id}`);
      const after = await send(c.as('anonymous'), 'GET', `/api/events/${doomed.body.id}`);
      expect(after.status, `event after ${a}'s delete`).toBe(r.status === 204 ? 404 : 200);
      return r.status;
    },
  },
  ...(['stats', 'events'] as const).map((what): Row => ({
    key: `GET /api/user/${what}`,
    expect: E(401, 401, 401, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/user/${what}`);
      if (r.status === 200 && what === 'events') {
        const ids = r.body.map((e: any) => e.id);
        expect(ids.includes(c.fx.A.id), `${a} sees A among their events`).toBe(a === 'host');
      }
      return r.status;
    },
  })),
  // payments (ADR 024): the buyer is the session's account; the amount is billing's
  ...(['/api/create-payment-intent', '/api/user/upgrade'] as const).map((path): Row => ({
    key: `POST ${path}`,
    expect: E(401, 401, 401, 201, 201, 403, 201),
    run: async (c, a) => (await send(c.as(a), 'POST', path, { plan: 'basic' })).status,
  })),
  {
    key: 'GET /api/user/payments',
    expect: E(401, 401, 401, 200, 200, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', '/api/user/payments')).status,
  },
  {
    // only the buyer confirms their (test-mode) payment: extra photos for A, bought by its host
    key: 'POST /api/payments/test-confirm',
    expect: E(401, 401, 401, 200, 404, 403, 404),
    run: async (c, a) => {
      const pi = await send(c.as('host'), 'POST', '/api/create-payment-intent', {
        addon: 'extra-photos',
        eventId: c.fx.A.id,
      });
      expect(pi.status).toBe(201);
      const r = await send(c.as(a), 'POST', '/api/payments/test-confirm', {
        paymentIntentId: pi.body.paymentIntentId,
      });
      return r.status;
    },
  },
  {
    // Stripe's webhook: no actor is anyone to it; without a valid signature it is refused (400)
    key: 'POST /api/stripe/webhook',
    expect: E(400, 400, 400, 400, 400, 403, 400),
    run: async (c, a) =>
      (
        await send(c.as(a), 'POST', '/api/stripe/webhook', {
          id: 'evt_forged',
          type: 'payment_intent.succeeded',
          data: { object: { id: 'pi_forged' } },
        })
      ).status,
  },
  {
    key: 'POST /api/events/:code/devices',
    expect: E(201, 201, 201, 201, 201, 403, 201),
    run: async (c, a) =>
      (await send(c.as(a), 'POST', `/api/events/${c.fx.A.code}/devices`, { anonId: randomUUID() })).status,
  },
  {
    key: 'POST /api/events/:code/photos',
    expect: E(403, 201, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const b = c.as(a);
      // the actor's own device if it has one (otherGuest's belongs to B), else the guest's without its cookie
      const deviceId = a === 'guest' ? c.fx.dA.id : a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const r = await b.upload(c.fx.A.code, { deviceId }, await makeJpeg(64, 48));
      if (a === 'otherGuest') expect(r.body.code).toBe('device_mismatch');
      else if (a === 'suspended') expect(r.body.code).toBe('account_suspended');
      else if (a !== 'guest') expect(r.body.code, a).toBe('device_not_yours');
      return r.status;
    },
  },
  {
    key: 'OPTIONS /api/events/:code/uploads',
    expect: E(204, 204, 204, 204, 204, 403, 204),
    run: async (c, a) => {
      const b = c.as(a);
      const res = await b.fetch(`/api/events/${c.fx.A.code}/uploads`, {
        method: 'OPTIONS',
        headers: { origin: b.base },
      });
      if (res.status === 204) expect(res.headers.get('tus-version')).toBe('1.0.0');
      return res.status;
    },
  },
  {
    key: 'POST /api/events/:code/uploads',
    expect: E(403, 201, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      // the actor's own device if it has one (otherGuest's belongs to B), else the guest's without its cookie
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const res = await startClip(c.as(a), c.fx.A.code, deviceId);
      const code = await codeOf(res);
      if (a === 'otherGuest') expect(code).toBe('device_mismatch');
      else if (a === 'suspended') expect(code).toBe('account_suspended');
      else if (a !== 'guest') expect(code, a).toBe('device_not_yours');
      return res.status;
    },
  },
  {
    key: 'HEAD /api/events/:code/uploads/:uploadId',
    expect: E(403, 200, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const b = c.as(a);
      const res = await b.fetch(`/api/events/${c.fx.A.code}/uploads/${c.fx.uA}`, {
        method: 'HEAD',
        headers: { ...TUS, origin: b.base },
      });
      if (res.status === 200) expect(res.headers.get('upload-length')).toBe('2');
      return res.status;
    },
  },
  {
    key: 'PATCH /api/events/:code/uploads/:uploadId',
    expect: E(403, 204, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const b = c.as(a);
      // the guest sends the first byte of an upload of its own; anyone else tries the guest's
      const id = a === 'guest' ? uploadIdOf(await startClip(b, c.fx.A.code, c.fx.dA.id)) : c.fx.uA;
      const res = await b.fetch(`/api/events/${c.fx.A.code}/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          origin: b.base,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array([1]),
      });
      if (res.status === 204) expect(res.headers.get('upload-offset')).toBe('1');
      else if (a !== 'suspended') expect(await codeOf(res), a).toMatch(/^device_(not_yours|mismatch)$/);
      return res.status;
    },
  },
  {
    key: 'GET /api/events/:code/photos',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/events/${c.fx.A.code}/photos`);
      if (r.status === 200) {
        expect(r.body.revealed).toBe(false);
        const ids = r.body.photos.map((p: any) => p.id);
        if (isHostRole(a)) {
          expect(ids).toEqual(expect.arrayContaining([c.fx.pA.id, c.fx.gA.id]));
          expect(r.body.photos.every((p: any) => typeof p.originalUrl === 'string')).toBe(true);
        } else expect(ids, `${a} sees nothing before the reveal`).toEqual([]);
      }
      return r.status;
    },
  },
  {
    key: 'GET /api/events/:code/photos/pending',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', `/api/events/${c.fx.A.code}/photos/pending`)).status,
  },
  {
    key: 'GET /api/events/:id/stats',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', `/api/events/${c.fx.A.id}/stats`)).status,
  },
  // ZIP export: the host's plan (free here) is asked only once the caller is known to be the host
  ...['GET /api/events/:id/export', 'GET /api/events/:id/export/:part'].map((key): Row => ({
    key,
    expect: E(401, 401, 401, 403, 403, 403, 403),
    run: async (c, a) => {
      const path = key.slice('GET '.length).replace(':id', c.fx.A.id).replace(':part', '1');
      const r = await send(c.as(a), 'GET', path);
      if (r.status === 403 && a !== 'suspended')
        expect(r.body.code, a).toBe(isHostRole(a) ? 'plan_no_zip_export' : 'not_host');
      return r.status;
    },
  })),
  {
    // the live display runs only in live mode, for everyone (A's and R's are off)
    key: 'POST /api/events/:code/screens/next',
    expect: E(409, 409, 409, 409, 409, 403, 409),
    run: async (c, a) => {
      const r = await send(c.as(a), 'POST', `/api/events/${c.fx.A.code}/screens/next`, {
        screenId: `matrix-screen-${a}-0000`,
      });
      if (r.status === 409) expect(r.body.code).toBe('live_mode_off');
      return r.status;
    },
  },
  {
    key: 'GET /api/devices/:deviceId/photos',
    expect: E(403, 200, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      // always the guest's device: for everyone else it is someone else's
      const r = await send(c.as(a), 'GET', `/api/devices/${c.fx.dA.id}/photos`);
      if (r.status === 200) {
        expect(r.body.photos.map((p: any) => p.id)).toContain(c.fx.gA.id);
        expect(r.body.photos.some((p: any) => p.originalUrl)).toBe(false);
      }
      return r.status;
    },
  },
  {
    key: 'GET /api/photos/pending/:eventId',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', `/api/photos/pending/${c.fx.A.id}`)).status,
  },
  {
    key: 'GET /api/photos/approved/:eventId',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/photos/approved/${c.fx.A.id}`);
      if (r.status === 200) {
        const ids = r.body.map((p: any) => p.id);
        if (isHostRole(a)) expect(ids).toContain(c.fx.pA.id);
        else expect(ids, `${a}: approved but not yet shown`).toEqual([]);
      }
      return r.status;
    },
  },
  {
    key: 'PATCH /api/photos/:id',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) =>
      (await send(c.as(a), 'PATCH', `/api/photos/${c.fx.pM.id}`, { status: 'pending', hostId: c.fx.hostId }))
        .status,
  },
  {
    key: 'POST /api/photos/:id/approve',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'POST', `/api/photos/${c.fx.pM.id}/approve`)).status,
  },
  {
    key: 'POST /api/photos/:id/reject',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'POST', `/api/photos/${c.fx.pM.id}/reject`)).status,
  },
  {
    key: 'POST /api/photos/:id/flag',
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) =>
      (await send(c.as(a), 'POST', `/api/photos/${c.fx.pM.id}/flag`, { reason: 'Needs review' })).status,
  },
  {
    key: 'POST /api/photos/:id/report',
    // a device of the photo's event (its cookie) reports what guests see; a device elsewhere finds nothing
    expect: E(403, 200, 404, 403, 403, 403, 403),
    run: async (c, a) => {
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dR.id;
      return (await send(c.as(a), 'POST', `/api/photos/${c.fx.pR.id}/report`, { deviceId, reason: 'other' }))
        .status;
    },
  },
  {
    key: 'DELETE /api/photos/:id',
    expect: E(403, 204, 404, 403, 403, 403, 403),
    run: async (c, a) => {
      const b = c.as(a);
      if (a === 'guest') {
        // a fresh shot of the guest's own, so the fixture's stays
        const up = await b.upload(c.fx.A.code, { deviceId: c.fx.dA.id }, await makeJpeg(64, 48));
        expect(up.status).toBe(201);
        return (await send(b, 'DELETE', `/api/photos/${up.body.photoId}?deviceId=${c.fx.dA.id}`)).status;
      }
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const r = await send(b, 'DELETE', `/api/photos/${c.fx.gA.id}?deviceId=${deviceId}`);
      const still = await send(c.as('guest'), 'GET', `/api/devices/${c.fx.dA.id}/photos`);
      expect(
        still.body.photos.map((p: any) => p.id),
        `${a} did not delete it`,
      ).toContain(c.fx.gA.id);
      return r.status;
    },
  },
  // the guestbook (issue 23): guests by their device cookie, the host by session, as photos
  {
    key: 'POST /api/events/:code/guestbook',
    expect: E(403, 201, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      // the actor's own device if it has one (otherGuest's belongs to B), else the guest's without its cookie
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const r = await send(c.as(a), 'POST', `/api/events/${c.fx.A.code}/guestbook`, {
        deviceId,
        text: `A message from ${a}`,
      });
      if (a === 'otherGuest') expect(r.body.code).toBe('device_mismatch');
      else if (a === 'suspended') expect(r.body.code).toBe('account_suspended');
      else if (a !== 'guest') expect(r.body.code, a).toBe('device_not_yours');
      else expect(r.body.status).toBe('pending');
      return r.status;
    },
  },
  // reveal reminders (ADR 035): a device's own, proven by its cookie, as a guestbook message
  ...(['POST', 'GET', 'DELETE'] as const).map((method): Row => ({
    key: `${method} /api/events/:code/reminders`,
    expect: E(403, method === 'POST' ? 201 : 200, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const path = `/api/events/${c.fx.A.code}/reminders`;
      const r =
        method === 'POST'
          ? await send(c.as(a), 'POST', path, { deviceId, email: `reminder-${a}@example.test` })
          : await send(c.as(a), method, `${path}?deviceId=${deviceId}`);
      if (a === 'otherGuest') expect(r.body.code).toBe('device_mismatch');
      else if (a === 'suspended') expect(r.body.code).toBe('account_suspended');
      else if (a !== 'guest') expect(r.body.code, a).toBe('device_not_yours');
      else expect(r.body.email).toBe(method === 'DELETE' ? null : 'reminder-guest@example.test');
      return r.status;
    },
  })),
  // Find Me (ADR 036): a device's own search in its own event, proven by its cookie; A is not revealed
  ...(['POST', 'DELETE'] as const).map((method): Row => ({
    key: `${method} /api/events/:code/find-me`,
    expect: E(403, 200, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const fd = new FormData();
      fd.append('deviceId', deviceId);
      fd.append('consent', 'true');
      fd.append('selfie', new Blob([new Uint8Array(await selfie())], { type: 'image/jpeg' }), 's.jpg');
      const res = await c.as(a).fetch(`/api/events/${c.fx.A.code}/find-me`, {
        method,
        body: fd,
        headers: { origin: c.app.base },
      });
      const body = await res.json();
      if (a === 'otherGuest') expect(body.code).toBe('device_mismatch');
      else if (a === 'suspended') expect(body.code).toBe('account_suspended');
      else if (a !== 'guest') expect(body.code, a).toBe('device_not_yours');
      else
        expect(body, 'nothing before the reveal').toMatchObject(
          method === 'POST' ? { photos: [] } : { removed: 0 },
        );
      return res.status;
    },
  })),
  {
    key: 'GET /api/push/key',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', '/api/push/key');
      if (r.status === 200) expect(r.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      return r.status;
    },
  },
  {
    key: 'GET /api/events/:code/guestbook',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/api/events/${c.fx.A.code}/guestbook`);
      if (r.status !== 200) return r.status;
      const ids = r.body.entries.map((x: any) => x.id);
      if (isHostRole(a)) {
        expect(ids).toEqual(expect.arrayContaining([c.fx.bA, c.fx.bM, c.fx.bG]));
        expect(r.body.entries.every((x: any) => typeof x.status === 'string')).toBe(true);
      } else expect(ids, `${a} sees nothing before the reveal`).toEqual([]);
      // a guest sees their own with where it stands; nobody else's
      const mine = (r.body.mine ?? []).map((x: any) => x.id);
      if (a === 'guest') expect(mine).toContain(c.fx.bG);
      expect(mine).not.toContain(c.fx.bA);
      // R is revealed: its approved entry is everyone's to read, without its status unless host
      const inR = await send(c.as(a), 'GET', `/api/events/${c.fx.R.code}/guestbook`);
      const seen = inR.body.entries.find((x: any) => x.id === c.fx.bR);
      expect(seen, `${a} reads R's entry`).toBeDefined();
      expect(seen.status !== undefined, `${a}: status`).toBe(isHostRole(a));
      return r.status;
    },
  },
  ...(['approve', 'reject'] as const).map((action): Row => ({
    key: `POST /api/guestbook/:id/${action}`,
    expect: E(401, 401, 401, 200, 403, 403, 200),
    run: async (c, a) => (await send(c.as(a), 'POST', `/api/guestbook/${c.fx.bM}/${action}`)).status,
  })),
  {
    key: 'POST /api/guestbook/:id/report',
    // a device of the entry's event (its cookie) reports what guests see; a device elsewhere finds nothing
    expect: E(403, 200, 404, 403, 403, 403, 403),
    run: async (c, a) => {
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dR.id;
      return (await send(c.as(a), 'POST', `/api/guestbook/${c.fx.bR}/report`, { deviceId, reason: 'other' }))
        .status;
    },
  },
  {
    key: 'DELETE /api/guestbook/:id',
    expect: E(403, 204, 404, 403, 403, 403, 403),
    run: async (c, a) => {
      const b = c.as(a);
      if (a === 'guest') {
        // a fresh message of the guest's own, so the fixture's stays
        const made = await send(b, 'POST', `/api/events/${c.fx.A.code}/guestbook`, {
          deviceId: c.fx.dA.id,
          text: 'Taken back',
        });
        expect(made.status).toBe(201);
        return (await send(b, 'DELETE', `/api/guestbook/${made.body.id}?deviceId=${c.fx.dA.id}`)).status;
      }
      const deviceId = a === 'otherGuest' ? c.fx.dB.id : c.fx.dA.id;
      const r = await send(b, 'DELETE', `/api/guestbook/${c.fx.bG}?deviceId=${deviceId}`);
      const still = await send(c.as('host'), 'GET', `/api/events/${c.fx.A.code}/guestbook`);
      expect(
        still.body.entries.map((x: any) => x.id),
        `${a} did not delete it`,
      ).toContain(c.fx.bG);
      return r.status;
    },
  },
  {
    key: 'POST /api/admin/users/:userId/suspend',
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'POST', `/api/admin/users/${c.fx.victimId}/suspend`, {
        reason: 'Admin action',
      });
      if (r.status === 200) expect(r.body).toMatchObject({ id: c.fx.victimId, isSuspended: true });
      else expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      return r.status;
    },
  },
  {
    key: 'POST /api/admin/users/:userId/unsuspend',
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'POST', `/api/admin/users/${c.fx.victimId}/unsuspend`);
      if (r.status === 200) expect(r.body).toMatchObject({ id: c.fx.victimId, isSuspended: false });
      else expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      return r.status;
    },
  },
  {
    key: 'DELETE /api/admin/events/:eventId',
    expect: E(401, 401, 401, 403, 403, 403, 204),
    run: async (c, a) => {
      const doomed = await send(c.hostB, 'POST', '/api/events', eventBody({ name: 'Throwaway' }));
      expect(doomed.status).toBe(201);
      const r = await send(c.as(a), 'DELETE', `/api/admin/events/${doomed.body.id}`, {
        reason: 'Admin deletion',
      });
      const after = await send(c.as('anonymous'), 'GET', `/api/events/${doomed.body.id}`);
      expect(after.status, `event after ${a}'s delete`).toBe(a === 'admin' ? 404 : 200);
      return r.status;
    },
  },
  // The back office's reads (ADR 028): admins only; everyone else is refused with problem+json.
  ...(
    [
      ['GET /api/admin/stats', '/api/admin/stats', (b: any) => expect(b.totalPhotos).toBeGreaterThan(0)],
      [
        'GET /api/admin/users',
        '/api/admin/users?filter=all&search=matrix',
        (b: any) => expect(b.items.length).toBeGreaterThan(0),
      ],
      [
        'GET /api/admin/events',
        '/api/admin/events?filter=all',
        (b: any) => expect(b.items.length).toBeGreaterThan(0),
      ],
      [
        'GET /api/admin/photos',
        '/api/admin/photos?filter=all',
        (b: any) => expect(b.items.length).toBeGreaterThan(0),
      ],
      [
        'GET /api/admin/guestbook',
        '/api/admin/guestbook?filter=all&search=moderated',
        (b: any) => expect(b.items.some((x: any) => x.text === 'To be moderated' && x.eventCode)).toBe(true),
      ],
      [
        'GET /api/admin/activity',
        '/api/admin/activity',
        (b: any) => expect(Array.isArray(b.items)).toBe(true),
      ],
      ['GET /api/admin/mail', '/api/admin/mail', (b: any) => expect(Array.isArray(b.messages)).toBe(true)],
      [
        'GET /api/admin/settings',
        '/api/admin/settings',
        (b: any) => expect(b.settings.length).toBeGreaterThan(10),
      ],
    ] as const
  ).map(([key, path, check]): Row => ({
    key,
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', path);
      if (r.status === 200) check(r.body);
      else expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      return r.status;
    },
  })),
  {
    key: 'GET /api/admin/export/:kind',
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      const r = await c.as(a).fetch('/api/admin/export/users');
      const text = await r.text();
      if (r.status === 200) {
        expect(r.headers.get('content-type')).toContain('text/csv');
        expect(text).toContain('matrix-host@example.test');
      } else expect(r.headers.get('content-type')).toContain('application/problem+json');
      return r.status;
    },
  },
  {
    key: 'POST /api/admin/photos/:photoId/moderate',
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      // flagging adds a flag and changes no status anyone sees
      const r = await send(c.as(a), 'POST', `/api/admin/photos/${c.fx.pM.id}/moderate`, {
        action: 'flag',
        reason: 'Needs review',
      });
      if (r.status === 200) expect(r.body.flagCount).toBeGreaterThan(0);
      else expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      return r.status;
    },
  },
  {
    // deleting is the weightiest decision: a fresh message of the owner's per actor, gone only for the admin
    key: 'POST /api/admin/guestbook/:id/moderate',
    expect: E(401, 401, 401, 403, 403, 403, 200),
    run: async (c, a) => {
      const made = await send(c.owner, 'POST', `/api/events/${c.fx.A.code}/guestbook`, {
        deviceId: c.fx.oA.id,
        text: `For ${a} to delete`,
      });
      expect(made.status).toBe(201);
      const r = await send(c.as(a), 'POST', `/api/admin/guestbook/${made.body.id}/moderate`, {
        action: 'delete',
      });
      if (r.status === 200) expect(r.body).toMatchObject({ id: made.body.id, deleted: true });
      else expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      const still = await send(c.as('host'), 'GET', `/api/events/${c.fx.A.code}/guestbook`);
      expect(
        still.body.entries.map((x: any) => x.id).includes(made.body.id),
        `the message after ${a}'s delete`,
      ).toBe(a !== 'admin');
      return r.status;
    },
  },
  // The WebSocket: anyone may watch an event, but only its host (and admins) hear host-only news.
  {
    key: `WS ${WS_PATH} join`,
    expect: E('guest', 'guest', 'guest', 'host', 'guest', 403, 'host'),
    ...wsRow('A'),
  },
  {
    key: `WS ${WS_PATH} join (revealed event)`,
    expect: E('guest', 'guest', 'guest', 'host', 'guest', 403, 'host'),
    ...wsRow('R'),
  },
  // The public gallery and share links (ADR 022): A is not public, so nobody is shown anything of it,
  // not even its host (these answers never depend on who asks); a suspended account is refused /api.
  ...['GET /api/public/events/:slug', 'GET /api/public/events/:slug/photos'].map((key): Row => ({
    key,
    expect: E(404, 404, 404, 404, 404, 403, 404),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', key.slice(4).replace(':slug', c.fx.A.slug));
      if (r.status === 404) expect(r.body.code).toBe('gallery_not_found');
      return r.status;
    },
  })),
  {
    key: 'GET /share/event/:slug',
    expect: E(404, 404, 404, 404, 404, 404, 404),
    run: async (c, a) => {
      const r = await send(c.as(a), 'GET', `/share/event/${c.fx.A.slug}`);
      expect(r.res.headers.get('content-type')).toContain('text/html');
      return r.status;
    },
  },
  // R is revealed and pR visible to anyone with the code, but R is not public
  ...['GET /share/photo/:id', 'GET /share/photo/:id/image.jpg', 'GET /share/photo/:id/video.mp4'].map(
    (key): Row => ({
      key,
      expect: E(404, 404, 404, 404, 404, 404, 404),
      run: async (c, a) => (await send(c.as(a), 'GET', key.slice(4).replace(':id', c.fx.pR.id))).status,
    }),
  ),
  {
    key: 'GET /share/open.js',
    expect: E(200, 200, 200, 200, 200, 200, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', '/share/open.js')).status,
  },
  // an e-mail's unsubscribe link (ADR 035): its sealed token is the proof, not a session; a forged one
  // unsubscribes nobody, whoever sends it
  {
    key: 'GET /mail/unsubscribe',
    expect: E(200, 200, 200, 200, 200, 200, 200),
    run: async (c, a) => (await send(c.as(a), 'GET', '/mail/unsubscribe?t=forged.token')).status,
  },
  {
    key: 'POST /mail/unsubscribe',
    expect: E(400, 400, 400, 400, 400, 400, 400),
    run: async (c, a) => (await send(c.as(a), 'POST', '/mail/unsubscribe?t=forged.token')).status,
  },
  // Signed image URLs: fetched with the URL the actor is given, or the bare path when given none.
  {
    key: 'GET /uploads/*key (display, before the reveal)',
    expect: E(403, 403, 403, 200, 403, 403, 200),
    run: async (c, a) => fetchImage(c, a, c.fx.A, c.fx.pA, 'displayUrl'),
  },
  {
    key: 'GET /uploads/*key (original, before the reveal)',
    expect: E(403, 403, 403, 200, 403, 403, 200),
    run: async (c, a) => fetchImage(c, a, c.fx.A, c.fx.pA, 'originalUrl'),
  },
  {
    key: 'GET /uploads/*key (display, after the reveal)',
    expect: E(200, 200, 200, 200, 200, 403, 200),
    run: async (c, a) => fetchImage(c, a, c.fx.R, c.fx.pR, 'displayUrl'),
  },
  {
    key: 'GET /uploads/*key (original, after the reveal)',
    expect: E(403, 403, 403, 200, 403, 403, 200),
    run: async (c, a) => fetchImage(c, a, c.fx.R, c.fx.pR, 'originalUrl'),
  },
  {
    key: 'GET /uploads/*key (tampered signature)',
    expect: E(403, 403, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      const u = new URL(c.fx.pR.displayUrl, c.app.base);
      const sig = u.searchParams.get('sig')!;
      u.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
      return (await c.as(a).fetch(u.pathname + u.search)).status;
    },
  },
  {
    key: 'GET /uploads/*key (expired signature)',
    expect: E(403, 403, 403, 403, 403, 403, 403),
    run: async (c, a) => {
      // a genuine signature whose time is up
      const url = c.app.ctx.signer.sign(keyOf(c.fx.pR.displayUrl), 60, Date.now() - 120_000);
      return (await c.as(a).fetch(url)).status;
    },
  },
];

/**
 * Each actor opens /ws and joins the event; then a guest shoots and the host approves. Host sockets
 * must hear photo_uploaded, photo_moderated and photo_approved; guest sockets only photo_approved,
 * and only when guests may see the photo (R, revealed), never for A.
 */
function wsRow(which: 'A' | 'R'): Pick<Row, 'run' | 'after'> {
  const sockets = new Map<Actor, Awaited<ReturnType<typeof openSocket>>>();
  return {
    async run(c, a) {
      const e = c.fx[which];
      let s;
      try {
        s = await openSocket(c.app.base, c.as(a).cookieHeader());
      } catch (err) {
        const m = String(err).match(/\b([45]\d\d)\b/);
        if (m) return Number(m[1]);
        throw err;
      }
      s.ws.send(JSON.stringify({ type: 'join', eventId: e.id }));
      const joined = await s.next((m) => m.type === 'joined' || m.type === 'error');
      expect(joined.type, `${a} joined`).toBe('joined');
      sockets.set(a, s);
      return joined.role;
    },
    async after(c, observed) {
      try {
        const e = c.fx[which];
        const device = which === 'A' ? c.fx.oA : c.fx.oR;
        const up = await c.owner.upload(e.code, { deviceId: device.id }, await makeJpeg(64, 48));
        expect(up.status).toBe(201);
        const photoId = up.body.photoId;
        const hosts = [...sockets].filter(([a]) => observed[a] === 'host');
        const guests = [...sockets].filter(([a]) => observed[a] === 'guest');
        expect(hosts.length).toBeGreaterThan(0);
        expect(guests.length).toBeGreaterThan(0);
        for (const [, s] of hosts) await s.next((m) => m.type === 'photo_uploaded' && m.photoId === photoId);
        expect((await send(c.hostB, 'POST', `/api/photos/${photoId}/approve`)).status).toBe(200);
        for (const [, s] of hosts) {
          await s.next((m) => m.type === 'photo_moderated' && m.photoId === photoId);
          await s.next((m) => m.type === 'photo_approved' && m.photoId === photoId);
        }
        if (which === 'R')
          for (const [, s] of guests)
            await s.next((m) => m.type === 'photo_approved' && m.photoId === photoId);
        await new Promise((r) => setTimeout(r, 400));
        for (const [a, s] of guests) {
          const heard = s.messages.filter((m) => m.type !== 'joined').map((m) => m.type);
          expect(heard, `${a} on ${which}`).toEqual(which === 'R' ? ['photo_approved'] : []);
        }
        // an event that does not exist cannot be watched
        const [, any] = guests[0]!;
        any.ws.send(JSON.stringify({ type: 'join', eventId: randomUUID() }));
        expect((await any.next((m) => m.type === 'error')).message).toBe('Event not found');
      } finally {
        for (const s of sockets.values()) s.ws.close();
        sockets.clear();
      }
    },
  };
}

describe('the authorization matrix', () => {
  it('has a row for every /api route in API_ROUTES, and rows only for routes that exist', () => {
    const apiKeys = API_ROUTES.filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);
    const keys = ROWS.map((r) => r.key);
    expect(new Set(keys).size, 'duplicate rows').toBe(keys.length);
    expect(
      apiKeys.filter((k) => !keys.includes(k)),
      'routes without a row',
    ).toEqual([]);
    const pageKeys = PAGE_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(
      pageKeys.filter((k) => !keys.includes(k)),
      'pages without a row',
    ).toEqual([]);
    const extra = keys.filter((k) => !apiKeys.includes(k) && !pageKeys.includes(k));
    expect(
      extra.filter((k) => !k.startsWith(`WS ${WS_PATH} `) && !k.startsWith('GET /uploads/*key ')),
      'rows for routes that do not exist',
    ).toEqual([]);
    for (const r of ROWS) expect(Object.keys(r.expect).sort(), r.key).toEqual([...ACTORS].sort());
    console.log(
      `authorization matrix: ${ROWS.length} routes × ${ACTORS.length} actors = ${
        ROWS.length * ACTORS.length
      } checks (${apiKeys.length} /api routes, ${extra.filter((k) => k.startsWith('WS')).length} WebSocket joins, ${
        extra.filter((k) => k.startsWith('GET /uploads')).length
      } signed-URL cases)`,
    );
  });

  describe.each(PROFILES)('$name', ({ infra: useInfra }) => {
    let infra: Infra | null = null;
    let app: TestApp;
    const browsers = new Map<Actor, Browser>();
    const accounts: Partial<Record<Actor, string>> = {
      host: 'matrix-host@example.test',
      otherHost: 'matrix-other@example.test',
      suspended: 'matrix-suspended@example.test',
      admin: 'admin@example.test',
    };
    const PASSWORD = 'matrix password 1';
    let c: Ctx;
    let victim: Browser;

    beforeAll(async () => {
      infra = useInfra ? await provisionInfra() : null;
      // Rate limits are not what this test is about; the fixture signs in more often than they allow.
      app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
      // its hosts hold several events (events per plan: event-limit.test.ts)
      await liftEventLimit(app);
      for (const a of ACTORS) browsers.set(a, new Browser(app.base));
      for (const [a, email] of Object.entries(accounts)) {
        await loginThroughIdp(browsers.get(a as Actor)!, email, PASSWORD);
        // buying a plan needs a confirmed address (ADR 035)
        await confirmEmail(browsers.get(a as Actor)!, email, app);
      }
      victim = new Browser(app.base);
      await loginThroughIdp(victim, 'matrix-victim@example.test', PASSWORD);
      const b = (a: Actor) => browsers.get(a)!;
      const owner = new Browser(app.base);

      const create = async (who: Browser, over: Record<string, unknown> = {}) => {
        const r = await send(who, 'POST', '/api/events', eventBody(over));
        expect(r.status).toBe(201);
        return r.body;
      };
      const join = async (who: Browser, e: any) => {
        const r = await send(who, 'POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() });
        expect(r.status).toBe(201);
        return r.body;
      };
      const shoot = async (who: Browser, e: any, d: any) => {
        const up = await who.upload(e.code, { deviceId: d.id }, await makeJpeg(320, 240));
        expect(up.status).toBe(201);
        return up.body.photoId as string;
      };
      // clips on every plan here, so A takes them (which plans have clips: clips.test.ts)
      // and Find Me (ADR 036), so A has it on (which plans have it: find-me.test.ts)
      await app.ctx.database.db.execute(sql`update billing.plans set max_clip_seconds = 10, find_me = true`);
      const A = await create(b('host'), { allowClips: true, findMe: true });
      const R = await create(b('host'), {
        startsAt: isoIn(-60_000),
        revealMode: 'live',
        revealAt: isoIn(-30_000),
      });
      const B = await create(b('otherHost'));
      const [oA, oR, dA, dR, dB] = [
        await join(owner, A),
        await join(owner, R),
        await join(b('guest'), A),
        await join(b('guest'), R),
        await join(b('otherGuest'), B),
      ];
      const ids = {
        pA: await shoot(owner, A, oA),
        pM: await shoot(owner, A, oA),
        gA: await shoot(b('guest'), A, dA),
        pR: await shoot(owner, R, oR),
      };
      // the host's view of each photo, once its renditions exist
      const hostView = async (e: any, id: string) =>
        waitFor(async () => {
          const r = await send(b('host'), 'GET', `/api/events/${e.code}/photos`);
          const p = r.body.photos.find((x: any) => x.id === id);
          return p?.processed ? p : null;
        }, 30_000);
      const note = async (who: Browser, e: any, d: any, text: string) => {
        const r = await send(who, 'POST', `/api/events/${e.code}/guestbook`, { deviceId: d.id, text });
        expect(r.status).toBe(201);
        return r.body.id as string;
      };
      const fx: Fixture = {
        A,
        R,
        B,
        dA,
        dR,
        dB,
        oA,
        oR,
        pA: await hostView(A, ids.pA),
        pM: await hostView(A, ids.pM),
        gA: await hostView(A, ids.gA),
        pR: await hostView(R, ids.pR),
        hostId: A.hostId,
        victimId: (await send(victim, 'GET', '/api/auth/user')).body.id,
        uA: uploadIdOf(await startClip(b('guest'), A.code, dA.id)),
        bA: await note(owner, A, oA, 'For the hosts of A'),
        bM: await note(owner, A, oA, 'To be moderated'),
        bG: await note(b('guest'), A, dA, 'The guest’s own'),
        bR: await note(owner, R, oR, 'For the hosts of R'),
      };
      expect((await send(b('host'), 'POST', `/api/guestbook/${fx.bR}/approve`)).status).toBe(200);
      expect((await send(b('host'), 'POST', `/api/photos/${fx.pA.id}/approve`)).status).toBe(200);
      expect((await send(b('host'), 'POST', `/api/photos/${fx.pR.id}/approve`)).status).toBe(200);
      const suspendedId = (await send(b('suspended'), 'GET', '/api/auth/user')).body.id;
      const s = await send(b('admin'), 'POST', `/api/admin/users/${suspendedId}/suspend`, {
        reason: 'Admin action',
      });
      expect(s.status).toBe(200);

      c = {
        app,
        fx,
        owner,
        hostB: b('host'),
        as(a) {
          const copy = new Browser(app.base);
          for (const [k, v] of browsers.get(a)!.cookies) copy.cookies.set(k, v);
          return copy;
        },
        async freshSession(a) {
          const copy = new Browser(app.base);
          const email = accounts[a];
          if (!email) {
            for (const [k, v] of browsers.get(a)!.cookies) copy.cookies.set(k, v);
            return copy;
          }
          await loginThroughIdp(copy, email, PASSWORD, 'signin');
          expect(copy.cookies.has('ag_session')).toBe(true);
          return copy;
        },
      };
    }, 180_000);

    afterAll(async () => {
      await app?.close();
      await infra?.teardown();
    });

    it.each(ROWS.map((r) => [r.key, r] as const))(
      '%s',
      async (_key, row) => {
        const observed = {} as Record<Actor, Observed>;
        const wrong: string[] = [];
        for (const a of ACTORS) {
          const got = await row.run(c, a);
          observed[a] = got;
          const want = row.expect[a];
          const ok = Array.isArray(want) ? want.includes(got as number) : want === got;
          if (!ok) wrong.push(`${a}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
        }
        await row.after?.(c, observed);
        expect(wrong, row.key).toEqual([]);
      },
      60_000,
    );

    it('suspends with a reason and reinstates: the account is refused, then welcome again', async () => {
      const admin = c.as('admin');
      const id = c.fx.victimId;
      const path = (what: string, who = id) => `/api/admin/users/${who}/${what}`;
      const noReason = await send(admin, 'POST', path('suspend'), {});
      expect(noReason.status).toBe(400);
      expect(noReason.res.headers.get('content-type')).toContain('application/problem+json');
      expect(noReason.body.errors[0].message).toBe('A reason is required');
      expect((await send(admin, 'POST', path('suspend', 'nope'), { reason: 'x' })).status).toBe(400);
      expect((await send(admin, 'POST', path('suspend', randomUUID()), { reason: 'x' })).status).toBe(404);
      expect((await send(admin, 'POST', path('unsuspend', randomUUID()))).status).toBe(404);
      const me = (await send(admin, 'GET', '/api/auth/user')).body.id;
      const self = await send(admin, 'POST', path('suspend', me), { reason: 'x' });
      expect(self.status).toBe(409);
      expect((await send(admin, 'GET', '/api/auth/user')).status).toBe(200);

      expect((await send(victim, 'GET', '/api/auth/user')).status).toBe(200);
      expect((await send(admin, 'POST', path('suspend'), { reason: 'Admin action' })).status).toBe(200);
      const refused = await send(victim, 'GET', '/api/auth/user');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('account_suspended');
      expect((await send(victim, 'POST', '/api/events', eventBody())).status).toBe(403);
      await expect(openSocket(app.base, victim.cookieHeader())).rejects.toThrow(/403/);
      expect((await send(admin, 'POST', path('unsuspend'))).status).toBe(200);
      expect((await send(victim, 'GET', '/api/auth/user')).status).toBe(200);
      expect((await send(victim, 'POST', '/api/events', eventBody())).status).toBe(201);
    });
  });
});
