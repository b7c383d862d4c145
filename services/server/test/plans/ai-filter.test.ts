import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setPlanByEmail } from '@afterglow/billing';
import { AI_FLAG_REASON } from '@afterglow/contracts';
import { safetyModelLoading } from '@afterglow/media';
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
 * The AI safety filter (ADR 027) through the whole pipeline: a Max host's photo is scored by the real
 * model in the media worker, and the photos service holds it when the score reaches the configured
 * threshold (here forced: 0 holds every photo, 1.01 none). A Pro host's photo is never scored.
 */
const PASSWORD = 'the filter holds';

/** A fixed picture (the same bytes every run), so its score is the same in both apps. */
const picture = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg({ quality: 92 })
    .toBuffer();

interface World {
  app: TestApp;
  host: Record<'pro' | 'max', Browser>;
}

async function world(threshold: string, tag: string): Promise<World> {
  const app = await startApp({ RATE_LIMIT_SCALE: '0', AFTERGLOW_AI_FILTER_THRESHOLD: threshold });
  await liftEventLimit(app);
  const host = {} as World['host'];
  for (const plan of ['pro', 'max'] as const) {
    const email = `${plan}-${tag}@example.test`;
    host[plan] = new Browser(app.base);
    await loginThroughIdp(host[plan], email, PASSWORD);
    await waitFor(() => setPlanByEmail(app.ctx.database.db, email, plan).then((n) => n === 1 || undefined));
  }
  return { app, host };
}

/** A live-mode event of the host's. */
async function liveEvent(w: World, plan: 'pro' | 'max') {
  const e = (await w.host[plan].json('POST', '/api/events', eventBody({ revealMode: 'live' }))).body;
  expect(e.liveMode).toBe(true);
  return e as { id: string; code: string };
}
/** A guest's phone joined to the event, which shoots pictures (answering the photo's id). */
async function guest(w: World, code: string) {
  const g = new Browser(w.app.base);
  const d = await g.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
  expect(d.status).toBe(201);
  return {
    browser: g,
    deviceId: d.body.id as string,
    async shoots(img: Buffer): Promise<string> {
      const up = await g.upload(code, { deviceId: d.body.id }, img);
      expect(up.status).toBe(201);
      return up.body.photoId;
    },
  };
}
/** The photo as the host sees it, once developed. */
const developedForHost = (w: World, plan: 'pro' | 'max', code: string, id: string) =>
  waitFor(async () => {
    const r = await w.host[plan].json('GET', `/api/events/${code}/photos`);
    return r.body.photos.find((p: any) => p.id === id && p.processed);
  }, 60_000);
const ids = (photos: { id: string }[]) => photos.map((p) => p.id);

describe('the AI safety filter, with a threshold that holds every photo', () => {
  let w: World;
  beforeAll(async () => {
    w = await world('0', 'held');
  });
  afterAll(() => w?.app.close());

  it('scores nothing for a plan without the filter (Pro): no score, no hold', async () => {
    const e = await liveEvent(w, 'pro');
    const g = await guest(w, e.code);
    const id = await g.shoots(await picture('#e0ac69'));
    const seen = await developedForHost(w, 'pro', e.code, id);
    expect(seen).toMatchObject({ status: 'pending', held: false, flagCount: 0, safetyScore: null });
    const { rows } = (await w.app.ctx.database.db.execute(
      sql`select safety_score, held_at from photos.photos where id = ${id}`,
    )) as unknown as { rows: { safety_score: number | null; held_at: Date | null }[] };
    expect(rows).toEqual([{ safety_score: null, held_at: null }]);
    // and the model was not even loaded: this process has seen no photo asking for the filter yet
    expect(safetyModelLoading()).toBe(false);
  });

  it('keeps a held photo from other guests and venue screens in live mode until the host approves it', async () => {
    const e = await liveEvent(w, 'max');
    const taker = await guest(w, e.code);
    const other = await guest(w, e.code);
    const screen = new Browser(w.app.base);
    const anon = new Browser(w.app.base);
    const held = await taker.shoots(await picture('#e0ac69'));
    const released = await other.shoots(await picture('#6a8caf'));

    // the host sees both, developed, pending, held, flagged by the filter, with their scores
    const seen = await developedForHost(w, 'max', e.code, held);
    await developedForHost(w, 'max', e.code, released);
    expect(seen).toMatchObject({ status: 'pending', held: true, flagCount: 1, flagReason: AI_FLAG_REASON });
    expect(seen.safetyScore).toBeGreaterThanOrEqual(0);
    expect(seen.safetyScore).toBeLessThanOrEqual(1);
    const pending = await w.host.max.json('GET', `/api/photos/pending/${e.id}`);
    expect(ids(pending.body)).toContain(held);

    const showsNowhere = async () => {
      // another guest's gallery, the approved list the live display reads, a venue screen
      expect(
        ids((await other.browser.json('GET', `/api/events/${e.code}/photos`)).body.photos),
      ).not.toContain(held);
      expect(ids((await anon.json('GET', `/api/photos/approved/${e.id}`)).body)).not.toContain(held);
      for (let i = 0; i < 3; i++) {
        const next = await screen.json('POST', `/api/events/${e.code}/screens/next`, {
          screenId: 'ai-filter-screen-0001',
          showing: [],
        });
        expect(next.status).toBe(200);
        expect(next.body.photo?.id).not.toBe(held);
      }
    };
    await showsNowhere();
    // its taker's own device still has it
    const mine = await taker.browser.json('GET', `/api/devices/${taker.deviceId}/photos`);
    expect(ids(mine.body.photos)).toContain(held);

    // the host approves the other photo: that one shows, the held one still nowhere
    expect((await w.host.max.json('POST', `/api/photos/${released}/approve`)).status).toBe(200);
    expect(ids((await other.browser.json('GET', `/api/events/${e.code}/photos`)).body.photos)).toContain(
      released,
    );
    expect(ids((await anon.json('GET', `/api/photos/approved/${e.id}`)).body)).toEqual([released]);
    const next = await screen.json('POST', `/api/events/${e.code}/screens/next`, {
      screenId: 'ai-filter-screen-0002',
      showing: [],
    });
    expect(next.body.photo?.id).toBe(released);
    await showsNowhere();

    // the host's approval releases the held one too (the existing moderation)
    const approved = await w.host.max.json('POST', `/api/photos/${held}/approve`);
    expect(approved.body).toMatchObject({ status: 'approved', held: false });
    expect(ids((await anon.json('GET', `/api/photos/approved/${e.id}`)).body).sort()).toEqual(
      [held, released].sort(),
    );
  });
});

describe('the AI safety filter, with a threshold above every score', () => {
  let w: World;
  let heldScore: number;
  beforeAll(async () => {
    // the same picture's score where every photo is held, to compare
    const strict = await world('0', 'strict');
    try {
      const e = await liveEvent(strict, 'max');
      const id = await (await guest(strict, e.code)).shoots(await picture('#e0ac69'));
      heldScore = (await developedForHost(strict, 'max', e.code, id)).safetyScore;
    } finally {
      await strict.app.close();
    }
    w = await world('1.01', 'lenient');
  });
  afterAll(() => w?.app.close());

  it('stores the score and holds nothing: the host approves and everyone sees it', async () => {
    const e = await liveEvent(w, 'max');
    const g = await guest(w, e.code);
    const other = await guest(w, e.code);
    const id = await g.shoots(await picture('#e0ac69'));
    const seen = await developedForHost(w, 'max', e.code, id);
    expect(seen).toMatchObject({ status: 'pending', held: false, flagCount: 0, flagReason: null });
    // the same picture, the same score (the model is deterministic)
    expect(seen.safetyScore).toBe(heldScore);
    expect((await w.host.max.json('POST', `/api/photos/${id}/approve`)).status).toBe(200);
    expect(ids((await other.browser.json('GET', `/api/events/${e.code}/photos`)).body.photos)).toContain(id);
  });
});
