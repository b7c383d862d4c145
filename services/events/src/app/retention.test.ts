import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLANS, type Entitlements } from '@afterglow/contracts';
import { openDatabase, type Database } from '@afterglow/db';
import { scratchDatabase } from '@afterglow/db/test-support/scratch-db';
import { events, notifications, outbox } from '../adapters/schema';
import { Retention } from './retention';

const DAY = 24 * 3600_000;
const T0 = new Date('2026-06-01T18:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
/** billing's answer for a host on the free plan (7 hosting days) */
const free = async ({ accountId }: { accountId: string }) =>
  ({ accountId, plan: 'free', hostingDays: PLANS.free.hostingDays }) as Entitlements;

/** Retention with a controlled clock (ADR 026): warned at the end of hosting, deleted after the grace. */
function retentionSuite(name: string, open: () => Promise<{ database: Database; close(): Promise<void> }>) {
  describe(`retention (${name})`, () => {
    let database: Database;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ database, close } = await open());
      await database.migrate('events');
    });
    afterAll(() => close());

    let n = 0;
    const anEvent = async (startDays = 0, hours = 5) => {
      const code = `RT${String(++n).padStart(4, '2')}`;
      const [row] = await database.db
        .insert(events)
        .values({
          code,
          slug: `party-${code.toLowerCase()}`,
          name: 'Summer Party',
          hostId: 'host-1',
          startsAt: at(startDays),
          endsAt: new Date(at(startDays).getTime() + hours * 3600_000),
          timezone: 'America/New_York',
          primaryColor: '#f472b6',
          accentColor: '#fbbf24',
          backgroundGradient: 'x',
          maxPhotos: 50,
        })
        .returning();
      return row!;
    };
    const noticesOf = (eventId: string) =>
      database.db.select().from(notifications).where(eq(notifications.eventId, eventId));
    const exists = async (id: string) =>
      (await database.db.select().from(events).where(eq(events.id, id))).length === 1;
    const deletedFacts = async (id: string) =>
      (await database.db.select().from(outbox)).filter((o) => o.msgId === `event.deleted:${id}`);

    it('warns once hosting has ended, then deletes after the grace period, through event.deleted', async () => {
      const e = await anEvent();
      const written: number[] = [];
      const job = new Retention({ db: database.db, entitlementsOf: free, written: () => written.push(1) });
      // within the 7 hosting days: nothing
      expect(await job.run(at(6.9))).toEqual({ warned: 0, deleted: 0 });
      expect(await noticesOf(e.id)).toEqual([]);
      // hosting over: one warning, ready for e-mail, with the dates in the event's time zone
      expect(await job.run(at(7.1))).toMatchObject({ warned: 1, deleted: 0 });
      const [warning] = await noticesOf(e.id);
      expect(warning).toMatchObject({ userId: 'host-1', kind: 'hosting_ended', sentAt: null });
      expect(warning!.subject).toBe('Hosting for “Summer Party” has ended');
      expect(warning!.body).toContain('ended on Jun 08, 2026');
      expect(warning!.body).toContain('On Jun 15, 2026 the event and all its photos will be deleted');
      // the host's e-mail is asked for in the same transaction (ADR 035), once
      const mails = async () =>
        (await database.db.select().from(outbox))
          .filter((o) => o.subject === 'mail.requested' && (o.payload as any).params?.code === e.code)
          .map((o) => o.payload as any);
      expect(await mails()).toEqual([
        expect.objectContaining({
          key: `hosting-ended:${e.id}`,
          template: 'hosting.ended',
          to: { userId: 'host-1' },
          params: expect.objectContaining({ eventName: 'Summer Party', timezone: 'America/New_York' }),
        }),
      ]);
      // again, and within the grace: nothing more
      expect(await job.run(at(7.2))).toEqual({ warned: 0, deleted: 0 });
      expect(await job.run(at(13.9))).toEqual({ warned: 0, deleted: 0 });
      expect(await exists(e.id)).toBe(true);
      // after it: the event goes the one way events go, with a last notice
      expect(await job.run(at(14.2))).toMatchObject({ deleted: 1 });
      expect(await exists(e.id)).toBe(false);
      expect(await deletedFacts(e.id)).toHaveLength(1);
      expect((await noticesOf(e.id)).map((x) => x.kind).sort()).toEqual(['event_purged', 'hosting_ended']);
      expect((await mails()).map((m) => m.template).sort()).toEqual(['event.purged', 'hosting.ended']);
      expect(written.length).toBeGreaterThan(0);
      expect(await job.run(at(15))).toMatchObject({ deleted: 0 });
    });

    it('gives the whole grace period from the warning when a pass comes late, and never deletes unwarned', async () => {
      const e = await anEvent(100);
      const job = new Retention({ db: database.db, entitlementsOf: free });
      // the first pass in months: it warns, it does not delete
      await job.run(at(200));
      expect(await exists(e.id)).toBe(true);
      await job.run(at(206.9));
      expect(await exists(e.id)).toBe(true);
      await job.run(at(207.1));
      expect(await exists(e.id)).toBe(false);
    });

    it('keeps an event whose host’s plan hosts it longer, and one billing cannot answer for', async () => {
      const e = await anEvent(300);
      const pro = new Retention({
        db: database.db,
        entitlementsOf: async ({ accountId }) =>
          ({ accountId, plan: 'pro', hostingDays: 90 }) as Entitlements,
      });
      await pro.run(at(300 + 89));
      expect(await noticesOf(e.id)).toEqual([]);
      const away = new Retention({
        db: database.db,
        entitlementsOf: () => Promise.reject(new Error('billing away')),
      });
      expect(await away.run(at(300 + 400))).toEqual({ warned: 0, deleted: 0 });
      expect(await exists(e.id)).toBe(true);
    });

    it('on several replicas at once: one warning, one deletion', async () => {
      const e = await anEvent(500);
      const replicas = [1, 2, 3].map(() => new Retention({ db: database.db, entitlementsOf: free }));
      await Promise.all(replicas.map((r) => r.run(at(508))));
      expect(await noticesOf(e.id)).toHaveLength(1);
      await Promise.all(replicas.map((r) => r.run(at(516))));
      expect(await exists(e.id)).toBe(false);
      expect(await deletedFacts(e.id)).toHaveLength(1);
      expect(await noticesOf(e.id)).toHaveLength(2);
    });
  });
}

retentionSuite('PGlite', async () => {
  const database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
  return { database, close: () => database.close() };
});

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL not set: retention on PostgreSQL is skipped');
describe.skipIf(!url)('on PostgreSQL', () => {
  retentionSuite('PostgreSQL', () => scratchDatabase(url!));
});
