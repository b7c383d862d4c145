// The languages at build time (docs/adr/032-languages.md): no message parser ships to a phone.
// - A catalogue (`locales/<lang>.json`) is compiled ahead of time with Lingui's compiler: in the web
//   apps' build, each language of a domain becomes a file of its own, `i18n/<domain>.<lang>.<hash>.json`,
//   fetched by the runtime when that language is first used (`catalogueFiles`); in Vitest, a module
//   (`compileCatalogue`, vitest.config.ts).
// - The English written in code, `t('id', 'English {name}')` or `msg(…)`, is compiled where it is
//   written when it needs compiling (placeholders, plurals): `compileSourceMessages`, Rspack's loader
//   for sources (`i18n-source-loader.mjs`) and Vitest's transform. English is never downloaded.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DOMAINS, domainOf, localesDir, messagesIn } from '../scripts/i18n/catalogue.mjs';

const NEEDS_COMPILING = /[{}'#<]/;

/** Each web domain's letter, the first of its messages' keys. */
const DOMAIN_LETTERS = { ui: 'u', plans: 'p', shell: 's', landing: 'l', guest: 'g', host: 'h', admin: 'a' };
const keyCache = new Map();

/** A domain's English catalogue (`locales/en.json`), which its messages' keys come from. */
export const englishCatalogueOf = (domain) =>
  join(localesDir(DOMAINS.find((d) => d.name === domain)), 'en.json');

/**
 * A web domain's messages' keys on a page: its letter and the id's place among the domain's ids in
 * base 36 (`t('camera.preview', …)` ships as `t('g1k', …)`, and the domain's catalogues are keyed the
 * same way), so a page carries no long ids and two domains' equal ids stay apart in the one store. A
 * domain's code and catalogues are built together (its text module emits them), so they agree; an id
 * not yet in the domain's English catalogue keeps its id (and reads in English).
 * @returns {Map<string, string>}
 */
export function messageKeys(domain) {
  const letter = DOMAIN_LETTERS[domain];
  if (!letter) return new Map();
  const english = englishCatalogueOf(domain);
  const stamp = statSync(english).mtimeMs;
  const cached = keyCache.get(domain);
  if (cached?.stamp === stamp) return cached.keys;
  const ids = Object.keys(JSON.parse(readFileSync(english, 'utf8'))).sort();
  const keys = new Map(ids.map((id, i) => [id, letter + i.toString(36)]));
  keyCache.set(domain, { stamp, keys });
  return keys;
}

/** The domain a web app's file belongs to (none outside the web apps). */
export const webDomainOf = (file) =>
  /[\\/](frontends|packages[\\/]ui)[\\/]/.test(file) ? domainOf(file.split('\\').join('/'))?.name : undefined;

/**
 * The compiled messages of a catalogue's JSON text (a plain message stays a string), keyed as its
 * domain's pages ask for them when the domain is given.
 */
export function compileCatalogue(source, domain) {
  const keys = domain ? messageKeys(domain) : new Map();
  const compiled = {};
  for (const [id, message] of Object.entries(JSON.parse(source))) {
    const c = compileMessage(message);
    compiled[keys.get(id) ?? id] = Array.isArray(c) && c.length === 1 && typeof c[0] === 'string' ? c[0] : c;
  }
  return compiled;
}

/**
 * A domain's catalogues as the files the build emits: each language's compiled messages, and one hash
 * of them all for the names (a changed translation renames the domain's files, which are cached for
 * good).
 * @returns {{ hash: string, files: { lang: string, file: string, json: string }[] }}
 */
export function catalogueFiles(dir, domain) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      lang: f.slice(0, -'.json'.length),
      file: join(dir, f),
      json: JSON.stringify(compileCatalogue(readFileSync(join(dir, f), 'utf8'), domain)),
    }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.lang}\0${f.json}\0`);
  return { hash: hash.digest('hex').slice(0, 8), files };
}

/**
 * How a domain's text module registers its catalogues, `catalogue('guest', (locale) =>
 * import(`./locales/${locale}.json`))`: as modules (Vitest, standalone tools), or as the emitted
 * files' address with `%` for the language (the web apps' build: no module map per domain on a page).
 */
export const CATALOGUE_IMPORT =
  /\bcatalogue\(\s*'([\w-]+)',\s*\(locale\)\s*=>\s*import\(`\.\/locales\/\$\{locale\}\.json`\)/;

/** Might this source write a message? (A quick test before parsing it.) */
const WRITES_MESSAGES = /\b(?:t|msg|rich)\(\s*['"`]/;

/**
 * A source file with its messages as a page needs them: `t('camera.preview', 'Hi {name}')` becomes
 * `t('g1k', ["Hi ",["name"]])`, the id as its key (`messageKeys`) and the English compiled where it
 * needs compiling (plain English stays the string it is). Lines are kept as they were.
 */
export function compileSourceMessages(file, text) {
  if (!WRITES_MESSAGES.test(text)) return text;
  const domain = webDomainOf(file);
  const keys = domain ? messageKeys(domain) : new Map();
  const edits = [];
  for (const m of messagesIn(file, text).messages) {
    if (keys.has(m.id)) edits.push([m.idAt, JSON.stringify(keys.get(m.id))]);
    if (NEEDS_COMPILING.test(m.message)) edits.push([m.at, JSON.stringify(compileMessage(m.message))]);
  }
  let out = '';
  let from = 0;
  for (const [[start, end], replacement] of edits.sort((a, b) => a[0][0] - b[0][0])) {
    // a literal written over several lines keeps them, so later lines keep their numbers
    out += text.slice(from, start) + replacement + '\n'.repeat(text.slice(start, end).split('\n').length - 1);
    from = end;
  }
  return out + text.slice(from);
}
