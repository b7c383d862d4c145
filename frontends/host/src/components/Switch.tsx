interface Props {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** ids of the describing text */
  describedBy?: string;
  /** when no <label htmlFor={id}> names it */
  label?: string;
}

/** An on/off switch (role="switch"); name it with a <label htmlFor={id}> or `label`. */
export function Switch({ id, checked, onCheckedChange, disabled, describedBy, label }: Props) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] disabled:cursor-not-allowed disabled:opacity-50 ${
        checked ? 'bg-[var(--ag-primary-strong)]' : 'bg-neutral-300'
      }`}
    >
      <span
        aria-hidden
        className={`inline-block h-6 w-6 rounded-full bg-white shadow transition ${checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'}`}
      />
    </button>
  );
}

/** A switch with its label and description on one row. */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  describedBy,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** ids of further describing text (why it is disabled) */
  describedBy?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="block font-semibold text-neutral-900">
          {label}
        </label>
        {description && (
          <p id={`${id}-desc`} className="text-sm text-neutral-600">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        describedBy={[description && `${id}-desc`, describedBy].filter(Boolean).join(' ') || undefined}
      />
    </div>
  );
}
