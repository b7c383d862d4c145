import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoProcessed, thumbnailMade } from '@afterglow/contracts';
import type { Subscription } from '@afterglow/bus';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  liftEventLimit,
  loginThroughIdp,
  makeJpeg,
  openSocket,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * The thumbnail first (issue 26): the media worker stores a photo's thumbnail and announces it
 * (`photo.thumbnail.made`) before its display rendition, so the host's moderation and the guest's Your
 * Shots show the photo while it still develops; nobody else sees it before `photo.processed` follows.
 * Here the display's storing is held back until the test lets it go, so the window between the two
 * facts is as long as the test needs.
 */
describe.each(PROFILES)('the thumbnail before the display ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let guest: Browser;
  let other: Browser;
  let screen: Browser;
  let facts: { subject: string; photoId: string }[];
  let watching: Subscription[];
  let release: () => void = () => {};
  let held: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ RATE_LIMIT_SCALE: '0', ...(infra?.env ?? {}) });
    await liftEventLimit(app);
    host = new Browser(app.base);
    guest = new Browser(app.base);
    other = new Browser(app.base);
    screen = new Browser(app.base);
    await loginThroughIdp(host, 'thumb-first@example.test', 'thumbnails come first');
    // the display rendition is stored only once the test lets it go
    const store = app.ctx.store;
    const put = store.put.bind(store);
    store.put = async (key, ...rest) => {
      if (key.endsWith('/display.jpg')) await held;
      return put(key, ...rest);
    };
    facts = [];
    watching = await Promise.all(
      [thumbnailMade.subject, photoProcessed.subject].map((subject) =>
        app.ctx.bus.subscribe(subject, (msg) => {
          facts.push({ subject, photoId: (msg.data as { photoId: string }).photoId });
        }),
      ),
    );
  });
  afterAll(async () => {
    release();
    for (const s of watching ?? []) await s.stop();
    await app?.close();
    await infra?.teardown();
  });

  it('lists the thumbnail for the host and the guest who took it, and for nobody else, until it is developed', async () => {
    held = new Promise((done) => (release = done));
    const e = (await host.json('POST', '/api/events', eventBody({ revealMode: 'live' }))).body;
    expect(e.liveMode).toBe(true);
    const join = async (b: Browser) => {
      const d = await b.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() });
      expect(d.status).toBe(201);
      return d.body.id as string;
    };
    const deviceId = await join(guest);
    await join(other);
    const hostWs = await openSocket(app.base, host.cookieHeader());
    hostWs.ws.send(JSON.stringify({ type: 'join', eventId: e.id }));
    expect((await hostWs.next((m) => m.type === 'joined')).role).toBe('host');

    const up = await guest.upload(e.code, { deviceId }, await makeJpeg(1200, 900));
    expect(up.status).toBe(201);
    const id = up.body.photoId as string;

    // the host's moderation queue shows its thumbnail while it develops, and the host is told
    const pending = await waitFor(async () => {
      const r = await host.json('GET', `/api/photos/pending/${e.id}`);
      return (r.body as any[]).find((p) => p.id === id && p.thumbUrl);
    }, 30_000);
    expect(pending).toMatchObject({ processed: false, displayUrl: null });
    await hostWs.next((m) => m.type === 'photo_uploaded' && m.photoId === id && m.developing === true);
    const forHost = (await host.json('GET', `/api/events/${e.code}/photos`)).body.photos;
    expect(forHost.find((p: any) => p.id === id)).toMatchObject({
      processed: false,
      thumbUrl: expect.any(String),
    });
    // the guest who took it: Your Shots has it, still developing
    const mine = (await guest.json('GET', `/api/devices/${deviceId}/photos`)).body.photos;
    const shot = mine.find((p: any) => p.id === id);
    expect(shot).toMatchObject({ processed: false, displayUrl: null, thumbUrl: expect.any(String) });
    const thumb = await guest.fetch(shot.thumbUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toContain('image/webp');
    expect(facts.filter((f) => f.photoId === id).map((f) => f.subject)).toEqual([thumbnailMade.subject]);

    // approved while it develops, in live mode: still nobody else sees it, nor any screen
    expect((await host.json('POST', `/api/photos/${id}/approve`)).status).toBe(200);
    const nobodyElse = async () => {
      const ids = (photos: { id: string }[]) => photos.map((p) => p.id);
      expect(ids((await other.json('GET', `/api/events/${e.code}/photos`)).body.photos)).not.toContain(id);
      expect(ids((await screen.json('GET', `/api/photos/approved/${e.id}`)).body)).not.toContain(id);
      const next = await screen.json('POST', `/api/events/${e.code}/screens/next`, {
        screenId: 'thumbnail-first-0001',
        showing: [],
      });
      expect(next.status).toBe(200);
      expect(next.body.photo?.id).not.toBe(id);
    };
    await nobodyElse();

    // the display is stored: photo.processed follows, and the photo is developed for everyone
    release();
    const developed = await waitFor(async () => {
      const r = await other.json('GET', `/api/events/${e.code}/photos`);
      return r.body.photos.find((p: any) => p.id === id);
    }, 30_000);
    expect(developed).toMatchObject({ processed: true, displayUrl: expect.any(String) });
    expect(developed.thumbUrl).toEqual(expect.any(String));
    await waitFor(async () => facts.some((f) => f.photoId === id && f.subject === photoProcessed.subject));
    expect(facts.filter((f) => f.photoId === id).map((f) => f.subject)).toEqual([
      thumbnailMade.subject,
      photoProcessed.subject,
    ]);
    hostWs.ws.close();
  });
});
