import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LanguageMenu, buttonClass, loginHref, useAuth } from '@afterglow/ui';
import { CameraIcon, ChevronDownIcon } from './HeaderIcons';
import { useT } from './text';

// Only a signed-in user has the menu: a guest's page does without its code.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

/** Header: Sign In / Get Started, or the user menu (spec section 2). */
export function Header() {
  const t = useT();
  const { user, isLoading } = useAuth();
  const name = user ? user.email.split('@')[0] || t('header.user', 'User') : '';
  return (
    <header className="sticky top-0 z-40 border-b border-white/60 bg-white/80 backdrop-blur">
      <nav
        aria-label={t('header.nav', 'Main')}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4"
      >
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-[var(--ag-primary-ink)]">
          <CameraIcon className="h-6 w-6 shrink-0" />
          {/* On a phone the camera is the brand: the header's room goes to the language and the actions. */}
          <span className="max-[479px]:sr-only">Afterglow</span>
        </Link>
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <LanguageMenu />
          {isLoading ? null : user ? (
            <Suspense
              // the menu's button as it will look, while its code arrives
              fallback={
                <span className={buttonClass('ghost', 'sm')}>
                  {name}
                  <ChevronDownIcon className="h-4 w-4" />
                </span>
              }
            >
              <UserMenu name={name} />
            </Suspense>
          ) : (
            <>
              <a
                href={loginHref()}
                className={buttonClass('ghost', 'sm', 'text-center leading-tight max-[479px]:px-2')}
              >
                {t('header.signIn', 'Sign In')}
              </a>
              <Link
                to="/create-event"
                className={buttonClass('primary', 'sm', 'text-center leading-tight max-[479px]:px-2')}
              >
                {t('header.getStarted', 'Get Started')}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
