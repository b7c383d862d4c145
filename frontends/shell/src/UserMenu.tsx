import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { LOGOUT_HREF, buttonClass, msg } from '@afterglow/ui';
import { ChevronDownIcon } from './HeaderIcons';
import { useT } from './text';

const ITEMS = [
  [msg('userMenu.dashboard', 'My Dashboard'), '/dashboard'],
  [msg('userMenu.adminDashboard', 'Admin Dashboard'), '/admin-dashboard'],
  [msg('userMenu.createEvent', 'Create Event'), '/create-event'],
] as const;
const itemClass = 'block px-4 py-2.5 hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none';

/**
 * The signed-in user's menu (spec section 2), as a WAI-ARIA menu button: Enter, Space or Down Arrow
 * opens it on its first entry, Up Arrow on its last; arrows, Home and End move; Escape closes it and
 * returns to the button; Tab or a click elsewhere closes it.
 */
export function UserMenu({ name }: { name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [focusOn, setFocusOn] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (focusOn) {
      const all = items();
      (focusOn === 'first' ? all[0] : all[all.length - 1])?.focus();
      setFocusOn(null);
    }
    const outside = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, focusOn]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) return close(true);
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    setOpen(true);
    setFocusOn(e.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (i + 1) % all.length,
      ArrowUp: (i - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key in to) {
      e.preventDefault();
      all[to[e.key]!]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="relative" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => {
          // a click made with Enter or Space (detail 0) opens on the first entry, as the arrows do
          if (!open && e.detail === 0) setFocusOn('first');
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
        className={buttonClass('ghost', 'sm')}
      >
        {name}
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('userMenu.label', '{name}’s menu', { name })}
          onKeyDown={onMenuKey}
          className="absolute end-0 mt-2 w-56 overflow-hidden rounded-xl border bg-white py-1 shadow-lg"
        >
          {ITEMS.map(([label, to]) => (
            <Link
              key={to}
              role="menuitem"
              tabIndex={-1}
              to={to}
              onClick={() => setOpen(false)}
              className={itemClass}
            >
              {t(label)}
            </Link>
          ))}
          <a role="menuitem" tabIndex={-1} href={LOGOUT_HREF} className={itemClass}>
            {t('userMenu.signOut', 'Sign Out')}
          </a>
        </div>
      )}
    </div>
  );
}
