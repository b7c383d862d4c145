import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { Spinner, Toaster, createQueryClient, useAuth } from '@afterglow/ui';
import { Header } from './Header';
import { NotFound } from './pages/NotFound';
import { AppBanners } from './pwa/AppBanners';
import { RemotePage } from './RemotePage';
import { ROUTES, routeFor } from './routes';
import { useT } from './text';

export const queryClient = createQueryClient();

// The landing page and its footer are one chunk, fetched only for '/' (index.ts starts it early).
const Landing = lazy(async () => ({ default: (await import('./pages/Landing')).Landing }));
const Footer = lazy(async () => ({ default: (await import('./pages/Landing')).Footer }));

function Layout() {
  const t = useT();
  const { isLoading } = useAuth();
  const { pathname } = useLocation();
  // The camera and the slideshows fill the screen: no header.
  const chrome = routeFor(pathname)?.chrome !== false;
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
          <Routes>
            <Route
              path="/"
              element={
                <Suspense fallback={null}>
                  <Landing />
                </Suspense>
              }
            />
            {ROUTES.map((r) => (
              <Route key={r.path} path={r.path} element={<RemotePage remote={r.remote} page={r.page} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
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
