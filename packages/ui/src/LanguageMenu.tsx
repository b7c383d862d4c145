import { useId, useSyncExternalStore } from 'react';
import { LANGUAGES, LANGUAGE_INFO } from '@afterglow/contracts';
import { currentLocale, pickLanguage, pickedLanguage, subscribeLanguage, PSEUDO_LOCALE } from './i18n';
import { useT } from './text';

/**
 * A globe (Lucide's, drawn here: an icon from lucide-react would bring its icon machinery into the
 * shared chunk every page loads).
 */
const GlobeIcon = () => (
  <svg
    aria-hidden
    viewBox="0 0 24 24"
    className="h-4 w-4"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20M2 12h20" />
  </svg>
);

/** The language's tag as the menu's button shows it: 'DE', 'PT', 'AR'. */
const shortTag = (locale: string) => (locale === PSEUDO_LOCALE ? 'XA' : locale.split('-')[0]!.toUpperCase());

/**
 * The language menu: every page has one. A pick switches the page at once (no reload) and is
 * remembered on this device; 'Automatic' follows the phone's languages (and the event's) again. A
 * globe and the language's tag on screen, so it fits a phone's header; the native picker when opened.
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const t = useT();
  const id = useId();
  const locale = useSyncExternalStore(subscribeLanguage, currentLocale, currentLocale);
  const picked = useSyncExternalStore(subscribeLanguage, pickedLanguage, pickedLanguage);
  const language = LANGUAGE_INFO[locale === PSEUDO_LOCALE ? 'en' : locale].name;
  return (
    <span
      className={`relative inline-flex shrink-0 items-center gap-1 rounded-md border border-current/20 px-2 py-1 text-sm font-medium focus-within:ring-2 focus-within:ring-[var(--ag-primary)] ${className}`}
    >
      <GlobeIcon />
      <span aria-hidden>{shortTag(locale)}</span>
      <label htmlFor={id} className="sr-only">
        {t('language.menu', 'Language')}
      </label>
      <select
        id={id}
        value={picked ? locale : ''}
        onChange={(e) => void pickLanguage((e.target.value || null) as Parameters<typeof pickLanguage>[0])}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
      >
        <option value="">{t('language.automatic', 'Automatic ({language})', { language })}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l} dir={LANGUAGE_INFO[l].dir}>
            {LANGUAGE_INFO[l].name}
          </option>
        ))}
      </select>
    </span>
  );
}
