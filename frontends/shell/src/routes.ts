import admin from '@afterglow/frontend-admin/pages.json';
import guest from '@afterglow/frontend-guest/pages.json';
import host from '@afterglow/frontend-host/pages.json';

/**
 * What each remote renders: its own pages manifest (`frontends/<remote>/src/pages.json`), which also
 * gives its Module Federation exposes and its standalone routes (docs/adr/014-pages-declared-once.md).
 */
const REMOTES = { guest, host, admin };

export type RemoteName = keyof typeof REMOTES;

/**
 * One page of a remote in its manifest: its route, `chrome: false` for a full-screen page, and `data`,
 * the API addresses its first render reads, which the gateway has the browser fetch with the page
 * (`:param(pattern)` filled in from the route's parameter when it matches the pattern;
 * services/gateway/src/http/web.ts).
 */
export interface PageEntry {
  path: string;
  chrome?: boolean;
  data?: string[];
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

/** A segment of the address as the page reads it, decoded as React Router decodes a path's. */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return segment;
  }
};

/** A remote route that renders `pathname`, with its parameters (`/join/:code` → `{ code }`). */
export interface RouteMatch {
  route: RemoteRoute;
  params: Record<string, string>;
}

/**
 * The remote route that renders `pathname`, and its parameters: a route's fixed segments match in any
 * case, a trailing slash is ignored, as React Router matches a path.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const parts = segments(pathname);
  for (const route of ROUTES) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const found = pattern.every((p, i) => {
      const part = parts[i]!;
      if (!p.startsWith(':')) return p === part.toLowerCase();
      params[p.slice(1)] = decoded(part);
      return true;
    });
    if (found) return { route, params };
  }
  return undefined;
}

/** The remote route that renders `pathname`, if any. */
export const routeFor = (pathname: string): RemoteRoute | undefined => matchRoute(pathname)?.route;
