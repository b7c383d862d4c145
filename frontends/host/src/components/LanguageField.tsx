import { LANGUAGE_INFO, LANGUAGES, type Language } from '@afterglow/contracts';
import { useT } from '../text';
import { Field, inputClass } from './Field';

/**
 * The event's language (ADR 032): what its guests read when their phones speak none of the ten, and
 * what its venue screens and share pages show. Each language is named as its speakers write it.
 */
export function LanguageField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: Language;
  onChange: (language: Language) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Field
      id={id}
      label={t('event.language', 'Guest language')}
      hint={t(
        'event.languageHint',
        'Guests whose phones speak none of the ten languages read the event in this one.',
      )}
    >
      {(a11y) => (
        <select
          {...a11y}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as Language)}
          className={inputClass}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_INFO[l].name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
