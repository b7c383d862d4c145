import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '@afterglow/db';
import { events, outbox } from '../adapters/schema';
import { Reveals, revealMoved } from './reveals';

const T0 = new Date('2026-06-01T18:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The reveal pass with a controlled clock (ADR 035): `event.revealed` once per reveal time. */
describe('reveals', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await database.migrate('events');
  });
  afterAll(() => database.close());

  let n = 0;
  const anEvent = async (revealMinutes: number | null) => {
    const code = `RV${String(++n).padStart(4, '3')}`;
    const [row] = await database.db
      .insert(events)
      .values({
        code,
        slug: `reveal-${code.toLowerCase()}`,
        name: 'Reveal Party',
        hostId: 'host-1',
        startsAt: at(-120),
        endsAt: at(60),
        revealAt: revealMinutes === null ? null : at(revealMinutes),
        primaryColor: '#f472b6',
        accentColor: '#fbbf24',
        backgroundGradient: 'x',
        maxPhotos: 50,
      })
      .returning();
    return row!;
  };
  const revealedFacts = async (id: string) =>
    (await database.db.select().from(outbox)).filter(
      (o) => o.subject === 'event.revealed' && (o.payload as any).eventId === id,
    );

  it('announces a reveal once when its time comes, and again when it is moved later', async () => {
    const e = await anEvent(10);
    const never = await anEvent(null);
    const written: number[] = [];
    const pass = new Reveals({ db: database.db, written: () => written.push(1) });
    expect(await pass.run(at(9.9))).toBe(0);
    expect(await revealedFacts(e.id)).toHaveLength(0);
    expect(await pass.run(at(10.1))).toBe(1);
    expect(await revealedFacts(e.id)).toHaveLength(1);
    expect((await revealedFacts(e.id))[0]!.payload).toMatchObject({
      eventId: e.id,
      code: e.code,
      revealAt: at(10).toISOString(),
    });
    expect(written).toHaveLength(1);
    // again, and a pass on another replica: nothing more
    expect(await pass.run(at(11))).toBe(0);
    expect(await new Reveals({ db: database.db }).run(at(12))).toBe(0);
    expect(await revealedFacts(e.id)).toHaveLength(1);
    expect(await revealedFacts(never.id)).toHaveLength(0);
    // the host moves the reveal later (extending the event): it is announced at the new time
    await database.db
      .update(events)
      .set({ revealAt: at(30), ...revealMoved(at(30), at(12)) })
      .where(eq(events.id, e.id));
    expect(await pass.run(at(20))).toBe(0);
    expect(await pass.run(at(31))).toBe(1);
    expect(await revealedFacts(e.id)).toHaveLength(2);
  });

  it('marks a reveal long past without announcing it (nobody waits for it now)', async () => {
    const old = await anEvent(-3 * 24 * 60);
    expect(await new Reveals({ db: database.db }).run(at(0))).toBe(0);
    expect(await revealedFacts(old.id)).toHaveLength(0);
    const [row] = await database.db.select().from(events).where(eq(events.id, old.id));
    expect(row!.revealAnnouncedAt).not.toBeNull();
  });

  it('runs on several replicas at once without announcing twice', async () => {
    const e = await anEvent(40);
    const counts = await Promise.all([1, 2, 3].map(() => new Reveals({ db: database.db }).run(at(41))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await revealedFacts(e.id)).toHaveLength(1);
  });
});
