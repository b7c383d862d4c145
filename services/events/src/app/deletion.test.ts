import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@afterglow/bus';
import { eventDeleted } from '@afterglow/contracts';
import { OutboxRelay, openDatabase, type Database } from '@afterglow/db';
import { events, outbox } from '../adapters/schema';
import { EventsApp } from './events';

const silent = { info: () => {}, warn: () => {} };

/** `event.deleted` goes out through the events outbox (ADR 011, 018): never lost, never for nothing. */
describe('deleting an event announces it through the outbox', () => {
  let database: Database;
  let bus: Bus;
  let away = false;
  let relay: OutboxRelay;
  let app: EventsApp;
  const heard: unknown[] = [];

  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await database.migrate('events');
    bus = createMemoryBus();
    await bus.subscribe(eventDeleted.subject, (m) => void heard.push(m.data));
    // the bus as the relay sees it: away while `away` is set
    const flaky = {
      publish: (subject: string, data: unknown, opts?: { msgId?: string }) =>
        away ? Promise.reject(new Error('bus away')) : bus.publish(subject, data, opts),
    };
    relay = new OutboxRelay(database.db, outbox, flaky, silent, 20);
    app = new EventsApp(database.db, bus, relay);
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
  });

  const anEvent = async (code: string) => {
    const [row] = await database.db
      .insert(events)
      .values({
        code,
        slug: `party-${code.toLowerCase()}`,
        name: 'Party',
        hostId: 'host-1',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3600_000),
        primaryColor: '#f472b6',
        accentColor: '#fbbf24',
        backgroundGradient: 'from-vintage-cream',
        maxPhotos: 50,
      })
      .returning();
    return row!;
  };

  it('keeps the fact while the bus is away and sends it once it is back', async () => {
    const e = await anEvent('ABC234');
    away = true;
    await app.delete(e.id, 'host-1', 'Deleted by the host');
    expect(await database.db.select().from(events)).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await relay.pending()).toBe(1);
    expect(heard).toEqual([]);
    away = false;
    relay.start();
    await expect.poll(() => relay.pending()).toBe(0);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      eventId: e.id,
      code: 'ABC234',
      hostId: 'host-1',
      deletedBy: 'host-1',
      reason: 'Deleted by the host',
    });
  });

  it('writes no fact for a deletion that did not happen', async () => {
    const before = (await database.db.select().from(outbox)).length;
    await expect(app.delete('00000000-0000-4000-8000-000000000000', 'admin', 'x')).rejects.toMatchObject({
      status: 404,
      code: 'event_not_found',
    });
    expect((await database.db.select().from(outbox)).length).toBe(before);
  });
});
