import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSchema } from 'drizzle-orm/pg-core';
import { openDatabase, sql, type Database } from './index';
import { OutboxRelay, outboxRow, outboxTable, type OutboxPublisher } from './outbox';

const silent = { info: () => {}, warn: () => {} };
const until = async (ok: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the outbox (PGlite)', () => {
  let database: Database;
  const table = outboxTable(pgSchema('outbox_test'));
  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    // what a service's generated migration holds for `outboxTable(schema)`
    await database.db.execute(sql`create schema outbox_test`);
    await database.db.execute(sql`create table outbox_test.outbox (
      id bigserial primary key, subject text not null, msg_id text not null, payload jsonb not null,
      headers jsonb, created_at timestamptz not null default now(), published_at timestamptz,
      attempts integer not null default 0)`);
  });
  afterAll(() => database?.close());

  it('publishes each fact a committed transaction wrote, with its msgId and trace headers, in order', async () => {
    const sent: { subject: string; data: unknown; msgId?: string; headers?: Record<string, string> }[] = [];
    const bus: OutboxPublisher = {
      publish: async (subject, data, opts) => void sent.push({ subject, data, ...opts }),
    };
    const relay = new OutboxRelay(database.db, table, bus, silent, 20);
    await database.db.transaction(async (tx) => {
      await tx.insert(table).values(outboxRow({ subject: 'thing.made', msgId: 'm1', payload: { n: 1 } }));
      await tx
        .insert(table)
        .values({ subject: 'thing.made', msgId: 'm2', payload: { n: 2 }, headers: { traceparent: 't' } });
    });
    await database.db
      .transaction(async (tx) => {
        await tx.insert(table).values(outboxRow({ subject: 'thing.made', msgId: 'm3', payload: { n: 3 } }));
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await relay.pending()).toBe(2);
    relay.start();
    await until(async () => (await relay.pending()) === 0);
    await relay.stop();
    expect(sent).toEqual([
      { subject: 'thing.made', data: { n: 1 }, msgId: 'm1' },
      { subject: 'thing.made', data: { n: 2 }, msgId: 'm2', headers: { traceparent: 't' } },
    ]);
  });

  it('keeps a fact until the bus takes it, and sends it when the bus is back', async () => {
    let away = true;
    const sent: unknown[] = [];
    const warned: unknown[] = [];
    const bus: OutboxPublisher = {
      publish: async (_s, data) => {
        if (away) throw new Error('bus away');
        sent.push(data);
      },
    };
    const relay = new OutboxRelay(
      database.db,
      table,
      bus,
      { ...silent, warn: (o) => void warned.push(o) },
      20,
    );
    relay.start();
    await database.db
      .insert(table)
      .values(outboxRow({ subject: 'thing.made', msgId: 'm4', payload: { n: 4 } }));
    relay.kick();
    await until(() => warned.length > 0);
    expect(await relay.pending()).toBe(1);
    away = false;
    await until(async () => (await relay.pending()) === 0);
    await relay.stop();
    expect(sent).toEqual([{ n: 4 }]);
  });
});
