import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_DISPLAY_OFF, type EventRecord, type ScreenNext } from '@afterglow/contracts';
import { scratchPostgres } from '@afterglow/db/test-support/scratch-db';
import { photos } from '../adapters/schema';
import { MAX_SCREENS_PER_EVENT } from './screens';
import { photosWorld, type PhotosWorld } from '../test-support/world';

const screenId = () => randomBytes(12).toString('base64url');

/** Venue screens sharing one order (ADR 017), against a database made by `open`. */
function screensSuite(name: string, open: () => Promise<PhotosWorld>) {
  describe(`venue screens (${name})`, () => {
    let w: PhotosWorld;
    beforeAll(async () => {
      w = await open();
    }, 60_000);
    afterAll(() => w?.close());

    /** A live event with `n` approved, developed photos (approved a minute ago, one after the other). */
    async function liveEvent(n: number, over: Partial<EventRecord> = {}) {
      const e = w.event({ liveMode: true, ...over });
      const d = await w.device(e);
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push(
          (await w.photo(d, { status: 'approved', moderatedAt: new Date(Date.now() - 60_000 + i) })).id,
        );
      return { e, d, ids };
    }
    const ask = (e: EventRecord, screen: string, showing: string[] = []) =>
      w.app.screens.next(e.code, null, screen, showing);
    const idOf = (a: ScreenNext) => a.photo?.id ?? null;

    it('shows every photo once per cycle on three screens, never two screens the same photo', async () => {
      const N = 7;
      const { e, ids } = await liveEvent(N);
      const screens = [screenId(), screenId(), screenId()];
      const current = new Map<string, string>();
      const cycles = new Map<number, string[]>();
      for (let turn = 0; turn < 3 * N; turn++) {
        const s = screens[turn % 3]!;
        const before = current.get(s);
        const a = await ask(e, s, before ? [before] : []);
        const id = idOf(a)!;
        expect(a.total).toBe(N);
        expect(a.photo).toMatchObject({ status: 'approved', displayUrl: expect.any(String) });
        expect(id, 'the same photo twice in a row on one screen').not.toBe(before);
        current.set(s, id);
        const onOthers = screens.filter((o) => o !== s).map((o) => current.get(o));
        expect(onOthers, 'a photo on two screens at once').not.toContain(id);
        cycles.set(a.cycle, [...(cycles.get(a.cycle) ?? []), id]);
        expect(a.shown).toBe(cycles.get(a.cycle)!.length);
      }
      expect([...cycles.keys()]).toEqual([1, 2, 3]);
      for (const [cycle, handed] of cycles) {
        expect(handed, `cycle ${cycle}`).toHaveLength(N);
        expect(new Set(handed), `cycle ${cycle}: every photo once`).toEqual(new Set(ids));
      }
      // the first cycle runs in approval order
      expect(cycles.get(1)).toEqual(ids);
    });

    it('hands a photo approved mid-cycle out next, and once in that cycle', async () => {
      const { e, d, ids } = await liveEvent(5);
      const a = screenId();
      const b = screenId();
      const first = [idOf(await ask(e, a)), idOf(await ask(e, b))];
      expect(first).toEqual(ids.slice(0, 2));
      const fresh = await w.photo(d);
      await w.app.moderation.moderate(fresh.id, w.host, { status: 'approved' });
      const next = await ask(e, a, [first[0]!]);
      expect(idOf(next)).toBe(fresh.id);
      expect(next).toMatchObject({ cycle: 1, shown: 3, total: 6 });
      const rest: string[] = [];
      for (let i = 0; i < 3; i++) rest.push(idOf(await ask(e, i % 2 ? a : b))!);
      expect(rest).toEqual(ids.slice(2));
      expect((await ask(e, b)).cycle).toBe(2);
    });

    it('never hands the same photo twice in a cycle to screens asking at once', async () => {
      const { e, ids } = await liveEvent(6);
      const screens = Array.from({ length: 8 }, screenId);
      const answers = [
        ...(await Promise.all(screens.map((s) => ask(e, s)))),
        ...(await Promise.all(screens.map((s) => ask(e, s)))),
      ];
      const byCycle = new Map<number, string[]>();
      for (const a of answers) byCycle.set(a.cycle, [...(byCycle.get(a.cycle) ?? []), idOf(a)!]);
      expect([...byCycle.keys()].sort()).toEqual([1, 2, 3]);
      for (const [cycle, handed] of byCycle)
        expect(new Set(handed).size, `cycle ${cycle}: ${handed.join(' ')}`).toBe(handed.length);
      expect(new Set(byCycle.get(1))).toEqual(new Set(ids));
      expect(byCycle.get(2)).toHaveLength(6);
    });

    it('drops rejected and deleted photos, and names those a screen should take off', async () => {
      const { e, ids } = await liveEvent(3);
      const [p1, p2, p3] = ids as [string, string, string];
      const s = screenId();
      expect(idOf(await ask(e, s))).toBe(p1);
      await w.app.moderation.moderate(p1, w.host, { status: 'rejected' });
      await w.db.delete(photos).where(eq(photos.id, p2));
      const a = await ask(e, s, [p1]);
      expect(a).toMatchObject({ total: 1, gone: [p1] });
      expect(idOf(a)).toBe(p3);
      // the one photo left, again and again
      expect(idOf(await ask(e, s, [p3]))).toBe(p3);
      await w.app.moderation.moderate(p3, w.host, { status: 'rejected' });
      expect(await ask(e, s, [p3])).toMatchObject({ photo: null, total: 0, shown: 0, gone: [p3] });
    });

    it('hands out only what the live display may show: approved and developed', async () => {
      const { e, d } = await liveEvent(0);
      await w.photo(d);
      await w.photo(d, { status: 'rejected' });
      await w.photo(d, { status: 'approved', developed: false });
      expect(await ask(e, screenId())).toEqual({
        photo: null,
        cycle: 1,
        shown: 0,
        total: 0,
        gone: [],
        guestbook: [],
      });
      const ok = await w.photo(d, { status: 'approved' });
      const a = await w.app.screens.next(e.id, w.host, screenId(), []);
      expect(idOf(a)).toBe(ok.id);
      // the host's screen gets the host's view of the photo; a guest's screen does not
      expect(a.photo?.originalUrl).toEqual(expect.any(String));
      expect((await ask(e, screenId())).photo?.originalUrl).toBeUndefined();
    });

    it('answers only while live mode is on, and only for an event that exists', async () => {
      const { e } = await liveEvent(2, { liveMode: false });
      for (const viewer of [null, w.host])
        await expect(w.app.screens.next(e.code, viewer, screenId(), [])).rejects.toMatchObject({
          status: 409,
          code: 'live_mode_off',
          message: LIVE_DISPLAY_OFF,
        });
      await expect(ask({ ...e, code: 'NOPE42' }, screenId())).rejects.toMatchObject({
        status: 404,
        code: 'event_not_found',
      });
    });

    it('lets one event have a bounded number of screens', async () => {
      const { e } = await liveEvent(1);
      const known = Array.from({ length: MAX_SCREENS_PER_EVENT }, screenId);
      for (const s of known) await ask(e, s);
      await expect(ask(e, screenId())).rejects.toMatchObject({ status: 429, code: 'too_many_screens' });
      // the screens already there carry on
      expect(idOf(await ask(e, known[0]!))).toEqual(expect.any(String));
    });
  });
}

screensSuite('PGlite', () => photosWorld());

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL not set: the venue screens on PostgreSQL are skipped');
describe.skipIf(!url)('on PostgreSQL', () => {
  screensSuite('PostgreSQL', async () => {
    const db = await scratchPostgres(url!);
    const w = await photosWorld({ databaseUrl: db.url });
    return {
      ...w,
      async close() {
        await w.close();
        await db.drop();
      },
    };
  });
});
