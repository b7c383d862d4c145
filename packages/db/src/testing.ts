import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolderFor } from './index';

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
