// The workspace's import graph, read from the source as text (no build): every relative import and
// every `@afterglow/...` import, resolved to a file. Used by the import-cycle test and the ESLint
// boundary rule (eslint-boundaries.mjs), so both see imports the same way.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const AREAS = ['packages', 'services', 'frontends'];
const EXTS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

/** `{kind, name}` of the workspace a path lies in (`services/photos/...` → services, photos), or null. */
export function areaOf(file) {
  const [kind, name] = relative(root, resolve(file)).split(sep);
  return AREAS.includes(kind) && name ? { kind, name } : null;
}

let packages;
/** Workspace packages by name: their folder and `exports` map. */
export function workspacePackages() {
  if (packages) return packages;
  packages = new Map();
  for (const kind of AREAS) {
    const dir = join(root, kind);
    for (const name of readdirSync(dir)) {
      const pj = join(dir, name, 'package.json');
      if (!existsSync(pj)) continue;
      const json = JSON.parse(readFileSync(pj, 'utf8'));
      packages.set(json.name, { dir: join(dir, name), exports: json.exports ?? {} });
    }
  }
  return packages;
}

function asFile(base) {
  for (const candidate of [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => join(base, `index${e}`))])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  // `./x.js` written for `./x.ts`
  const stem = base.replace(/\.(m?js)$/, '');
  for (const e of EXTS) if (stem !== base && existsSync(stem + e)) return stem + e;
  return null;
}

/** The file an import names, from the file that imports it; null for anything outside the workspace. */
export function resolveImport(spec, fromFile) {
  if (spec.startsWith('.')) return asFile(resolve(dirname(fromFile), spec));
  const m = /^(@afterglow\/[^/]+)(\/.*)?$/.exec(spec);
  if (!m) return null;
  const pkg = workspacePackages().get(m[1]);
  if (!pkg) return null;
  const sub = `.${m[2] ?? ''}`;
  const target = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports[sub];
  const path = typeof target === 'string' ? target : (target?.import ?? target?.default);
  return path ? asFile(join(pkg.dir, path)) : asFile(join(pkg.dir, sub));
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module a file imports (statically, dynamically or as a type), as written. */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const m of text.matchAll(IMPORT)) found.push(m[1] ?? m[2]);
  return found;
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Test code: test files, and the folders that hold what tests share (`test/`, `test-support/`). */
export const isTestCode = (file) => /(\.test\.|\/test\/|\/test-support\/)/.test(file.split(sep).join('/'));

/** The source files below `dir` (declarations left out), test code only with `tests`. */
export function filesUnder(dir, { tests = false } = {}) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (SOURCE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) && (tests || !isTestCode(p)))
        out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The non-test source files of every workspace (`src/` of packages, services and frontends). */
export function sourceFiles() {
  return AREAS.flatMap((kind) =>
    readdirSync(join(root, kind))
      .map((name) => join(root, kind, name, 'src'))
      .filter((src) => existsSync(src))
      .flatMap((src) => filesUnder(src)),
  );
}

/** Import cycles among the given files: each a list of files, in the order they import each other. */
export function importCycles(files = sourceFiles()) {
  const known = new Set(files);
  const edges = new Map(
    files.map((f) => [
      f,
      importsOf(f)
        .map((s) => resolveImport(s, f))
        .filter((t) => t && known.has(t)),
    ]),
  );
  // Tarjan's strongly connected components
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(scc.map((f) => relative(root, f)));
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return cycles;
}
