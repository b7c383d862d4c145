import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolderFor, openDatabase } from '../index';

/**
 * A copy of a service's migrations up to and including the one tagged `lastTag`: migrating with it
 * builds the database an older version left behind, so a test can put data there and check that the
 * next migrations keep it.
 */
export function migrationsUpTo(service: string, lastTag: string): string {
  const from = migrationsFolderFor(service);
  const dir = mkdtempSync(join(tmpdir(), `afterglow-${service}-migrations-`));
  cpSync(from, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`${service} has no migration tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A database of its own on the PostgreSQL server `serverUrl` names (TEST_DATABASE_URL), for a test
 * that must not meet another's tables; `drop()` removes it.
 */
export async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `afterglow_t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A database of its own on `serverUrl` (see `scratchPostgres`), opened; `close()` closes and drops it. */
export async function scratchDatabase(
  serverUrl: string,
): Promise<{ database: Awaited<ReturnType<typeof openDatabase>>; close(): Promise<void> }> {
  const db = await scratchPostgres(serverUrl);
  const database = await openDatabase({ url: db.url, dataDir: tmpdir() });
  return {
    database,
    async close() {
      await database.close();
      await db.drop();
    },
  };
}
