import type { ReactNode } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  title: string;
  description?: string;
  /** drawn above the title (a swatch, an icon) */
  visual?: ReactNode;
}

interface Props<T extends string | number> {
  name: string;
  legend: string;
  hint?: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** grid column classes, the phone layout first */
  columns?: string;
}

/** A radio group drawn as cards: native radios, so arrow keys and screen readers work as usual. */
export function ChoiceCards<T extends string | number>({
  name,
  legend,
  hint,
  choices,
  value,
  onChange,
  columns = 'grid-cols-1 sm:grid-cols-3',
}: Props<T>) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="mb-1.5 text-sm font-semibold text-neutral-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="mb-2 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      <div className={`grid gap-3 ${columns}`}>
        {choices.map((c) => {
          const id = `${name}-${c.value}`;
          return (
            <label
              key={String(c.value)}
              htmlFor={id}
              className="relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 border-neutral-200 bg-white p-3.5 transition hover:border-[var(--ag-primary)] has-[:checked]:border-[var(--ag-primary-strong)] has-[:checked]:bg-[var(--ag-primary-soft)] has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-[var(--ag-primary-soft)]"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={String(c.value)}
                checked={value === c.value}
                onChange={() => onChange(c.value)}
                className="sr-only"
              />
              {c.visual}
              <span className="font-semibold text-neutral-900">{c.title}</span>
              {c.description && <span className="text-sm text-neutral-600">{c.description}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
