import admin from '@afterglow/frontend-admin/pages.json';
import guest from '@afterglow/frontend-guest/pages.json';
import host from '@afterglow/frontend-host/pages.json';

/**
 * What each remote renders: its own pages manifest (`frontends/<remote>/src/pages.json`), which also
 * gives its Module Federation exposes and its standalone routes (docs/adr/014-pages-declared-once.md).
 */
const REMOTES = { guest, host, admin };

export type RemoteName = keyof typeof REMOTES;

/** One page of a remote in its manifest: its route, and `chrome: false` for a full-screen page. */
export interface PageEntry {
  path: string;
  chrome?: boolean;
}

export interface RemoteRoute extends PageEntry {
  remote: RemoteName;
  page: string;
}

/** Every route of spec section 2: which part of Afterglow renders it. */
export const ROUTES: RemoteRoute[] = Object.entries(REMOTES).flatMap(([remote, pages]) =>
  Object.entries(pages as Record<string, PageEntry>).map(([page, entry]) => ({
    ...entry,
    remote: remote as RemoteName,
    page,
  })),
);

const segments = (path: string) => path.split('/').filter(Boolean);

/** The remote route that renders `pathname` (as the router matches it), if any. */
export function routeFor(pathname: string): RemoteRoute | undefined {
  const parts = segments(pathname);
  return ROUTES.find((r) => {
    const pattern = segments(r.path);
    return (
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p === parts[i]?.toLowerCase())
    );
  });
}
