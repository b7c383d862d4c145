import { lazy, Suspense, useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, UNSAFE_RouteContext as RouteContext, useLocation } from 'react-router';
import { Spinner, Toaster, createQueryClient, useAuth } from '@afterglow/ui';
import { Header } from './Header';
import { AppBanners } from './pwa/AppBanners';
import { RemotePage } from './RemotePage';
import { matchRoute } from './routes';
import { useT } from './text';

export const queryClient = createQueryClient();

// The landing page and its footer are one chunk, fetched only for '/' (index.ts starts it early).
const Landing = lazy(async () => ({ default: (await import('./pages/Landing')).Landing }));
const Footer = lazy(async () => ({ default: (await import('./pages/Landing')).Footer }));
// The 404 page only where nothing else matches.
const NotFound = lazy(async () => ({ default: (await import('./pages/NotFound')).NotFound }));

/**
 * The page for `pathname`: the landing page, a remote's page (with its route's parameters for
 * `useParams`), or the 404 page. The shell matches its one-level table itself (routes.ts) and gives
 * the page React Router's route context, as `<Routes>` would: React Router's route matching and
 * rendering (ranking, nested routes, outlets, data routers' errors) is then not on every page's first
 * load, 3.7 KB gzip (docs/adr/037-guest-page-weight.md).
 */
function CurrentPage({ pathname }: { pathname: string }) {
  const match = useMemo(() => matchRoute(pathname), [pathname]);
  const context = useMemo(
    () =>
      match && {
        outlet: null,
        matches: [
          { params: match.params, pathname, pathnameBase: pathname, route: { path: match.route.path } },
        ],
        isDataRoute: false,
      },
    [match, pathname],
  );
  if (pathname === '/')
    return (
      <Suspense fallback={null}>
        <Landing />
      </Suspense>
    );
  if (!match || !context)
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  return (
    <RouteContext.Provider value={context}>
      {/* no key: from one remote page to another the same element is kept, as under <Routes>, so a
          navigation (a transition) keeps the page it leaves on screen until the next one is ready */}
      <RemotePage remote={match.route.remote} page={match.route.page} />
    </RouteContext.Provider>
  );
}

function Layout() {
  const t = useT();
  const { isLoading } = useAuth();
  const { pathname } = useLocation();
  // The camera and the slideshows fill the screen: no header.
  const chrome = matchRoute(pathname)?.route.chrome !== false;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('app.skip', 'Skip to content')}
      </a>
      {chrome && <Header />}
      <main id="main">
        {isLoading && pathname === '/' ? (
          <Spinner label={t('app.checkingSession', 'Checking your session')} />
        ) : (
          <CurrentPage pathname={pathname} />
        )}
      </main>
      {/* With the landing page, not before it: a footer shown under the session check would jump down. */}
      {pathname === '/' && !isLoading && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <AppBanners />
      <Toaster />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Layout />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
