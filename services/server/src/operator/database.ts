import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepareBilling } from '@afterglow/billing';
import { openDatabase, type Database } from '@afterglow/db';
import type { BaseConfig } from '@afterglow/service-kit';
import { runningServer } from '../datadir-lock';
import { OperatorError } from './io';

const isPostgres = (url: string | undefined) => /^postgres(ql)?:\/\//.test(url ?? '');

/**
 * The database the server uses. PGlite files belong to one process: while a server runs on the data
 * dir, the command refuses rather than open them beside it.
 */
export async function openOperatorDatabase(
  config: BaseConfig,
  opts: { identity?: boolean; billing?: boolean } = {},
): Promise<Database> {
  const dataDir = resolve(config.AFTERGLOW_DATA_DIR);
  if (!isPostgres(config.DATABASE_URL)) {
    const server = runningServer(dataDir);
    if (server)
      throw new OperatorError(
        `Afterglow is running on this data dir (pid ${server.pid}, port ${server.port}). ` +
          'Stop it first (Ctrl-C): its embedded database belongs to one process.',
      );
    if (!config.DATABASE_URL && !existsSync(join(dataDir, 'pg')))
      throw new OperatorError(
        `No Afterglow database in ${dataDir}: run the command where you run the server, ` +
          'or set AFTERGLOW_DATA_DIR to its data dir.',
      );
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir,
    migrationsDir: config.AFTERGLOW_MIGRATIONS_DIR,
  });
  try {
    // The tables a command uses as this version has them, even before its first start after an
    // upgrade (billing's migration takes over the plans identity kept before, ADR 012).
    if (opts.billing) await prepareBilling(database);
    if (opts.identity) await database.migrate('gateway', { schema: 'identity' });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
