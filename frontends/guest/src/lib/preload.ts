/**
 * Asks the shell to fetch the files of the page at `path` now, ahead of opening it (the join page
 * does it for the camera while the guest's device is being made). The shell knows which remote
 * renders a path and how its files load: it listens for this event (frontends/shell/src/remotes.ts,
 * PRELOAD_PAGE_EVENT). Where no shell listens (a remote on its own), nothing happens.
 */
export function preloadPage(path: string): void {
  window.dispatchEvent(new CustomEvent('afterglow:preload-page', { detail: path }));
}
