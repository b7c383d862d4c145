import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { isUnavailableError } from '@afterglow/contracts';
import { isUniqueViolation, openDatabase, sql, type Database } from './index';

/** One migration folder, as drizzle-kit writes it, for a throw-away service schema. */
function migrations(schema: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'afterglow-mig-'));
  mkdirSync(join(dir, 'meta'));
  writeFileSync(
    join(dir, '0000_init.sql'),
    `CREATE SCHEMA IF NOT EXISTS "${schema}";\n--> statement-breakpoint\nCREATE TABLE "${schema}"."things" ("id" integer PRIMARY KEY, "name" text NOT NULL UNIQUE);`,
  );
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1, tag: '0000_init', breakpoints: true }],
    }),
  );
  return dir;
}

function dbContract(name: string, open: () => Promise<Database>) {
  describe(`database (${name})`, () => {
    let db: Database;
    const schema = `t_${Math.random().toString(36).slice(2, 10)}`;
    const folder = migrations(schema);
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('applies migrations into the service schema, idempotently and concurrently', async () => {
      await Promise.all([
        db.migrate(schema, { folder }),
        db.migrate(schema, { folder }),
        db.migrate(schema, { folder }),
      ]);
      await db.migrate(schema, { folder });
      const r = await db.db.execute(sql.raw(`select count(*)::int as n from "${schema}"."__migrations"`));
      expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    });

    it('answers ping and recognises unique violations', async () => {
      await db.ping();
      await db.db.execute(sql.raw(`insert into "${schema}".things values (1, 'a')`));
      const err = await db.db
        .execute(sql.raw(`insert into "${schema}".things values (2, 'a')`))
        .catch((e) => e);
      expect(isUniqueViolation(err)).toBe(true);
      expect(isUniqueViolation(new Error('x'))).toBe(false);
    });

    it('rolls a failed transaction back', async () => {
      await db.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`insert into "${schema}".things values (3, 'b')`));
          throw new Error('no');
        })
        .catch(() => {});
      const r = await db.db.execute(
        sql.raw(`select count(*)::int as n from "${schema}".things where id = 3`),
      );
      expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });
  });
}

dbContract('pglite', () => openDatabase({ url: 'pglite:memory', dataDir: tmpdir() }));

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL not set: the PostgreSQL database contract is skipped');
describe.skipIf(!url)('postgres', () => {
  it('is reachable', async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.end();
  });
  dbContract('postgres', () => openDatabase({ url: url!, dataDir: tmpdir() }));
});

describe.skipIf(!url)('postgres connection lost mid-transaction', () => {
  it('fails the transaction (as unavailable) instead of crashing the process', async () => {
    const database = await openDatabase({ url: url!, dataDir: tmpdir() });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const tx = database.db.transaction(async (t) => {
        const r = await t.execute(sql`select pg_backend_pid() as pid`);
        const pid = (r as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        // The server ends this session while the transaction is between two statements.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((ok) => setTimeout(ok, 300));
        await t.execute(sql`select 1`);
      });
      await expect(tx).rejects.toThrow();
      const err = await tx.catch((e: unknown) => e);
      expect(isUnavailableError(err)).toBe(true);
      expect(uncaught).toEqual([]);
      // the pool carries on with a fresh connection
      await database.ping();
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
      await database.close();
    }
  });
});
