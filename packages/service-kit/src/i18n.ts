import type { IncomingHttpHeaders } from 'node:http';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_INFO,
  acceptedLanguages,
  isLanguage,
  pickLanguage,
  type Language,
  type Problem,
} from '@afterglow/contracts';
import serverAr from './locales/server/ar.json';
import serverDe from './locales/server/de.json';
import serverEn from './locales/server/en.json';
import serverEs from './locales/server/es.json';
import serverFr from './locales/server/fr.json';
import serverIt from './locales/server/it.json';
import serverNl from './locales/server/nl.json';
import serverPl from './locales/server/pl.json';
import serverPtBR from './locales/server/pt-BR.json';
import serverTr from './locales/server/tr.json';
import problemsAr from './locales/problems/ar.json';
import problemsDe from './locales/problems/de.json';
import problemsEs from './locales/problems/es.json';
import problemsFr from './locales/problems/fr.json';
import problemsIt from './locales/problems/it.json';
import problemsNl from './locales/problems/nl.json';
import problemsPl from './locales/problems/pl.json';
import problemsPtBR from './locales/problems/pt-BR.json';
import problemsTr from './locales/problems/tr.json';

// What the server writes for a person in their language (docs/adr/032-languages.md): its own pages
// (sign-in, share pages) and its problem+json answers. The same catalogue tool as the web app's:
//   - domain `server`: the pages' messages, written where they are shown as `t('id', 'English')`
//     (locales/server/<lang>.json);
//   - domain `problems`: problem details, field messages and status titles, keyed by their English
//     (locales/problems/<lang>.json), since they are thrown where a refusal is decided and translated
//     here as the answer leaves (`translateProblem`). A text with a variable part in it stays English.
// The catalogues are bundled with the server; each language's messages are compiled on first use.

export type { Language };

type Catalogue = Record<string, string>;
const SERVER: Record<Language, Catalogue> = {
  en: serverEn,
  de: serverDe,
  fr: serverFr,
  es: serverEs,
  it: serverIt,
  'pt-BR': serverPtBR,
  nl: serverNl,
  pl: serverPl,
  tr: serverTr,
  ar: serverAr,
};
/** English problems need no catalogue: their text is their key. */
const PROBLEMS: Record<Exclude<Language, 'en'>, Catalogue> = {
  de: problemsDe,
  fr: problemsFr,
  es: problemsEs,
  it: problemsIt,
  'pt-BR': problemsPtBR,
  nl: problemsNl,
  pl: problemsPl,
  tr: problemsTr,
  ar: problemsAr,
};

/** The one cookie this reads, without parsing the rest. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0 || part.slice(0, i).trim() !== name) continue;
    const raw = part.slice(i + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The language to answer a request in: the one picked in the web app's menu (its cookie), else the
 * best of ours for `Accept-Language`, else English.
 */
export function requestLanguage(req: { headers: IncomingHttpHeaders }): Language {
  const picked = cookieValue(req.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(picked)) return picked;
  const header = req.headers['accept-language'];
  return (
    pickLanguage(acceptedLanguages(Array.isArray(header) ? header.join(',') : header)) ?? DEFAULT_LANGUAGE
  );
}

/** `lang="…"` and, for Arabic, `dir="rtl"`: the attributes of a page's `<html>` in this language. */
export const htmlLanguage = (lang: Language): string =>
  LANGUAGE_INFO[lang].dir === 'rtl' ? `lang="${lang}" dir="rtl"` : `lang="${lang}"`;

/** A message declared away from where it is shown; shown with `t(message)`. */
export interface MessageDescriptor {
  id: string;
  message: string;
}
/** Declares a message for later: `msg('share.open', 'Open the gallery')`, shown with `t(descriptor)`. */
export const msg = (id: string, message: string): MessageDescriptor => ({ id, message });

export type Values = Record<string, unknown>;
export interface ServerText {
  (id: string, english: string, values?: Values): string;
  (message: MessageDescriptor, values?: Values): string;
  /** The language these messages are in (for `Intl`). */
  readonly locale: Language;
}

/** A plain message (no placeholder, plural or escape) is returned as written. */
const isPlain = (m: string) => !/[{}'#<]/.test(m);

/** One Lingui instance per language and domain, its messages compiled when first used. */
const instances = new Map<string, I18n>();
function instance(domain: 'server' | 'problems', lang: Language): I18n {
  const key = `${domain}:${lang}`;
  let i18n = instances.get(key);
  if (!i18n) {
    const source = domain === 'server' ? SERVER[lang] : lang === 'en' ? {} : PROBLEMS[lang];
    const compiled: Messages = {};
    for (const [id, message] of Object.entries(source)) compiled[id] = compileMessage(message);
    i18n = setupI18n({ locale: lang, messages: { [lang]: compiled } });
    instances.set(key, i18n);
  }
  return i18n;
}

/**
 * English numbers are written as the server always wrote them (`1000 photos`, no grouping): the
 * spec's strings; other languages group them as their readers do.
 */
const ENGLISH_FORMATS = { number: { useGrouping: false } };

/**
 * The server's `t` in one language, as the web app's: `t('share.open', 'Open the gallery')`, ICU
 * placeholders and plurals in the English (`{count, plural, one {# photo} other {# photos}}`). A message
 * a language lacks reads in English; plain English is returned as written.
 */
export function serverText(lang: Language): ServerText {
  const i18n = instance('server', lang);
  const t = (a: string | MessageDescriptor, b?: string | Values, c?: Values): string => {
    const [id, english, values] =
      typeof a === 'string' ? [a, b as string, c] : [a.id, a.message, b as Values | undefined];
    if (lang !== DEFAULT_LANGUAGE && i18n.messages[id] !== undefined) return i18n._(id, values);
    if (isPlain(english)) return english;
    // English: the code's own words, compiled once (they are en.json's, unless it is out of date)
    const en = instance('server', DEFAULT_LANGUAGE);
    if (en.messages[id] === undefined) en.load(DEFAULT_LANGUAGE, { [id]: compileMessage(english) });
    return en._(id, values, { formats: ENGLISH_FORMATS });
  };
  return Object.assign(t, { locale: lang }) as ServerText;
}

/**
 * A problem's English (a detail, a field message, a status title) in `lang`, when the catalogue has
 * that exact English; anything else (a text with a variable part) as it was sent.
 */
export function problemText(english: string, lang: Language): string {
  if (lang === DEFAULT_LANGUAGE) return english;
  const i18n = instance('problems', lang);
  return i18n.messages[english] === undefined ? english : i18n._(english);
}

/**
 * A problem+json body in `lang`: its `title`, `detail` (and `error`, which repeats it) and each field
 * message. `code`, `type` and the rest are the same in every language; English is the body as it was.
 */
export function translateProblem(problem: Problem, lang: Language): Problem {
  if (lang === DEFAULT_LANGUAGE) return problem;
  const out: Problem = { ...problem, title: problemText(problem.title, lang) };
  if (problem.detail !== undefined) out.detail = problemText(problem.detail, lang);
  if (problem.error !== undefined) out.error = problemText(problem.error, lang);
  if (problem.errors)
    out.errors = problem.errors.map((e) => ({ ...e, message: problemText(e.message, lang) }));
  return out;
}
