import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { routeFor } from '../routes';
import { getAppState, subscribe } from './appState';

// Fetched only when there is something to offer, so the banners cost a page's first load nothing.
const Banners = lazy(async () => ({ default: (await import('./Banners')).Banners }));

/** The install and update banners, on the landing page and the guest's pages. */
export function AppBanners() {
  const state = useSyncExternalStore(subscribe, getAppState);
  const { pathname } = useLocation();
  const route = routeFor(pathname);
  if (pathname !== '/' && route?.remote !== 'guest') return null;
  const install = state.install === 'installable' && !state.installDismissed;
  if (!install && !state.update) return null;
  return (
    <Suspense fallback={null}>
      <Banners install={install} update={state.update} fullScreen={route?.chrome === false} />
    </Suspense>
  );
}
