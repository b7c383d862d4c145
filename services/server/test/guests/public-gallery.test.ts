import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
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
 * The public gallery and share links (ADR 022) over HTTP, as a visitor with no code and a chat app's
 * scraper meet them: 404 for private and unknown galleries alike, nothing before the reveal, live mode,
 * only approved developed photos, paging, no private field, share pages' tags and escaping.
 */
const PUBLIC_EVENT_KEYS = [
  'accentColor',
  'backgroundGradient',
  'code',
  'colorMood',
  'description',
  'language',
  'liveMode',
  'name',
  'participantCount',
  'photoCount',
  'primaryColor',
  'revealAt',
  'revealed',
  'slug',
  'timezone',
];
const PUBLIC_PHOTO_KEYS = [
  'caption',
  'createdAt',
  'device',
  'deviceDisplayName',
  'displayUrl',
  'height',
  'id',
  'thumbUrl',
  'width',
];
/** The content of a meta tag, unescaped as a scraper reads it. */
function tag(html: string, key: string): string | null {
  const m = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`));
  if (!m) return null;
  return m[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
const HOSTILE_NAME = `<script>alert("x")</script> & 'Ann's' "party"`;

describe.each(PROFILES)('public gallery and share links ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let host: Browser;
  let visitor: Browser;
  /** R: revealed (reveal passed, live off), public; L: live mode, no reveal time, public */
  let R: any;
  let L: any;
  const ids = { approved: [] as string[], pending: '', rejected: '', live: '', livePending: '' };
  const anonIds: string[] = [];
  const deviceIds: string[] = [];

  const api = (b: Browser, path: string) => b.json('GET', path);
  const page = async (path: string) => {
    const res = await visitor.fetch(path);
    return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text(), res };
  };

  async function shoot(e: any, guest: Browser, displayName: string | null, n: number) {
    const anonId = randomUUID();
    anonIds.push(anonId);
    const d = await guest.json('POST', `/api/events/${e.code}/devices`, { anonId, displayName });
    expect(d.status).toBe(201);
    deviceIds.push(d.body.id);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const up = await guest.upload(e.code, { deviceId: d.body.id }, await makeJpeg(640, 480));
      expect(up.status).toBe(201);
      out.push(up.body.photoId);
    }
    return out;
  }
  const moderate = async (id: string, action: 'approve' | 'reject') =>
    expect((await host.json('POST', `/api/photos/${id}/${action}`)).status).toBe(200);
  const developed = (e: any, n: number) =>
    waitFor(async () => {
      const r = await api(host, `/api/events/${e.code}/photos`);
      return r.body.photos.length === n && r.body.photos.every((p: any) => p.processed);
    }, 30_000);
  const share = (e: any, body: Record<string, unknown>) =>
    host.json('PUT', `/api/events/${e.id}/sharing`, body).then((r) => expect(r.status).toBe(200));

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    // its hosts hold several events (events per plan: event-limit.test.ts)
    await liftEventLimit(app);
    host = new Browser(app.base);
    visitor = new Browser(app.base);
    await loginThroughIdp(host, 'public-host@example.test', 'public gallery pass');
    // a public gallery needs a plan with one (support comps Event Pro before the plan is first asked)
    await waitFor(() =>
      setPlanByEmail(app.ctx.database.db, 'public-host@example.test', 'pro').then(
        (n) => n === 1 || undefined,
      ),
    );
    const created = async (over: Record<string, unknown>) => {
      const r = await host.json('POST', '/api/events', eventBody(over));
      expect(r.status).toBe(201);
      return r.body;
    };
    R = await created({
      name: HOSTILE_NAME,
      startsAt: isoIn(-60_000),
      revealMode: 'live',
      revealAt: isoIn(-30_000),
    });
    L = await created({ name: 'Live Launch', startsAt: isoIn(-60_000), revealMode: 'live' });
    const [dee, anon] = [new Browser(app.base), new Browser(app.base)];
    const deePhotos = await shoot(R, dee, 'Dee', 3);
    const anonPhotos = await shoot(R, anon, null, 2);
    const livePhotos = await shoot(L, new Browser(app.base), 'Lou', 2);
    await developed(R, 5);
    await developed(L, 2);
    for (const id of [deePhotos[0]!, deePhotos[1]!, anonPhotos[0]!]) await moderate(id, 'approve');
    await moderate(deePhotos[2]!, 'reject');
    ids.approved = [deePhotos[0]!, deePhotos[1]!, anonPhotos[0]!];
    ids.rejected = deePhotos[2]!;
    ids.pending = anonPhotos[1]!;
    await moderate(livePhotos[0]!, 'approve');
    ids.live = livePhotos[0]!;
    ids.livePending = livePhotos[1]!;
    // R revealed, live off; L live with no reveal time
    expect((await host.json('POST', `/api/events/${R.id}/live-mode`, { enabled: false })).status).toBe(200);
    await share(R, { isPublic: true, shareDescription: 'Our <b>best</b> night' });
    await share(L, { isPublic: true });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('answers 404 problem+json, the same, for an unknown gallery and a private one', async () => {
    const P = await host.json('POST', '/api/events', eventBody({ name: 'Private Party' }));
    for (const path of [
      `/api/public/events/${P.body.slug}`,
      `/api/public/events/${P.body.slug}/photos`,
      '/api/public/events/no-such-gallery-abcdef',
      '/api/public/events/no-such-gallery-abcdef/photos',
    ]) {
      const r = await api(visitor, path);
      expect(r.status, path).toBe(404);
      expect(r.res.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body).toMatchObject({
        status: 404,
        code: 'gallery_not_found',
        detail: "This gallery doesn't exist or is not public.",
      });
    }
  });

  it('shows a revealed public gallery: its event, counts of approved photos and of their guests', async () => {
    const r = await api(visitor, `/api/public/events/${R.slug}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(PUBLIC_EVENT_KEYS);
    expect(r.body).toMatchObject({
      slug: R.slug,
      name: HOSTILE_NAME,
      description: 'Our <b>best</b> night',
      code: R.code,
      timezone: 'Europe/Berlin',
      language: 'en',
      revealed: true,
      liveMode: false,
      photoCount: 3,
      participantCount: 2,
      colorMood: 'vintage',
    });
  });

  it('pages only approved, developed photos, newest first, with nothing private', async () => {
    const first = await api(visitor, `/api/public/events/${R.slug}/photos?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.revealed).toBe(true);
    expect(first.body.photos).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api(
      visitor,
      `/api/public/events/${R.slug}/photos?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.photos).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const photos = [...first.body.photos, ...second.body.photos];
    expect(photos.map((p: any) => p.id).sort()).toEqual([...ids.approved].sort());
    for (const p of photos) {
      expect(Object.keys(p).sort()).toEqual(PUBLIC_PHOTO_KEYS);
      expect(p.device.anonId, JSON.stringify(p)).toHaveLength(4);
      expect(p.thumbUrl).toMatch(/^\/uploads\/.+\?exp=\d+&sig=/);
    }
    expect(photos.filter((p: any) => p.device.displayName === 'Dee')).toHaveLength(2);
    const image = await visitor.fetch(photos[0].displayUrl);
    expect([200, 302]).toContain(image.status);
    // nothing private anywhere in either answer (the event's id is in the image keys: not a secret,
    // GET /api/events/{id} answers anyone the same public fields as the code does)
    const text = JSON.stringify([
      first.body,
      second.body,
      (await api(visitor, `/api/public/events/${R.slug}`)).body,
    ]);
    for (const secret of [
      ...anonIds,
      ...deviceIds,
      R.hostId,
      'public-host@example.test',
      ids.pending,
      ids.rejected,
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).not.toContain('originalUrl');
    expect(text).not.toContain('storageKey');
    expect((await api(visitor, `/api/public/events/${R.slug}/photos?cursor=nonsense`)).status).toBe(400);
  });

  it('in live mode shows the approved photos; with live mode off and no reveal time, nothing yet', async () => {
    const live = await api(visitor, `/api/public/events/${L.slug}/photos`);
    expect(live.body.revealed).toBe(true);
    expect(live.body.photos.map((p: any) => p.id)).toEqual([ids.live]);
    expect((await api(visitor, `/api/public/events/${L.slug}`)).body).toMatchObject({
      revealed: true,
      liveMode: true,
      photoCount: 1,
      participantCount: 1,
    });
    expect((await host.json('POST', `/api/events/${L.id}/live-mode`, { enabled: false })).status).toBe(200);
    const off = await waitFor(async () => {
      const r = await api(visitor, `/api/public/events/${L.slug}`);
      return r.body.revealed === false ? r.body : null;
    }, 10_000);
    expect(off).toMatchObject({ name: 'Live Launch', revealAt: null, photoCount: 0, participantCount: 0 });
    const photos = await api(visitor, `/api/public/events/${L.slug}/photos`);
    expect(photos.body).toEqual({ photos: [], revealed: false, revealAt: null, nextCursor: null });
    // the share page says so, with no picture; the photo's own link is not found
    const s = await page(`/share/event/${L.slug}`);
    expect(s.status).toBe(200);
    expect(tag(s.html, 'og:title')).toBe('Live Launch');
    expect(tag(s.html, 'og:description')).toContain('not yet revealed');
    expect(tag(s.html, 'og:image')).toBeNull();
    expect((await page(`/share/photo/${ids.live}`)).status).toBe(404);
    expect((await visitor.fetch(`/share/photo/${ids.live}/image.jpg`)).status).toBe(404);
  });

  it("unfurls an event's share link: Open Graph and Twitter tags, escaped, and a hand-over to the gallery", async () => {
    const s = await page(`/share/event/${R.slug}`);
    expect(s.status).toBe(200);
    expect(s.type).toContain('text/html');
    expect(s.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(s.res.headers.get('x-frame-options')).toBe('DENY');
    expect(s.html).not.toContain('<script>alert');
    expect(s.html).not.toContain('<b>best</b>');
    expect(tag(s.html, 'og:title')).toBe(HOSTILE_NAME);
    expect(tag(s.html, 'og:description')).toBe('Our <b>best</b> night');
    expect(tag(s.html, 'og:site_name')).toBe('Afterglow');
    expect(tag(s.html, 'og:type')).toBe('website');
    expect(new URL(tag(s.html, 'og:url')!).pathname).toBe(`/share/event/${R.slug}`);
    expect(tag(s.html, 'twitter:card')).toBe('summary_large_image');
    expect(tag(s.html, 'twitter:title')).toBe(HOSTILE_NAME);
    const image = new URL(tag(s.html, 'og:image')!);
    expect(tag(s.html, 'twitter:image')).toBe(image.href);
    const id = image.pathname.match(/^\/share\/photo\/([0-9a-f-]{36})\/image\.jpg$/)![1]!;
    expect(ids.approved).toContain(id);
    expect(s.html).toContain(`href="/public/${R.slug}"`);
    expect(s.html).toContain('<script src="/share/open.js" defer></script>');
    const img = await visitor.fetch(image.pathname);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const script = await visitor.fetch('/share/open.js');
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it("unfurls a photo's share link, and only for a photo the public may see", async () => {
    const s = await page(`/share/photo/${ids.approved[0]}`);
    expect(s.status).toBe(200);
    expect(tag(s.html, 'og:title')).toBe(`A photo from ${HOSTILE_NAME}`);
    expect(tag(s.html, 'og:description')).toMatch(/^(By Dee|Guest [0-9a-f]{4})$/);
    expect(tag(s.html, 'og:image')).toMatch(new RegExp(`/share/photo/${ids.approved[0]}/image\\.jpg$`));
    expect(s.html).toContain(`href="/public/${R.slug}?photo=${ids.approved[0]}"`);
    for (const hidden of [ids.pending, ids.rejected, randomUUID(), 'not-a-photo']) {
      const h = await page(`/share/photo/${hidden}`);
      expect(h.status, hidden).toBe(404);
      expect(h.html).not.toContain('Ann');
      expect(tag(h.html, 'og:image')).toBeNull();
      expect((await visitor.fetch(`/share/photo/${hidden}/image.jpg`)).status, hidden).toBe(404);
    }
  });

  it('hides everything again once the host makes the gallery private', async () => {
    const before = await visitor.fetch(`/share/photo/${ids.approved[0]}/image.jpg`);
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    await share(R, { isPublic: false });
    await waitFor(async () => (await api(visitor, `/api/public/events/${R.slug}`)).status === 404, 10_000);
    expect((await api(visitor, `/api/public/events/${R.slug}/photos`)).status).toBe(404);
    for (const path of [`/share/event/${R.slug}`, `/share/photo/${ids.approved[0]}`]) {
      const s = await page(path);
      expect(s.status, path).toBe(404);
      // the address itself is echoed (og:url), nothing of the event
      expect(s.html, path).not.toContain('&lt;script');
      expect(s.html, path).not.toContain('best');
      expect(tag(s.html, 'og:image'), path).toBeNull();
      expect(tag(s.html, 'og:title'), path).toMatch(/^(Gallery|Photo) Not Found$/);
    }
    expect((await visitor.fetch(`/share/photo/${ids.approved[0]}/image.jpg`)).status).toBe(404);
  });
});
