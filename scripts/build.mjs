// Builds the server: one ESM bundle of the launcher and every service (workspace packages inlined,
// npm dependencies left external) and its threads' beside it (PGlite's; the
// models' of faces, ADR 036, and of the AI safety filter, ADR 027), plus each service's migrations.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'services/server/dist');
// Built beside dist and swapped in when complete, so a server starting meanwhile (another test, a
// restarted service) never finds half a build or no migrations.
const out = `${dist}.building-${process.pid}`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = Date.now();
const result = await build({
  metafile: true,
  entryPoints: {
    afterglow: join(root, 'services/server/src/main.ts'),
    // the face models' thread (ADR 036), started by @afterglow/faces from beside the bundle
    'faces-worker': join(root, 'packages/faces/src/worker.ts'),
    // PGlite's thread (ADR 038), started by @afterglow/db from beside the bundle
    'pglite-worker': join(root, 'packages/db/src/pglite-worker.ts'),
    // the AI safety filter's thread (ADR 027), started by the media worker from beside the bundle
    'safety-worker': join(root, 'services/media/src/app/safety-worker.ts'),
    // the film look's pass (ADR 020), started by the media worker from beside the bundle
    'film-pass-worker': join(root, 'services/media/src/app/film-pass-worker.ts'),
  },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-deps',
      setup(b) {
        // Our own packages are bundled from source; everything from npm stays a runtime import.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@afterglow/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});

// The bundle resolves its npm imports from services/server: they must be that package's dependencies,
// or an install may place them where the bundle cannot see them.
const external = new Set();
for (const out of Object.values(result.metafile.outputs))
  for (const imp of out.imports)
    if (imp.external && !imp.path.startsWith('node:'))
      external.add(imp.path.match(/^(@[^/]+\/[^/]+|[^/]+)/)[1]);
const declared =
  JSON.parse(readFileSync(join(root, 'services/server/package.json'), 'utf8')).dependencies ?? {};
const undeclared = [...external].filter((d) => !(d in declared)).sort();
if (undeclared.length) {
  console.error(`services/server/package.json must depend on: ${undeclared.join(', ')}`);
  rmSync(out, { recursive: true, force: true });
  process.exit(1);
}

for (const svc of readdirSync(join(root, 'services'))) {
  const dir = join(root, 'services', svc, 'drizzle');
  if (existsSync(dir)) cpSync(dir, join(out, 'migrations', svc), { recursive: true });
}
const old = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, old);
renameSync(out, dist);
rmSync(old, { recursive: true, force: true });
console.log(`built services/server/dist in ${Date.now() - started} ms`);
