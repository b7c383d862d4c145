import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasEnded, type EventRecord } from '@afterglow/contracts';
import { openDatabase, type Database } from '@afterglow/db';
import { events } from '../../../events/src/adapters/schema';
import { EventsBackOffice } from '../../../events/src/app/back-office';
import { jpeg, useWorld } from '../../../photos/src/test-support/world';
import { cameraScreen } from '../../../../frontends/guest/src/camera/screen';

/**
 * "Has this event ended?" has one edge (contracts' `hasEnded`: from the instant of its end), and every
 * place that asks it answers the same at that edge: the upload, the camera page and the back office's
 * SQL filter. Each is asked 1 ms before the end, at it and 1 ms after it.
 */
const END = new Date('2026-07-04T21:30:00.000Z');
const CASES = [
  { at: -1, ended: false },
  { at: 0, ended: true },
  { at: 1, ended: true },
] as const;
const iso = (ms: number) => new Date(END.getTime() + ms).toISOString();

describe('an event ends at the instant of its end, everywhere', () => {
  it.each(CASES)('contracts: $at ms from the end, ended = $ended', ({ at, ended }) => {
    expect(hasEnded({ endsAt: END.toISOString() }, END.getTime() + at)).toBe(ended);
  });

  it.each(CASES)('the camera page: $at ms from the end, ended = $ended', ({ at, ended }) => {
    const screen = cameraScreen(
      'camera',
      { holdingShot: false, remaining: 5 },
      { endsAt: END.toISOString() },
      END.getTime() + at,
    );
    expect(screen).toBe(ended ? 'ended' : 'camera');
  });

  describe('the upload', () => {
    const w = useWorld();
    let shot: Buffer;
    beforeAll(async () => {
      shot = await jpeg(32, 24);
    });
    afterEach(() => vi.useRealTimers());

    it.each(CASES)('$at ms from the end, refused = $ended', async ({ at, ended }) => {
      const e: EventRecord = w.event({ startsAt: iso(-3600_000), endsAt: END.toISOString() });
      const d = await w.device(e);
      // only the clock's reading is fixed; timers and I/O run as usual
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(END.getTime() + at);
      const upload = w.app.uploads.upload(e.code, d, shot, null, randomUUID());
      if (ended) await expect(upload).rejects.toMatchObject({ status: 403, code: 'event_ended' });
      else await expect(upload).resolves.toMatchObject({ replayed: false });
    });
  });

  describe("the back office's SQL", () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
      await database.migrate('events');
    });
    afterAll(() => database.close());

    it.each(CASES)('$at ms from the end, listed as ended = $ended', async ({ at, ended }) => {
      const code = `EN${String(at + 5).padStart(4, '0')}`;
      const [row] = await database.db
        .insert(events)
        .values({
          code,
          slug: `ended-${code.toLowerCase()}`,
          name: 'Edge',
          hostId: 'host-1',
          startsAt: new Date(END.getTime() - 3600_000),
          endsAt: END,
          primaryColor: '#f472b6',
          accentColor: '#fbbf24',
          backgroundGradient: 'x',
          maxPhotos: 50,
        })
        .returning();
      const office = new EventsBackOffice(database.db, () => new Date(END.getTime() + at));
      const listed = async (status: 'active' | 'ended') =>
        (await office.list({ status, ids: [row!.id], limit: 10 })).events.map((e) => e.id);
      expect(await listed('ended')).toEqual(ended ? [row!.id] : []);
      expect(await listed('active')).toEqual(ended ? [] : [row!.id]);
    });
  });
});
