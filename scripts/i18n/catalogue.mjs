// The language catalogues (docs/adr/032-languages.md): what the source says, what each language has,
// and the checks that keep them complete. Used by `node scripts/i18n/cli.mjs` and the catalogue tests;
// the web apps' loader (frontends/i18n-loader.mjs) compiles the files this keeps.
//
// A message is written in code as `t('id', 'English', values?)` or declared as `msg('id', 'English')`,
// both with literal strings. Each domain (a remote, the shared UI, the server) keeps its English in
// `<dir>/locales/en.json` (written by `extract` from the code, never by hand) and one file per language
// beside it, `{ id: 'ICU message' }`.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The ten languages (contracts' LANGUAGES), English first. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'tr', 'ar'];
export const SOURCE = 'en';

/** Every service's code (services/<name>/src): the server's pages and answers are written there. */
const SERVICE_SRC = existsSync(join(root, 'services'))
  ? readdirSync(join(root, 'services'))
      .filter((s) => existsSync(join(root, 'services', s, 'src')))
      .sort()
      .map((s) => `services/${s}/src`)
  : [];

/**
 * Each catalogue: its name, the folders its messages are written in, where its files live, and how its
 * English is read from the code when not from `t()`/`msg()` calls (`extract`).
 */
export const DOMAINS = [
  {
    name: 'ui',
    src: ['packages/ui/src'],
    exclude: ['packages/ui/src/plans'],
    locales: 'packages/ui/src/locales',
  },
  // The plans in words: only the pages that show plans (landing, pricing, checkout) download them.
  { name: 'plans', src: ['packages/ui/src/plans'], locales: 'packages/ui/src/plans/locales' },
  {
    name: 'shell',
    src: ['frontends/shell/src'],
    exclude: ['frontends/shell/src/landing'],
    locales: 'frontends/shell/src/locales',
  },
  // The landing page: only '/' downloads it.
  { name: 'landing', src: ['frontends/shell/src/landing'], locales: 'frontends/shell/src/landing/locales' },
  { name: 'guest', src: ['frontends/guest/src'], locales: 'frontends/guest/src/locales' },
  { name: 'host', src: ['frontends/host/src'], locales: 'frontends/host/src/locales' },
  { name: 'admin', src: ['frontends/admin/src'], locales: 'frontends/admin/src/locales' },
  // The server's own pages (sign-in, share pages): `t('id', 'English')` through service-kit's serverText.
  {
    name: 'server',
    src: [...SERVICE_SRC, 'packages/service-kit/src'],
    locales: 'packages/service-kit/src/locales/server',
  },
  // Problem details and field messages, keyed by their English (they are thrown where they are decided
  // and translated as they leave, by service-kit's translateProblem): see extractProblems.
  {
    name: 'problems',
    src: [
      ...SERVICE_SRC,
      'packages/contracts/src',
      'packages/service-kit/src',
      'packages/db/src',
      'packages/bus/src',
      'packages/storage/src',
    ],
    locales: 'packages/service-kit/src/locales/problems',
    extract: (domain, read) => extractProblems(domain, read),
  },
];

const isSource = (f) => /\.(ts|tsx|mts)$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('.d.ts');

/** Every source file under `dir` (tests, locales and test support left out). */
/** A domain's source files under one of its folders, without the folders it leaves to another domain. */
export function domainFiles(domain, dir) {
  const skip = (domain.exclude ?? []).map((d) => join(root, d));
  return sourceFiles(join(root, dir)).filter((f) => !skip.some((d) => f.startsWith(d + '/')));
}

/** The domain whose catalogue a file's messages belong to (by the folders each domain is written in). */
export function domainOf(file) {
  const inside = (dir) => file.startsWith(join(root, dir) + '/');
  return DOMAINS.find((d) => d.src.some(inside) && !(d.exclude ?? []).some(inside));
}

export function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'dist' || name === 'locales' || name === 'test-support')
        continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (isSource(p)) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

const literal = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
const calleeName = (expr) =>
  ts.isIdentifier(expr) ? expr.text : ts.isPropertyAccessExpression(expr) ? expr.name.text : undefined;

/**
 * The messages a file writes: `t('id', 'English', …)` and `msg('id', 'English')` calls. A `t(…)` whose
 * first argument is not a string is a declared message being shown (`t(descriptor)`).
 * @returns {{ messages: {id: string, message: string, file: string, line: number, idAt: [number, number], at: [number, number]}[], errors: string[] }}
 */
export function messagesIn(file, text = readFileSync(file, 'utf8')) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const messages = [];
  const errors = [];
  const where = (node) =>
    `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name === 't' || name === 'msg' || name === 'rich') {
        const [a, b] = node.arguments;
        const id = literal(a);
        if (name === 'msg' || id !== undefined || (a && ts.isTemplateExpression(a))) {
          const message = literal(b);
          if (id === undefined || message === undefined)
            errors.push(`${where(node)}: ${name}() needs a literal id and a literal English message`);
          else
            messages.push({
              id,
              message,
              file,
              line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
              // where the id and the English are written, for the build to put there their page forms
              idAt: [a.getStart(), a.getEnd()],
              at: [b.getStart(), b.getEnd()],
            });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { messages, errors };
}

/** A domain's messages from its code: `{ catalogue: {id: English}, errors }`, ids sorted. */
export function extract(domain, read = (f) => readFileSync(f, 'utf8')) {
  if (domain.extract) return domain.extract(domain, read);
  const catalogue = {};
  const seen = {};
  const errors = [];
  for (const dir of domain.src)
    for (const file of domainFiles(domain, dir)) {
      const found = messagesIn(file, read(file));
      errors.push(...found.errors);
      for (const m of found.messages) {
        const here = `${relative(root, m.file)}:${m.line}`;
        if (m.id in catalogue && catalogue[m.id] !== m.message)
          errors.push(`${here}: '${m.id}' is '${catalogue[m.id]}' at ${seen[m.id]}, here '${m.message}'`);
        else if (!(m.id in catalogue)) {
          catalogue[m.id] = m.message;
          seen[m.id] = here;
        }
        const bad = icuError(m.message);
        if (bad) errors.push(`${here}: '${m.id}' is not ICU MessageFormat: ${bad}`);
      }
    }
  return { catalogue: sortKeys(catalogue), errors };
}

export const sortKeys = (o) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

export function icuError(message) {
  try {
    parse(message);
    return null;
  } catch (e) {
    return e.message;
  }
}

/** The argument names a message uses (`{name}`, `{count, plural, …}`), for comparing languages. */
export function argumentsOf(message) {
  const names = new Set();
  const walk = (tokens) => {
    for (const tok of tokens) {
      if (tok.type === 'argument' || tok.type === 'function') names.add(tok.arg);
      if (tok.type === 'plural' || tok.type === 'select' || tok.type === 'selectordinal') {
        names.add(tok.arg);
        for (const c of tok.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

export const localesDir = (domain) => join(root, domain.locales);
export function readCatalogue(domain, lang) {
  const file = join(localesDir(domain), `${lang}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
export function writeCatalogue(domain, lang, catalogue) {
  writeFileSync(
    join(localesDir(domain), `${lang}.json`),
    `${JSON.stringify(sortKeys(catalogue), null, 2)}\n`,
  );
}

/**
 * What is wrong with one language's catalogue against the English: keys it lacks, keys the source no
 * longer uses, messages that do not parse or use other placeholders than the English.
 */
export function compareCatalogue(english, translated, lang) {
  const problems = [];
  if (!translated) return [`${lang}: no catalogue`];
  for (const id of Object.keys(english)) {
    if (!(id in translated)) {
      problems.push(`${lang}: missing '${id}'`);
      continue;
    }
    const text = translated[id];
    if (typeof text !== 'string' || !text.trim()) {
      problems.push(`${lang}: '${id}' is empty`);
      continue;
    }
    const bad = icuError(text);
    if (bad) {
      problems.push(`${lang}: '${id}' is not ICU MessageFormat: ${bad}`);
      continue;
    }
    const want = argumentsOf(english[id]).join(',');
    const have = argumentsOf(text).join(',');
    if (want !== have) problems.push(`${lang}: '${id}' uses {${have}}, the English {${want}}`);
  }
  for (const id of Object.keys(translated))
    if (!(id in english)) problems.push(`${lang}: '${id}' is no longer in the source`);
  return problems;
}

/** Every problem of a domain: extraction errors, an outdated en.json, and each language's gaps. */
export function checkDomain(domain, { read, catalogues } = {}) {
  const { catalogue, errors } = extract(domain, read);
  const problems = [...errors];
  const get = catalogues ?? ((lang) => readCatalogue(domain, lang));
  const stored = get(SOURCE);
  if (JSON.stringify(stored) !== JSON.stringify(catalogue))
    problems.push(`${domain.name}: locales/en.json is not what the code says: run npm run i18n:extract`);
  for (const lang of LANGUAGES.slice(1))
    problems.push(...compareCatalogue(catalogue, get(lang), lang).map((p) => `${domain.name} ${p}`));
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Text shown outside the catalogue

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'alt',
  'placeholder',
  'label',
  'description',
  'message',
  'what',
  'text',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
/** Calls whose string arguments a person reads. */
const READ_CALLS = new Set([
  'toast',
  'success',
  'error',
  'info',
  'warning',
  'confirm',
  'alert',
  'setError',
  'fail',
]);
const PROSE = /[A-Za-z]{2,}/;
/** Words that read the same in every language. */
const SAME_EVERYWHERE =
  /^(Afterglow|QR|OK|PNG|JPEG|ZIP|CSV|PDF|URL|ID|Wi-Fi|Stripe|Google|Facebook|X|WhatsApp|Instagram|Email|E-mail)$/;

/**
 * Text a component shows that is not a catalogue message: JSX text, read attributes given a literal,
 * and literal strings handed to toasts and errors.
 * @returns {string[]} one line per finding: file:line and the text
 */
export function textOutsideCatalogue(file, text = readFileSync(file, 'utf8')) {
  if (!file.endsWith('.tsx')) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, s) => {
    const clean = s.replace(/\s+/g, ' ').trim();
    if (!PROSE.test(clean) || SAME_EVERYWHERE.test(clean)) return;
    found.push(
      `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: "${clean}"`,
    );
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (READ_ATTRIBUTES.has(name) || /Label$|Text$|Title$/.test(name)) {
        const init = node.initializer;
        const lit = ts.isStringLiteral(init)
          ? init
          : ts.isJsxExpression(init) && init.expression && literal(init.expression) !== undefined
            ? init.expression
            : null;
        if (lit) report(lit, literal(lit) ?? lit.text);
      }
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      // console.error('…') is for developers, not a person
      const onConsole =
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.expression.getText(sf) === 'console';
      if (name && READ_CALLS.has(name) && !onConsole)
        for (const arg of node.arguments) {
          const s = literal(arg);
          if (s !== undefined) report(arg, s);
          if (ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (ts.isPropertyAssignment(p) && ['title', 'description'].includes(p.name.getText(sf))) {
                const v = literal(p.initializer);
                if (v !== undefined) report(p.initializer, v);
              }
        }
    } else if (ts.isJsxExpression(node) && node.expression && literal(node.expression) !== undefined) {
      // {'Some text'} as a child
      if (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
        report(node, literal(node.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every finding of `textOutsideCatalogue` in a domain's code. */
export function untranslatedText(domain, read = (f) => readFileSync(f, 'utf8')) {
  return domain.src.flatMap((dir) =>
    domainFiles(domain, dir).flatMap((f) => textOutsideCatalogue(f, read(f))),
  );
}

// ---------------------------------------------------------------------------------------------------
// Problem details: the `problems` domain
//
// A problem's English is written where the refusal is decided (`throw notFound('Event not found',
// 'event_not_found')`, a schema's `.max(80, 'Event name can be at most 80 characters')`, a table such as
// PLAN_MESSAGES) and translated as the answer leaves (service-kit's translateProblem), so the catalogue
// is keyed by the English itself: `{ "Event not found": "Event not found" }`. A text made at run time
// from variable parts cannot be looked up: it is sent in English and listed as `englishOnly`.

/** The calls that make a problem, and which argument is its English. */
const PROBLEM_BUILDERS = {
  HttpError: 2, // new HttpError(status, code, message)
  problem: 2, // problem(status, code, detail)
  badRequest: 0,
  unauthorized: 0,
  forbidden: 0,
  notFound: 0,
  conflict: 0,
  unavailable: 0,
};
/** zod's checks whose string argument (or `{ error | message }`) is the message they fail with. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'int',
  'email',
  'uuid',
  'url',
  'nonempty',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'multipleOf',
]);
/** Where the API's schemas and message tables are written. */
const CONTRACTS = 'packages/contracts/src';
/** Message tables: every string of a top-level const named like this in contracts (EVENT_MESSAGES). */
const MESSAGE_TABLE = /_MESSAGES?$/;
/** The HTTP status titles (`title` of every problem): contracts' TITLES and statusTitle's fallback. */
const STATUS_TITLES_FILE = `${CONTRACTS}/problem.ts`;

const UNKNOWN = Symbol('unknown');
const FUNCTION = Symbol('function');
const skipWrappers = (node) => {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isNonNullExpression(node)
  )
    node = node.expression;
  return node;
};
const propertyName = (name) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;

/**
 * The values the code's constants have when they are plain data (strings, numbers, arrays and objects
 * of them, templates and `.join()` over them), so that `Event name can be at most ${EVENT_NAME_MAX}
 * characters` is read as the exact English it is at run time. A name is looked up in its own file's
 * top-level consts, else, when the file imports it, among every file's.
 */
function constantFolder(parsed) {
  const own = new Map(); // file -> name -> initializer
  const imported = new Map(); // file -> local name -> exported name
  const everywhere = new Map(); // name -> initializers
  for (const { file, sf } of parsed) {
    const mine = new Map();
    const imports = new Map();
    for (const st of sf.statements) {
      if (ts.isVariableStatement(st) && st.declarationList.flags & ts.NodeFlags.Const)
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer) {
            mine.set(d.name.text, d.initializer);
            everywhere.set(d.name.text, [...(everywhere.get(d.name.text) ?? []), d.initializer]);
          }
      const named = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : undefined;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements) imports.set(el.name.text, (el.propertyName ?? el.name).text);
    }
    own.set(file, mine);
    imported.set(file, imports);
  }
  const cache = new Map();
  const byName = (name, file) => {
    const mine = own.get(file)?.get(name);
    if (mine) return fold(mine);
    const exported = imported.get(file)?.get(name);
    if (!exported) return UNKNOWN;
    const values = (everywhere.get(exported) ?? []).map(fold);
    return values.length && values.every((v) => v === values[0]) ? values[0] : UNKNOWN;
  };
  const primitive = (v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  const compute = (node) => {
    node = skipWrappers(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
      const v = fold(node.operand);
      return typeof v === 'number' ? -v : UNKNOWN;
    }
    if (ts.isTemplateExpression(node)) {
      let out = node.head.text;
      for (const span of node.templateSpans) {
        const v = fold(span.expression);
        if (!primitive(v)) return UNKNOWN;
        out += String(v) + span.literal.text;
      }
      return out;
    }
    if (ts.isBinaryExpression(node)) {
      const a = fold(node.left);
      const b = fold(node.right);
      if (!primitive(a) || !primitive(b)) return UNKNOWN;
      switch (node.operatorToken.kind) {
        case ts.SyntaxKind.PlusToken:
          return typeof a === 'number' && typeof b === 'number' ? a + b : String(a) + String(b);
        case ts.SyntaxKind.MinusToken:
          return Number(a) - Number(b);
        case ts.SyntaxKind.AsteriskToken:
          return Number(a) * Number(b);
        default:
          return UNKNOWN;
      }
    }
    if (ts.isIdentifier(node)) return byName(node.text, node.getSourceFile().fileName);
    if (ts.isPropertyAccessExpression(node)) {
      const o = fold(node.expression);
      if (Array.isArray(o) && node.name.text === 'length') return o.length;
      return o && typeof o === 'object' && Object.hasOwn(o, node.name.text) ? o[node.name.text] : UNKNOWN;
    }
    if (ts.isElementAccessExpression(node)) {
      const o = fold(node.expression);
      const k = fold(node.argumentExpression);
      return o && typeof o === 'object' && primitive(k) && Object.hasOwn(o, k) ? o[k] : UNKNOWN;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'join'
    ) {
      const list = fold(node.expression.expression);
      const sep = node.arguments.length ? fold(node.arguments[0]) : ',';
      return Array.isArray(list) && list.every(primitive) && typeof sep === 'string'
        ? list.join(sep)
        : UNKNOWN;
    }
    if (ts.isArrayLiteralExpression(node)) {
      const items = node.elements.map((e) => (ts.isSpreadElement(e) ? UNKNOWN : fold(e)));
      return items.includes(UNKNOWN) ? UNKNOWN : items;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const o = {};
      for (const p of node.properties) {
        const key = p.name && propertyName(p.name);
        if (ts.isPropertyAssignment(p) && key !== undefined) o[key] = fold(p.initializer);
        else if (ts.isShorthandPropertyAssignment(p)) o[p.name.text] = fold(p.name);
        else if (ts.isMethodDeclaration(p) && key !== undefined) o[key] = FUNCTION;
        else if (ts.isSpreadAssignment(p)) {
          const spread = fold(p.expression);
          if (spread && typeof spread === 'object' && !Array.isArray(spread)) Object.assign(o, spread);
        }
      }
      return o;
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return FUNCTION;
    return UNKNOWN;
  };
  function fold(node) {
    if (cache.has(node)) return cache.get(node);
    cache.set(node, UNKNOWN); // a name defined by itself
    const v = compute(node);
    cache.set(node, v);
    return v;
  }
  return fold;
}

/**
 * The `problems` domain's English from the code: the message argument of every problem builder
 * (`new HttpError(status, code, message)`, `badRequest(message)`, `forbidden`, `notFound`, `conflict`,
 * `unauthorized`, `unavailable`, `problem`) and their default messages, the messages of contracts'
 * schemas (`{ error: '…' }`, `{ message: '…' }`, `.max(n, '…')`, `.refine(f, '…')`), every string of
 * contracts' message tables (`EVENT_MESSAGES`, `PLAN_MESSAGES`, `EVENT_LANGUAGE_MESSAGE`, …) and the
 * HTTP status titles. Both branches of `a ? 'x' : 'y'` and `v ?? 'x'` count; a name that is not a
 * constant (a parameter, a variable) is a message written elsewhere and read there.
 * @returns {{ catalogue: Record<string, string>, errors: string[], englishOnly: string[] }}
 */
export function extractProblems(domain, read = (f) => readFileSync(f, 'utf8')) {
  const files = [...new Set(domain.src.flatMap((dir) => domainFiles(domain, dir)))];
  const parsed = files.map((file) => ({
    file,
    sf: ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS),
  }));
  const fold = constantFolder(parsed);
  const catalogue = {};
  const errors = [];
  const englishOnly = [];
  const where = (node) => {
    const sf = node.getSourceFile();
    return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const add = (text, node) => {
    if (!/[A-Za-z]{2,}/.test(text)) return;
    const bad = icuError(text);
    if (bad) errors.push(`${where(node)}: '${text}' cannot be a catalogue message: ${bad}`);
    else catalogue[text] = text;
  };
  /** The English a message expression can be: each branch of a choice, each constant. */
  const message = (node) => {
    node = skipWrappers(node);
    if (ts.isConditionalExpression(node)) {
      message(node.whenTrue);
      message(node.whenFalse);
      return;
    }
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      message(node.left);
      message(node.right);
      return;
    }
    const v = fold(node);
    if (typeof v === 'string') return add(v, node);
    // text put together at run time: its English is not known here, it leaves as it is
    if (
      ts.isTemplateExpression(node) ||
      (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    )
      englishOnly.push(`${where(node)}: ${node.getText().replace(/\s+/g, ' ')}`);
  };
  /** Every string of a message table; a message made by a function is English only. */
  const table = (name, value, node) => {
    if (typeof value === 'string') add(value, node);
    else if (value === FUNCTION) englishOnly.push(`${where(node)}: ${name}(…)`);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) table(`${name}.${k}`, v, node);
  };
  const errorProperties = (obj) => {
    for (const p of obj.properties)
      if (ts.isPropertyAssignment(p) && ['error', 'message'].includes(propertyName(p.name)))
        message(p.initializer);
  };
  const builderOf = (fn) => {
    if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
    const parent = fn.parent;
    return parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)
      ? parent.name.text
      : undefined;
  };

  for (const { file, sf } of parsed) {
    const rel = relative(root, file);
    const inContracts = rel.startsWith(`${CONTRACTS}/`);
    if (inContracts)
      for (const st of sf.statements)
        if (ts.isVariableStatement(st))
          for (const d of st.declarationList.declarations)
            if (ts.isIdentifier(d.name) && d.initializer) {
              if (MESSAGE_TABLE.test(d.name.text)) table(d.name.text, fold(d.initializer), d);
              if (rel === STATUS_TITLES_FILE && d.name.text === 'TITLES')
                table('TITLES', fold(d.initializer), d);
            }
    const visit = (node) => {
      if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        const name = calleeName(node.expression);
        const at = name !== undefined && Object.hasOwn(PROBLEM_BUILDERS, name) ? PROBLEM_BUILDERS[name] : -1;
        const isBuilder = ts.isNewExpression(node) ? name === 'HttpError' : at >= 0 && name !== 'HttpError';
        if (isBuilder && node.arguments?.[at]) message(node.arguments[at]);
        if (inContracts && ts.isCallExpression(node)) {
          const zodCheck =
            ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text);
          for (const arg of node.arguments) {
            if (ts.isObjectLiteralExpression(arg)) errorProperties(arg);
            else if (zodCheck) message(arg);
          }
        }
      }
      // the builders' default messages: `unauthorized = (message = 'Sign in required') => …`
      if (ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) {
        const name = builderOf(node);
        if (name && Object.hasOwn(PROBLEM_BUILDERS, name))
          for (const p of node.parameters)
            if (ts.isIdentifier(p.name) && p.name.text === 'message' && p.initializer) message(p.initializer);
        if (name === 'statusTitle' && rel === STATUS_TITLES_FILE) {
          const returns = (n) => {
            if (ts.isReturnStatement(n) && n.expression) message(n.expression);
            ts.forEachChild(n, returns);
          };
          returns(node);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { catalogue: sortKeys(catalogue), errors, englishOnly: [...new Set(englishOnly)] };
}
