import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contracts from '@afterglow/contracts';
import type { RpcContract } from '@afterglow/contracts';
import { MODULES } from './modules';

/**
 * Every module names in `asks` each module whose bus questions it asks (ServiceModule in
 * packages/service-kit), and nothing else. How it is checked, statically, so that a question asked
 * on a rare path counts as much as one asked at start:
 *
 * - A question is an rpc contract exported by `@afterglow/contracts` (an object with an `rpc.…`
 *   subject and request and answer schemas: found from the package's real exports, not from names).
 * - A module's code is its `module.ts` and every file it reaches by relative imports (tests and test
 *   helpers are not reached). Services never import each other (the import-boundaries lint rule), and
 *   no package but contracts names a question (checked below), so a module can ask only through a
 *   contract its own code imports: each contract its code imports (a value import, under any alias) is
 *   one it asks, unless it passes that contract to `answer(…)` itself. A contract imported only for
 *   its type is imported with `import type` and counts for nothing.
 * - The module that answers a question is the one whose code passes its contract to `answer` (so the
 *   identity questions, answered in the gateway, are the gateway's). Each question has one answerer.
 * - No service names a subject itself (a `'rpc.…'` string, the `RPC` map): it would bypass both the
 *   schemas and this check.
 *
 * `deps` (start order, used by the launcher) is not this: some modules ask each other.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The rpc contracts, by their exported name. */
const isContract = (v: unknown): v is RpcContract =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RpcContract).subject === 'string' &&
  (v as RpcContract).subject.startsWith('rpc.') &&
  'request' in v &&
  'response' in v;
const CONTRACTS = new Map<string, RpcContract>();
for (const [name, value] of Object.entries(contracts) as [string, unknown][])
  if (isContract(value)) CONTRACTS.set(name, value);
const SUBJECTS = new Set(Object.values(contracts.RPC) as string[]);

/** What one file says about questions. */
interface FileScan {
  /** relative imports (to follow) */
  imports: string[];
  /** subjects of the contracts it imports as values */
  uses: Set<string>;
  /** subjects of the contracts it passes to `answer` */
  answers: Set<string>;
  /** what the check cannot allow (a subject written out, the `RPC` map, a contract it cannot follow) */
  problems: string[];
  /** of those, the subjects written out */
  literals: string[];
}

function scanFile(path: string, text: string, subjectLiteral: (s: string) => boolean): FileScan {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const scan: FileScan = { imports: [], uses: new Set(), answers: new Set(), problems: [], literals: [] };
  const contractOf = new Map<string, RpcContract>(); // local name -> contract
  const answerNames = new Set<string>(); // local names of @afterglow/bus's `answer`
  const where = (n: ts.Node) =>
    `${path}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1}`;

  const useContract = (exported: string, local: string, n: ts.Node) => {
    if (exported === 'RPC') scan.problems.push(`${where(n)} uses the RPC map: ask with the contract`);
    const c = CONTRACTS.get(exported);
    if (!c) return;
    contractOf.set(local, c);
    scan.uses.add(c.subject);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const from = n.moduleSpecifier.text;
      const clause = n.importClause;
      if (from.startsWith('.')) scan.imports.push(from);
      if (clause && !clause.isTypeOnly && clause.namedBindings) {
        const b = clause.namedBindings;
        if (from === '@afterglow/contracts' && ts.isNamespaceImport(b))
          scan.problems.push(`${where(n)} imports the contracts as a namespace: import each by name`);
        if (ts.isNamedImports(b))
          for (const e of b.elements) {
            if (e.isTypeOnly) continue;
            const exported = (e.propertyName ?? e.name).text;
            if (from === '@afterglow/contracts') useContract(exported, e.name.text, e);
            if (from === '@afterglow/bus' && exported === 'answer') answerNames.add(e.name.text);
          }
      }
      return;
    }
    if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const from = n.moduleSpecifier.text;
      if (from.startsWith('.')) scan.imports.push(from);
      if (from === '@afterglow/contracts' && !n.isTypeOnly) {
        if (!n.exportClause) scan.problems.push(`${where(n)} re-exports all of the contracts`);
        else if (ts.isNamedExports(n.exportClause))
          for (const e of n.exportClause.elements)
            if (!e.isTypeOnly) useContract((e.propertyName ?? e.name).text, e.name.text, e);
      }
      return;
    }
    if (ts.isCallExpression(n)) {
      const [arg] = n.arguments;
      if (n.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg)) {
        if (arg.text.startsWith('.')) scan.imports.push(arg.text);
      } else if (ts.isIdentifier(n.expression) && answerNames.has(n.expression.text)) {
        const c = n.arguments[1];
        const contract = c && ts.isIdentifier(c) ? contractOf.get(c.text) : undefined;
        if (contract) scan.answers.add(contract.subject);
        else scan.problems.push(`${where(n)} answers a contract this check cannot follow: pass it by name`);
      }
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n)) {
      if (subjectLiteral(n.text)) {
        const problem = `${where(n)} writes the subject '${n.text}': use its contract`;
        scan.problems.push(problem);
        scan.literals.push(problem);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return scan;
}

/** A file's text, or undefined when there is none. */
type Read = (path: string) => string | undefined;
const readDisk: Read = (path) =>
  existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;

function resolveRelative(from: string, spec: string, read: Read): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.tsx?$/.test(p) && read(p) !== undefined) return p;
  return null;
}

interface ModuleScan {
  name: string;
  asks: readonly string[];
  /** subjects its code asks */
  asked: Set<string>;
  /** subjects its code answers */
  answered: Set<string>;
  problems: string[];
  files: string[];
}

/** The module's own code: `entry` and what it reaches by relative imports. */
function scanModule(
  m: { name: string; asks: readonly string[] },
  entry: string,
  read: Read = readDisk,
): ModuleScan {
  const uses = new Set<string>();
  const answered = new Set<string>();
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const text = read(path);
    if (text === undefined) {
      problems.push(`${m.name}: cannot read ${path}`);
      continue;
    }
    const scan = scanFile(path, text, (s) => s.startsWith('rpc.'));
    scan.uses.forEach((s) => uses.add(s));
    scan.answers.forEach((s) => answered.add(s));
    problems.push(...scan.problems);
    for (const spec of scan.imports) {
      const next = resolveRelative(path, spec, read);
      if (next) queue.push(next);
    }
  }
  const asked = new Set([...uses].filter((s) => !answered.has(s)));
  return { name: m.name, asks: m.asks, asked, answered, problems, files: [...seen] };
}

/** What is wrong with the modules' `asks`, given what their code asks and answers. */
function checkAsks(scans: ModuleScan[]): string[] {
  const answerers = new Map<string, string[]>();
  for (const s of scans)
    for (const subject of s.answered) answerers.set(subject, [...(answerers.get(subject) ?? []), s.name]);
  const out: string[] = [];
  for (const s of scans) {
    out.push(...s.problems);
    const needed = new Set<string>();
    for (const subject of [...s.asked].sort()) {
      const owners = answerers.get(subject) ?? [];
      if (!owners.length) out.push(`${s.name} asks ${subject}, which no module answers`);
      for (const owner of owners) {
        needed.add(owner);
        if (!s.asks.includes(owner))
          out.push(`${s.name} asks ${subject} (answered by ${owner}) without naming ${owner} in its asks`);
      }
    }
    for (const a of s.asks)
      if (!needed.has(a)) out.push(`${s.name} names ${a} in its asks but asks it nothing`);
  }
  return out;
}

const entryOf = (name: string) => join(ROOT, 'services', name, 'src', 'module.ts');
let real: ModuleScan[] | undefined;
const realScans = () => (real ??= MODULES.map((m) => scanModule(m, entryOf(m.name))));

/** Every .ts file under `dir`, tests included. */
function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const rel = (p: string) => p.slice(ROOT.length + 1);

describe("each module's asks", () => {
  const scans = realScans();

  it('finds each module at services/<name>/src/module.ts and reads its code', () => {
    for (const m of MODULES) {
      expect(readFileSync(entryOf(m.name), 'utf8'), m.name).toContain(`name: '${m.name}'`);
      expect(scans.find((s) => s.name === m.name)!.files.length, m.name).toBeGreaterThan(1);
    }
    // the check sees the questions the product asks (a scan that found nothing would pass anything)
    expect(scans.find((s) => s.name === 'admin')!.asked.size).toBeGreaterThanOrEqual(10);
  });

  it('names every module whose questions it asks, and only those', () => {
    expect(checkAsks(scans)).toEqual([]);
  });

  it('has each question answered by exactly one module: the service its subject names', () => {
    // identity (the users table) is part of the gateway (ARCHITECTURE.md, layout)
    const moduleOf = (service: string) => (service === 'identity' ? 'gateway' : service);
    for (const [name, c] of CONTRACTS) {
      const answerers = scans.filter((s) => s.answered.has(c.subject)).map((s) => s.name);
      expect(answerers, `${name} (${c.subject})`).toEqual([moduleOf(c.service ?? '')]);
      expect(c.service, name).toBe(c.subject.split('.')[1]);
    }
    // and every subject in the RPC map has its contract
    expect([...CONTRACTS.values()].map((c) => c.subject).sort()).toEqual([...SUBJECTS].sort());
  });

  it('leaves rpc subjects to the contracts: no service or package writes one', () => {
    const problems: string[] = [];
    const self = fileURLToPath(import.meta.url);
    for (const file of tsFiles(join(ROOT, 'services'))) {
      if (file === self) continue;
      // every file of the services, tests included (the modules' own code is held to more above): no
      // 'rpc.…' string (a test may go through the RPC map, as rpc-responders.test.ts probes each subject)
      const s = scanFile(rel(file), readFileSync(file, 'utf8'), (t) => t.startsWith('rpc.'));
      problems.push(...s.literals);
    }
    for (const file of tsFiles(join(ROOT, 'packages'))) {
      if (file.includes('/packages/contracts/') || /\.test\.ts$/.test(file)) continue;
      // packages (the bus's own tests use subjects of their own): no product subject, no contract
      const s = scanFile(rel(file), readFileSync(file, 'utf8'), (t) => SUBJECTS.has(t));
      problems.push(...s.problems);
      if (s.uses.size) problems.push(`${rel(file)} names ${[...s.uses].join(', ')}: only services ask`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the asks check', () => {
  const billingAsker = [
    "import { ask, type Bus } from '@afterglow/bus';",
    "import { billingEntitlements } from '@afterglow/contracts';",
    "export const plan = (bus: Bus) => ask(bus, billingEntitlements, { accountId: 'a' });",
  ].join('\n');
  /** A module whose code is these files (the first is its module.ts). */
  const fake = (asks: string[], files: Record<string, string>) => {
    const read: Read = (p) => files[p.slice('/fake/src/'.length)];
    return scanModule({ name: 'fake', asks }, join('/fake/src', Object.keys(files)[0]!), read);
  };
  /** What the check says of the fake module, beside the product's modules (which answer the questions). */
  const check = (m: ModuleScan) =>
    checkAsks([...realScans(), m]).filter((p) => p.startsWith('fake ') || p.startsWith('/fake/'));

  it('reports a module that asks rpc.billing.entitlements without naming billing in its asks', () => {
    expect(check(fake([], { 'module.ts': billingAsker }))).toEqual([
      'fake asks rpc.billing.entitlements (answered by billing) without naming billing in its asks',
    ]);
    // named, it passes
    expect(check(fake(['billing'], { 'module.ts': billingAsker }))).toEqual([]);
  });

  it('follows the module to the file that asks, under any name, and reports asks it does not need', () => {
    const files = {
      'module.ts': "import { plans } from './app/plans';\nexport const m = { plans };",
      'app/plans.ts': [
        "import { cachedAsk, type Bus } from '@afterglow/bus';",
        "import { billingEntitlements as entitlements } from '@afterglow/contracts';",
        'export const plans = (bus: Bus) => cachedAsk(bus, entitlements);',
      ].join('\n'),
    };
    expect(check(fake(['photos'], files))).toEqual([
      'fake asks rpc.billing.entitlements (answered by billing) without naming billing in its asks',
      'fake names photos in its asks but asks it nothing',
    ]);
  });

  it('reports a subject written out or the RPC map, which would go around the contracts', () => {
    const files = {
      'module.ts': [
        "import { RPC } from '@afterglow/contracts';",
        'export const a = (bus: Bus) => bus.request(RPC.billingEntitlements, {});',
        "export const b = (bus: Bus) => bus.request('rpc.billing.entitlements', {});",
      ].join('\n'),
    };
    expect(check(fake([], files))).toEqual([
      '/fake/src/module.ts:1 uses the RPC map: ask with the contract',
      "/fake/src/module.ts:3 writes the subject 'rpc.billing.entitlements': use its contract",
    ]);
  });
});
