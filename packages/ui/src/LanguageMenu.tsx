import { useId, useSyncExternalStore } from 'react';
import { LANGUAGES, LANGUAGE_INFO } from '@afterglow/contracts';
import { currentLocale, pickLanguage, pickedLanguage, subscribeLanguage } from './i18n';
import { useT } from './text';

/**
 * The language menu: every page has one. A pick switches the page at once (no reload) and is
 * remembered on this device; 'Automatic' follows the phone's languages (and the event's) again.
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const t = useT();
  const id = useId();
  const locale = useSyncExternalStore(subscribeLanguage, currentLocale, currentLocale);
  const picked = useSyncExternalStore(subscribeLanguage, pickedLanguage, pickedLanguage);
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.menu', 'Language')}
      </label>
      <select
        id={id}
        value={picked ? locale : ''}
        onChange={(e) => void pickLanguage((e.target.value || null) as Parameters<typeof pickLanguage>[0])}
        className="max-w-[9rem] cursor-pointer rounded-md border border-current/20 bg-transparent px-2 py-1 text-sm"
      >
        <option value="">
          {t('language.automatic', 'Automatic ({language})', {
            language: LANGUAGE_INFO[locale === 'en-XA' ? 'en' : locale].name,
          })}
        </option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l} dir={LANGUAGE_INFO[l].dir}>
            {LANGUAGE_INFO[l].name}
          </option>
        ))}
      </select>
    </span>
  );
}
