// The language catalogues (docs/adr/032-languages.md): what the source says, what each language has,
// and the checks that keep them complete. Used by `node scripts/i18n/cli.mjs`, the catalogue tests
// and frontends/i18n-loader.cjs.
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

/** Each catalogue: its name, the folders its messages are written in, where its files live. */
export const DOMAINS = [
  { name: 'ui', src: ['packages/ui/src'], locales: 'packages/ui/src/locales' },
  { name: 'shell', src: ['frontends/shell/src'], locales: 'frontends/shell/src/locales' },
  { name: 'guest', src: ['frontends/guest/src'], locales: 'frontends/guest/src/locales' },
  { name: 'host', src: ['frontends/host/src'], locales: 'frontends/host/src/locales' },
  { name: 'admin', src: ['frontends/admin/src'], locales: 'frontends/admin/src/locales' },
];

const isSource = (f) => /\.(ts|tsx|mts)$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('.d.ts');

/** Every source file under `dir` (tests, locales and test support left out). */
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
 * @returns {{ messages: {id: string, message: string, file: string, line: number}[], errors: string[] }}
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
  const catalogue = {};
  const seen = {};
  const errors = [];
  for (const dir of domain.src)
    for (const file of sourceFiles(join(root, dir))) {
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
      if (name && READ_CALLS.has(name))
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
    sourceFiles(join(root, dir)).flatMap((f) => textOutsideCatalogue(f, read(f))),
  );
}
