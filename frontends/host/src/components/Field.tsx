import type { ReactNode } from 'react';
import { fieldText } from '../lib/problems';
import { useT } from '../text';

export interface FieldA11y {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  id: string;
  label: string;
  /** a message of the contracts' schemas is shown in the page's language */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}

export const inputClass =
  'block w-full rounded-xl border border-neutral-300 bg-white px-3.5 py-2.5 text-base text-neutral-900 shadow-sm transition placeholder:text-neutral-400 focus:border-[var(--ag-primary-strong)] focus:outline-none focus:ring-4 focus:ring-[var(--ag-primary-soft)] aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-100';

/** A labelled input with its hint and its error, wired with aria-invalid and aria-describedby. */
export function Field({ id, label, error, hint, className = '', children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {fieldText(t, message)}
    </p>
  );
}
