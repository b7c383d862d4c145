import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
// From the package, not './api' and './toast': the pages' `toast()` must reach this Toaster, and
// they get the shared '@afterglow/ui'.
import { Toaster, createQueryClient, startLanguage } from '@afterglow/ui';

/**
 * Runs one remote on its own (for its development): the pages of its manifest (`src/pages.json`) at
 * their product routes, with the providers the shell gives them, and an index of the pages at '/'.
 * `load(page)` imports `src/pages/<page>.tsx`, whose export `<page>` is the page. The pages speak the
 * device's language (or the one picked in `afterglow:language`) as in the shell; the index of pages
 * is for developers only and stays in English on purpose.
 */
export function renderStandalone(
  name: string,
  pages: Record<string, { path: string }>,
  load: (page: string) => Promise<Record<string, ComponentType>>,
) {
  const routes = Object.entries(pages).map(([page, { path }]) => ({
    path,
    Component: lazy(async () => ({ default: (await load(page))[page]! })),
  }));
  const client = createQueryClient();
  const app = (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <main id="main">
          <Routes>
            <Route
              path="/"
              element={
                <nav aria-label={`${name} pages`} className="p-6">
                  <h1 className="mb-4 text-2xl font-bold">{`Afterglow ${name} (standalone)`}</h1>
                  <ul className="list-disc ps-6">
                    {routes.map((r) => (
                      <li key={r.path}>
                        <Link to={r.path.replace(/:(\w+)/g, '$1')}>{r.path}</Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              }
            />
            {routes.map(({ path, Component }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Suspense fallback={null}>
                    <Component />
                  </Suspense>
                }
              />
            ))}
          </Routes>
        </main>
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
  // The page's language (and its catalogues) before the first render, as the shell does.
  void startLanguage().then(() => createRoot(document.getElementById('root')!).render(app));
}
