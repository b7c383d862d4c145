import { watchInstall } from './pwa/appState';
import { preloadPage } from './remotes';
import { routeFor } from './routes';

// A remote page's files (or the landing page) start downloading now, beside React and the shell,
// instead of after the first render.
const route = routeFor(window.location.pathname);
if (route) preloadPage(route.remote, route.page).catch(() => {});
else if (window.location.pathname === '/') void import('./pages/Landing');

// The browser may offer to install the app before React is up: listen from the start.
watchInstall();

// The async boundary lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
