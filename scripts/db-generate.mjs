// Generates SQL migrations for every service that has a drizzle.config.ts (no database needed).
// `CREATE SCHEMA` becomes `CREATE SCHEMA IF NOT EXISTS`: the migrator creates the service's schema
// first, for its own bookkeeping table.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
for (const svc of readdirSync(join(root, 'services'))) {
  if (only && svc !== only) continue;
  const dir = join(root, 'services', svc);
  if (!existsSync(join(dir, 'drizzle.config.ts'))) continue;
  execFileSync(
    join(root, 'node_modules/.bin/drizzle-kit'),
    ['generate', ...(process.argv[3] ? ['--name', process.argv[3]] : [])],
    {
      cwd: dir,
      stdio: 'inherit',
    },
  );
  const out = join(dir, 'drizzle');
  for (const f of readdirSync(out)) {
    if (!f.endsWith('.sql')) continue;
    const p = join(out, f);
    const sql = readFileSync(p, 'utf8');
    const fixed = sql.replace(/CREATE SCHEMA "([^"]+)";/g, 'CREATE SCHEMA IF NOT EXISTS "$1";');
    if (fixed !== sql) writeFileSync(p, fixed);
  }
}
