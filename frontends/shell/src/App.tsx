import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { Spinner, Toaster, createQueryClient, useAuth } from '@afterglow/ui';
import { Header } from './Header';
import { Footer } from './landing/Footer';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { RemotePage } from './RemotePage';
import type { RemoteName } from './remotes';

const queryClient = createQueryClient();

/** Every route of spec section 2: which part of Afterglow renders it. */
export const ROUTES: { path: string; remote: RemoteName; page: string; chrome?: false }[] = [
  { path: '/join', remote: 'guest', page: 'JoinByCode' },
  { path: '/join/:code', remote: 'guest', page: 'Join' },
  { path: '/camera/:code', remote: 'guest', page: 'Camera', chrome: false },
  { path: '/gallery/:code', remote: 'guest', page: 'Gallery' },
  { path: '/public/:slug', remote: 'guest', page: 'PublicGallery' },
  { path: '/create-event', remote: 'host', page: 'CreateEvent' },
  { path: '/host/dashboard/:id', remote: 'host', page: 'HostDashboard' },
  { path: '/slideshow/:code', remote: 'host', page: 'Slideshow', chrome: false },
  { path: '/live-moderation/:id', remote: 'host', page: 'LiveModeration' },
  { path: '/live-slideshow/:code', remote: 'host', page: 'LiveSlideshow', chrome: false },
  { path: '/pricing', remote: 'host', page: 'Pricing' },
  { path: '/checkout', remote: 'host', page: 'Checkout' },
  { path: '/dashboard', remote: 'host', page: 'MyDashboard' },
  { path: '/admin-dashboard', remote: 'admin', page: 'AdminDashboard' },
  { path: '/test-camera', remote: 'admin', page: 'TestCamera' },
];

const FULL_SCREEN = ['/camera/', '/slideshow/', '/live-slideshow/'];

function Layout() {
  const { isLoading } = useAuth();
  const { pathname } = useLocation();
  const chrome = !FULL_SCREEN.some((p) => pathname.startsWith(p));
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {chrome && <Header />}
      <main id="main">
        {isLoading && pathname === '/' ? (
          <Spinner label="Checking your session" />
        ) : (
          <Routes>
            <Route path="/" element={<Landing />} />
            {ROUTES.map((r) => (
              <Route key={r.path} path={r.path} element={<RemotePage remote={r.remote} page={r.page} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        )}
      </main>
      {pathname === '/' && <Footer />}
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
