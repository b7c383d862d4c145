import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBus, type Bus } from '@afterglow/bus';
import { openDatabase, type Database } from '@afterglow/db';
import { createFsStore, createUrlSigner, type ObjectStore, type UrlSigner } from '@afterglow/storage';
import { createLogger, type Logger } from '../logger';

export interface TestAdapters {
  database: Database;
  bus: Bus;
  store: ObjectStore;
  signer: UrlSigner;
  logger: Logger;
  /** the directory the store writes under */
  dir: string;
  close(): Promise<void>;
}

/**
 * The embedded profile's real adapters for a test of one service's use cases against a real
 * database: PGlite in memory with the services' migrations applied (`folders` names a service's
 * migrations folder when it is not the current one), the in-memory bus, and the filesystem store in
 * a temporary directory. `databaseUrl` puts the database on a PostgreSQL server instead (a database of
 * the test's own: the migrations are applied to it).
 */
export async function testAdapters(
  services: string[],
  folders: Record<string, string> = {},
  opts: { databaseUrl?: string } = {},
): Promise<TestAdapters> {
  const dir = mkdtempSync(join(tmpdir(), 'afterglow-test-'));
  const database = await openDatabase({ url: opts.databaseUrl ?? 'pglite:memory', dataDir: dir });
  for (const s of services) await database.migrate(s, folders[s] ? { folder: folders[s] } : {});
  const bus = createMemoryBus();
  const store = createFsStore({ root: join(dir, 'objects') });
  return {
    database,
    bus,
    store,
    signer: createUrlSigner(randomBytes(32)),
    logger: createLogger('test', 'silent', { pretty: false }),
    dir,
    async close() {
      await bus.close();
      await store.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
