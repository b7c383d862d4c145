// No zod here: every page picks its language with these, and a schema would bring zod into its bundle.

/**
 * The languages Afterglow speaks (BCP 47 tags), English first: the spec's own strings. An event has
 * one of them (`language`), and each person reads the one their device prefers, or the event's.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie the language menu sets with the person's pick, read by the server's pages and answers. */
export const LANGUAGE_COOKIE = 'afterglow-language';

/** Each language as its own speakers write its name (the language menu), and its direction. */
export const LANGUAGE_INFO: Record<Language, { name: string; dir: 'ltr' | 'rtl' }> = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  it: { name: 'Italiano', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  nl: { name: 'Nederlands', dir: 'ltr' },
  pl: { name: 'Polski', dir: 'ltr' },
  tr: { name: 'Türkçe', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
};

export const isLanguage = (tag: unknown): tag is Language =>
  typeof tag === 'string' && (LANGUAGES as readonly string[]).includes(tag);

const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0]!;

/**
 * The best of our languages for a list of preferred tags, most wanted first (`navigator.languages`,
 * or `Accept-Language` through `acceptedLanguages`): the first tag that names one of ours exactly (any
 * case, `_` or `-`), or failing that by its primary language (`de-AT` → `de`, `pt-PT` → `pt-BR`).
 * Null when none of them is spoken here: the caller falls back to the event's language.
 */
export function pickLanguage(preferred: readonly string[]): Language | null {
  for (const raw of preferred) {
    const tag = raw.trim().replace(/_/g, '-').toLowerCase();
    if (!tag || tag === '*') continue;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const byPrimary = LANGUAGES.find((l) => primary(l) === primary(tag));
    if (byPrimary) return byPrimary;
  }
  return null;
}

/** The tags of an `Accept-Language` header, most wanted first (by `q`, then by order); `q=0` left out. */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((t) => t.tag);
}

/**
 * What a person reads in: the language they picked on this device, else the best match for their
 * device's languages, else the event's (a venue screen or share page: the event's unless picked),
 * else English.
 */
export function languageFor(opts: {
  picked?: string | null;
  preferred?: readonly string[];
  event?: string | null;
}): Language {
  if (isLanguage(opts.picked)) return opts.picked;
  return pickLanguage(opts.preferred ?? []) ?? (isLanguage(opts.event) ? opts.event : DEFAULT_LANGUAGE);
}
