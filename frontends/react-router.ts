// What the shell and the remotes use of React Router, and all of it that they share (see
// docs/adr/007-lean-shared-modules.md and 037-guest-page-weight.md). The apps use a declarative
// router's seven names with absolute addresses, and the shell matches its one-level route table itself
// (frontends/shell/src/App.tsx), so the production builds take them from here: React Router's own
// router (its history, path resolution, route context and hooks) was 5.5 KB gzip on every page; this
// is under 1 KB. The Rspack configuration maps `react-router` to this file in production builds;
// development builds (a remote's standalone page, with `<Routes>`) take the package itself
// (frontends/react-router.dev.ts), and the unit tests do too. The names behave as the package's do for
// a `BrowserRouter` without a basename; an import of anything not listed here fails the build.
import {
  createContext,
  createElement,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** Where a navigation goes: an address (absolute, or a search or hash of the current page), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

/** The history entry's state as React Router keeps it: the app's state, the entry's key and index. */
interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyState = () => (window.history.state ?? {}) as HistoryState;

/** The browser's current location, as React Router's browser history reads it. */
function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const s = historyState();
  return { pathname, search, hash, state: s.usr ?? null, key: s.key ?? 'default' };
}

/**
 * `to` as an address (path, search, hash) from the page at `from` (an absolute path): what `<a href>`
 * and the history take.
 */
function resolve(to: To, from: string = window.location.href): string {
  const target =
    typeof to === 'string' ? to : `${to.pathname ?? ''}${prefixed('?', to.search)}${prefixed('#', to.hash)}`;
  const url = new URL(target, new URL(from, window.location.origin));
  return url.pathname + (url.search === '?' ? '' : url.search) + (url.hash === '#' ? '' : url.hash);
}

const prefixed = (mark: string, part = '') => (!part || part.startsWith(mark) ? part : mark + part);

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

/**
 * The route a page renders and its parameters, given by the shell as `<Routes>` gives it (React
 * Router's `UNSAFE_RouteContext`, of which `useParams` reads the last match's `params`).
 */
export const UNSAFE_RouteContext = createContext<{
  outlet: ReactNode;
  matches: { params: Record<string, string | undefined> }[];
  isDataRoute: boolean;
}>({ outlet: null, matches: [], isDataRoute: false });

const useRouter = () => {
  const state = useContext(RouterContext);
  if (!state) throw new Error('useLocation() may be used only in the context of a <Router> component.');
  return state;
};

/**
 * React Router's `BrowserRouter` without a basename: the page's location from the browser's history,
 * and a navigation (in the page, or the browser's back and forward) a transition, so the page left
 * stays on screen until the next one is ready.
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(() => {
    // each entry carries its index, as React Router's history keeps it
    if (historyState().idx == null) window.history.replaceState({ ...historyState(), idx: 0 }, '');
    return currentLocation();
  });
  const update = useCallback(() => startTransition(() => setLocation(currentLocation())), []);
  useLayoutEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);
  const navigate = useCallback<NavigateFunction>(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const url = resolve(to);
      const idx = (historyState().idx ?? 0) + (options.replace ? 0 : 1);
      const entry: HistoryState = { usr: options.state, key: Math.random().toString(36).slice(2, 10), idx };
      try {
        window.history[options.replace ? 'replaceState' : 'pushState'](entry, '', url);
      } catch (error) {
        // a state the browser cannot keep is the app's error; past the history's limits, a page load
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        return window.location[options.replace ? 'replace' : 'assign'](url);
      }
      update();
    },
    [update],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return createElement(RouterContext.Provider, { value }, children);
}

export const useLocation = (): Location => useRouter().location;

export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** The current route's parameters (`/join/:code` → `{ code }`). */
export function useParams(): Record<string, string | undefined> {
  const { matches } = useContext(UNSAFE_RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

/**
 * The address's query, and a setter that navigates to the current page with another query (its hash
 * dropped), as React Router's `useSearchParams` (without defaults) does.
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const search = location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) =>
      navigate(
        `?${new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next)}`,
        options,
      ),
    [navigate, params],
  );
  return [params, set];
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** An address of another site (or another scheme), which a plain anchor opens. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * React Router's `<Link>` as a declarative router uses it: an anchor whose plain click navigates in
 * the page (a modified click, another target or `reloadDocument` is left to the browser); a click to
 * the address already shown replaces its history entry instead of adding one.
 */
export function Link({
  to,
  replace,
  state,
  target,
  reloadDocument,
  preventScrollReset,
  onClick,
  ref,
  ...rest
}: LinkProps) {
  const { location, navigate } = useRouter();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const here = location.pathname + location.search + location.hash;
  const href = external ? (to as string) : resolve(to, here);
  const spa = !external && !reloadDocument;
  return createElement('a', {
    ...rest,
    ref,
    target,
    href,
    onClick: spa
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event);
          if (
            event.defaultPrevented ||
            event.button !== 0 ||
            (target && target !== '_self') ||
            event.metaKey ||
            event.altKey ||
            event.ctrlKey ||
            event.shiftKey
          )
            return;
          event.preventDefault();
          navigate(to, { replace: replace ?? here === href, state, preventScrollReset });
        }
      : onClick,
  });
}
