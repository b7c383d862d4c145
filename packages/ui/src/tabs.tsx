import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move between tabs (wrapping; mirrored
 * right to left), Home and End jump to the ends, and only the selected tab is in the Tab order.
 * Uncontrolled by default; pass `active` and `onActiveChange` to choose the tab from outside (a link
 * that opens another tab).
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  active: controlled,
  onActiveChange,
}: {
  label: string;
  tabs: TabDef<Id>[];
  active?: Id;
  onActiveChange?: (id: Id) => void;
}) {
  const base = useId();
  const [own, setOwn] = useState<Id | undefined>(tabs[0]?.id);
  const active = controlled ?? own;
  const setActive = (id: Id) => {
    setOwn(id);
    onActiveChange?.(id);
  };
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    // Right to left (Arabic) the row is drawn mirrored: Left goes to the next tab.
    const next = getComputedStyle(e.currentTarget).direction === 'rtl' ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowRight: index + next,
      ArrowLeft: index - next,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-6 flex gap-1 overflow-x-auto rounded-xl border border-neutral-200 bg-white p-1 shadow-sm"
      >
        {tabs.map((tab, i) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`min-h-11 flex-1 whitespace-nowrap rounded-lg px-2 text-sm sm:px-4 font-semibold transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] ${
                selected
                  ? 'bg-[var(--ag-primary-strong)] text-white'
                  : 'text-neutral-700 hover:bg-neutral-100'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="rounded-2xl focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
