import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entitlementsOf, prepareBilling, setPlanByEmail } from '@afterglow/billing';
import { migrationsFolderFor, openDatabase, sql, type Database } from '@afterglow/db';

const dirs: string[] = [];
/** A service's migrations as an earlier version shipped them: its first `count`. */
function firstMigrations(service: string, count: number): string {
  const dir = mkdtempSync(join(tmpdir(), `afterglow-${service}-old-`));
  dirs.push(dir);
  cpSync(migrationsFolderFor(service), dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The database as the version before billing owned plans left it: identity kept each account's plan. */
async function previousVersion(): Promise<{ database: Database; ids: Record<string, string> }> {
  const database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
  await database.migrate('gateway', { schema: 'identity', folder: firstMigrations('gateway', 3) });
  await database.migrate('billing', { folder: firstMigrations('billing', 1) });
  const inserted = await rows(
    database,
    sql`insert into identity.users (subject, email, plan) values
      ('embedded|maxi', 'Maxi@Example.test', 'max'), ('embedded|fred', 'fred@example.test', 'free')
      returning id, email`,
  );
  return { database, ids: Object.fromEntries(inserted.map((r) => [String(r.email), String(r.id)])) };
}

const planColumn = (database: Database) =>
  rows(
    database,
    sql`select column_name from information_schema.columns
      where table_schema = 'identity' and table_name = 'users' and column_name = 'plan'`,
  );

/** ADR 012: the plans identity kept move to billing once, whichever service migrates first. */
describe('plans move from identity to billing', () => {
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each([
    ['billing starts first (one process, the launcher order)', ['billing', 'gateway']],
    ['the gateway migrates first (a distributed start)', ['gateway', 'billing', 'gateway']],
  ])('%s', async (_name, order) => {
    const { database, ids } = await previousVersion();
    try {
      for (const service of order)
        if (service === 'billing') await prepareBilling(database);
        else await database.migrate('gateway', { schema: 'identity' });
      expect(await planColumn(database)).toEqual([]);
      const max = await entitlementsOf(database.db, ids['Maxi@Example.test']!);
      expect(max).toMatchObject({ plan: 'max', until: null, photosPerEvent: 5000, aiFilter: true });
      expect(Date.parse(max.since!)).toBeGreaterThan(Date.now() - 60_000);
      const fred = ids['fred@example.test']!;
      expect(await entitlementsOf(database.db, fred)).toMatchObject({ plan: 'free', since: null });
      // every account is known by e-mail, for the operator's `plan`
      expect(await setPlanByEmail(database.db, 'FRED@example.test', 'basic')).toBe(1);
      expect((await entitlementsOf(database.db, fred)).plan).toBe('basic');
    } finally {
      await database.close();
    }
  });
});
