import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LOGOUT_HREF, buttonClass, loginHref, useAuth } from '@afterglow/ui';
import { CameraIcon, ChevronDownIcon } from './HeaderIcons';

/** Header: Sign In / Get Started, or the user menu (spec section 2). */
export function Header() {
  const { user, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menuRef.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const name = user ? user.email.split('@')[0] || 'User' : '';
  return (
    <header className="sticky top-0 z-40 border-b border-white/60 bg-white/80 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-[var(--ag-primary-ink)]">
          <CameraIcon className="h-6 w-6" />
          Afterglow
        </Link>
        {isLoading ? null : user ? (
          <div className="relative" ref={menuRef}>
            <button
              type="button"
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
              className={buttonClass('ghost', 'sm')}
            >
              {name}
              <ChevronDownIcon className="h-4 w-4" />
            </button>
            {open && (
              <div
                role="menu"
                className="absolute right-0 mt-2 w-56 overflow-hidden rounded-xl border bg-white py-1 shadow-lg"
              >
                {[
                  ['My Dashboard', '/dashboard'],
                  ['Admin Dashboard', '/admin-dashboard'],
                  ['Create Event', '/create-event'],
                ].map(([label, to]) => (
                  <Link
                    key={to}
                    role="menuitem"
                    to={to!}
                    onClick={() => setOpen(false)}
                    className="block px-4 py-2.5 hover:bg-neutral-100"
                  >
                    {label}
                  </Link>
                ))}
                <a role="menuitem" href={LOGOUT_HREF} className="block px-4 py-2.5 hover:bg-neutral-100">
                  Sign Out
                </a>
              </div>
            )}
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <a href={loginHref()} className={buttonClass('ghost', 'sm', 'whitespace-nowrap')}>
              Sign In
            </a>
            <Link to="/create-event" className={buttonClass('primary', 'sm', 'whitespace-nowrap')}>
              Get Started
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
