import { useId } from 'react';
import { EVENT_TEXT } from '../lib/contract-text';
import { normalizeCode } from '../lib/code';
import { useT } from '../text';

/** A code as an example: the same in every language. */
const EXAMPLE_CODE = 'ABC123';

interface CodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  /** show the invalid-code message when the code is not 6 characters */
  showError: boolean;
  onBlur?: () => void;
  autoFocus?: boolean;
}

/** The event code input: letters and digits, forced uppercase, at most 6 characters. */
export function CodeField({ value, onChange, showError, onBlur, autoFocus }: CodeFieldProps) {
  const t = useT();
  const id = useId();
  const invalid = showError && value.length !== 6;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-neutral-800">
        {t('code.label', 'Event Code')}
      </label>
      <input
        id={id}
        name="code"
        value={value}
        onChange={(e) => onChange(normalizeCode(e.target.value))}
        onBlur={onBlur}
        maxLength={6}
        autoFocus={autoFocus}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        placeholder={EXAMPLE_CODE}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        className="h-14 w-full rounded-xl border-2 border-neutral-300 bg-white px-4 text-center font-mono text-2xl font-bold uppercase tracking-[0.4em] text-neutral-900 placeholder:text-neutral-400 focus:border-[var(--ag-primary-strong)] focus:outline-none focus:ring-4 focus:ring-[var(--ag-primary-soft)] aria-[invalid]:border-red-500"
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-neutral-600">
        {t('code.hint', '6-digit code from your host')}
      </p>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {t(EVENT_TEXT.invalidCode)}
        </p>
      )}
    </div>
  );
}
