import { watchInstall } from './pwa/appState';
import { PRELOAD_PAGE_EVENT, preloadPage } from './remotes';
import { routeFor } from './routes';

// A remote page's files (or the landing page) start downloading now, beside React and the shell,
// instead of after the first render.
const route = routeFor(window.location.pathname);
if (route) preloadPage(route.remote, route.page).catch(() => {});
else if (window.location.pathname === '/') void import('./pages/Landing');

// A page about to open another (the join page, the camera) asks for that page's files beforehand.
window.addEventListener(PRELOAD_PAGE_EVENT, (e) => {
  const path = (e as CustomEvent<unknown>).detail;
  const next = typeof path === 'string' ? routeFor(path) : undefined;
  if (next) preloadPage(next.remote, next.page).catch(() => {});
});

// The browser may offer to install the app before React is up: listen from the start.
watchInstall();

// The async boundary lets Module Federation negotiate the shared singletons before React loads. Its
// chunk is named: the page preloads it (frontends/startup-preload.mjs).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
