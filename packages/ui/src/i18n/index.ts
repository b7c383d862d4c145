import { Fragment, createElement, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_INFO,
  isLanguage,
  languageFor,
  type Language,
} from '@afterglow/contracts';

import { formatMessage, type CompiledMessage, type Messages } from './message';

// The language every page speaks (docs/adr/032-languages.md): one store for the shell and every
// remote (this module is a Module Federation singleton), Lingui's runtime for the compiled messages.
//
// A message is written where it is shown, by id with its English beside it:
//   const t = useT();  t('join.title', 'Join {name}', { name })
// English is the source: it is never downloaded. The build compiles an English message that needs it
// where it is written (frontends/i18n-loader.mjs), so `english` reaches this runtime as a string or in
// compiled form. Each remote's catalogue for another language is a compiled module
// (locales/<lang>.json through the same loader) fetched when that language is first used.

/** A testing locale (long, accented strings) for catching cut-off text; not in the menu. */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = Language | typeof PSEUDO_LOCALE;
/** Where this device keeps the language picked in the menu. */
export const LANGUAGE_STORAGE_KEY = 'afterglow:language';

/** A message declared away from where it is shown (a table of labels); shown with `t(message)`. */
export interface MessageDescriptor {
  id: string;
  /** The English (compiled by the build when it has placeholders or plurals). */
  message: string;
}
/** Declares a message for later: `msg('shot.one', 'One shot')`, shown with `t(descriptor)`. */
export const msg = (id: string, message: string): MessageDescriptor => ({ id, message });

export type Values = Record<string, unknown>;
/** A catalogue module: the compiled messages of one remote in one language. */
export type CatalogueModule = { default: Messages };
export type CatalogueLoader = (locale: string) => Promise<CatalogueModule>;

export interface Translate {
  (id: string, english: string, values?: Values): string;
  (message: MessageDescriptor, values?: Values): string;
  /**
   * A message with elements in it: `t.rich('plan.cap', 'Up to {photos} a guest.', { photos:
   * <strong>…</strong> })`; each language places the element where its sentence needs it.
   */
  rich(id: string, english: string, values: Record<string, ReactNode>): ReactNode;
  /** The locale these messages are in (for `Intl`). */
  readonly locale: Locale;
}

interface Choice {
  picked: string | null;
  preferred: readonly string[];
  event: string | null;
  /** Venue screens, share pages and the public gallery: the event's language unless picked. */
  eventFirst: boolean;
}

/**
 * The one language store of the page. Kept on `globalThis`: a remote that bundles its own copy of
 * this module (a subpath of @afterglow/ui is not a shared singleton) still reads the same store.
 */
interface Store {
  /** Each locale's compiled messages (the translations of every domain loaded). */
  messages: Record<string, Messages>;
  /** Each remote's catalogue loader. */
  domains: Map<string, CatalogueLoader>;
  /** Which domains' messages `messages` holds for each locale, and the loads under way. */
  loaded: Map<string, Set<string>>;
  loading: Map<string, Promise<void>>;
  choice: Choice;
  current: Locale;
  lastPicked: string | null;
  translate: Translate | null;
  listeners: Set<() => void>;
}
const STORE_KEY = Symbol.for('afterglow.i18n');
const S: Store =
  ((globalThis as Record<symbol, unknown>)[STORE_KEY] as Store | undefined) ??
  (((globalThis as Record<symbol, unknown>)[STORE_KEY] = {
    messages: {},
    domains: new Map(),
    loaded: new Map(),
    loading: new Map(),
    choice: { picked: null, preferred: [], event: null, eventFirst: false },
    current: DEFAULT_LANGUAGE,
    lastPicked: null,
    translate: null,
    listeners: new Set(),
  } satisfies Store) as Store);
const { messages, domains, loaded, loading, choice, listeners } = S;
const addMessages = (locale: string, more: Messages) => {
  messages[locale] = { ...messages[locale], ...more };
};

function makeTranslate(locale: Locale): Translate {
  const fn = (a: string | MessageDescriptor, b?: string | Values, c?: Values): string => {
    const [id, english, values] =
      typeof a === 'string' ? [a, b as string, c] : [a.id, a.message, b as Values | undefined];
    // The translation, or the English as the code writes it (compiled by the build where it needs
    // values put in): a message a language lacks reads in English, never as its id.
    return formatMessage(messages[locale]?.[id] ?? (english as CompiledMessage), locale, values);
  };
  const rich = (id: string, english: string, values: Record<string, ReactNode>): ReactNode => {
    const nodes: ReactNode[] = [];
    const plain: Values = {};
    for (const [k, v] of Object.entries(values)) {
      if (v !== null && typeof v === 'object') {
        plain[k] = `\uE000${nodes.length}\uE001`;
        nodes.push(v);
      } else plain[k] = v;
    }
    const text = fn(id, english, plain);
    if (!nodes.length) return text;
    return text
      .split(/\uE000(\d+)\uE001/)
      .map((part, i) => (i % 2 ? createElement(Fragment, { key: i }, nodes[Number(part)]) : part));
  };
  return Object.assign(fn, { locale, rich }) as Translate;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The language this device would read now, from what was picked, its languages and the event's. */
function decide(): Locale {
  if (choice.picked === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return languageFor({
    picked: choice.picked,
    preferred: choice.eventFirst ? [] : choice.preferred,
    event: choice.event,
  });
}

/** Loads every registered domain's catalogue for `locale` (English needs none). */
function loadLocale(locale: Locale, only?: string): Promise<void> {
  if (locale === DEFAULT_LANGUAGE) return Promise.resolve();
  const have = loaded.get(locale) ?? new Set<string>();
  loaded.set(locale, have);
  const wanted = [...domains.keys()].filter((d) => (only ? d === only : true) && !have.has(d));
  return Promise.all(
    wanted.map((domain) => {
      const key = `${domain}:${locale}`;
      let p = loading.get(key);
      if (!p) {
        const load = domains.get(domain)!;
        const fetched =
          locale === PSEUDO_LOCALE
            ? Promise.all([load(DEFAULT_LANGUAGE), import('./pseudo')]).then(([en, pseudo]) => ({
                default: pseudo.pseudoLocalize(en.default),
              }))
            : load(locale);
        p = fetched
          .then(
            (mod) => addMessages(locale, mod.default),
            // A catalogue that cannot be fetched (offline before the app was cached): that remote
            // shows English this visit rather than nothing.
            () => {},
          )
          .finally(() => {
            have.add(domain);
            loading.delete(key);
          });
        loading.set(key, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

function applyDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = locale === PSEUDO_LOCALE ? 'ltr' : LANGUAGE_INFO[locale].dir;
}

/** Moves every page to the language the choice gives, once its catalogues are here. */
function settle(): Promise<void> {
  const next = decide();
  return loadLocale(next).then(() => {
    if (decide() !== next) return; // the choice moved on while this one loaded
    if (next !== S.current || choice.picked !== S.lastPicked) {
      S.lastPicked = choice.picked;
      S.current = next;
      S.translate = makeTranslate(next);
      listeners.forEach((l) => l());
    }
    applyDocument(S.current);
  });
}

/**
 * Starts the language of the page: the device's pick and languages. The shell awaits it before its
 * first render so that a German phone never sees an English flash.
 */
export function startLanguage(): Promise<void> {
  choice.picked = read(LANGUAGE_STORAGE_KEY);
  choice.preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return settle();
}

/** The menu: this device reads `locale` from now on (remembered), or follows its languages (null). */
export function pickLanguage(locale: Locale | null): Promise<void> {
  choice.picked = locale;
  try {
    if (locale) localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // private mode: the pick lasts this visit
  }
  // The server's own pages (sign-in) and answers read the pick from this cookie.
  if (typeof document !== 'undefined')
    document.cookie = locale
      ? `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`
      : `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  return settle();
}

/**
 * The event a page shows: its language is read when this device speaks none of ours, or always
 * (unless picked) on pages for everyone at the venue: `eventFirst` for screens and share pages.
 */
export function setEventLanguage(language: string | null | undefined, eventFirst = false): void {
  const event = isLanguage(language) ? language : null;
  if (choice.event === event && choice.eventFirst === eventFirst) return;
  choice.event = event;
  choice.eventFirst = eventFirst;
  void settle();
}

/** Calls `l` whenever the page's language changes (answers the unsubscribe). */
export const subscribeLanguage = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** The language picked in this device's menu, if any. */
export const pickedLanguage = (): string | null => choice.picked;
/** The locale every page is in now. */
export const currentLocale = (): Locale => S.current;
/** The current translate function, for code outside components (toasts from a callback). */
export const translator = (): Translate => (S.translate ??= makeTranslate(S.current));

/**
 * Registers a remote's catalogues (a loader, or where the build put their files) and answers its `useT` hook: `t` in the current language, which
 * suspends the first render of a page while its remote's catalogue for that language downloads.
 */
export function catalogue(domain: string, load: CatalogueLoader | string) {
  if (!domains.has(domain))
    domains.set(
      domain,
      typeof load === 'string'
        ? // the build's files (frontends/i18n-source-loader.mjs): their address with `%` for the language
          (locale) =>
            fetch(load.replace('%', locale))
              .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))))
              .then((m: Messages) => ({ default: m }))
        : load,
    );
  return function useT(): Translate {
    const t = useSyncExternalStore(subscribeLanguage, translator, translator);
    const locale = S.current;
    if (locale !== DEFAULT_LANGUAGE && !loaded.get(locale)?.has(domain)) throw loadLocale(S.current, domain);
    return t;
  };
}

/**
 * A page that shows an event: its language counts while the page is up (see `setEventLanguage`).
 * `eventFirst` for venue screens, share pages and the public gallery.
 */
export function useEventLanguage(language: string | null | undefined, eventFirst = false): void {
  useEffect(() => setEventLanguage(language, eventFirst), [language, eventFirst]);
  useEffect(() => () => setEventLanguage(null, false), []);
}
