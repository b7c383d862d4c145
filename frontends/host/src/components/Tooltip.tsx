import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

/** Spec section 9: tooltips open after 700 ms, or at once within 300 ms of another closing. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosed = 0;

/**
 * A tooltip on one control: shown on hover or keyboard focus, described to screen readers
 * (aria-describedby) whether shown or not, hidden by Escape or leaving.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    const delay = Date.now() - lastClosed < SKIP_DELAY_MS ? 0 : DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosed = Date.now();
      return false;
    });
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const trigger = cloneElement(children as ReactElement<Record<string, unknown>>, {
    'aria-describedby': id,
    onPointerEnter: show,
    onPointerLeave: hide,
    onFocus: show,
    onBlur: hide,
  });
  return (
    <span className="relative inline-flex">
      {trigger}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 w-72 rounded-lg bg-neutral-900 px-3 py-2 text-start text-sm font-normal text-white shadow-lg"
      >
        {content}
      </span>
    </span>
  );
}
