// What the shell and the remotes use of React Router, and all of it that they share (see
// docs/adr/007-lean-shared-modules.md). Module Federation shares a module whole, so sharing the
// package itself would send every phone React Router's data routers, server rendering and cookie
// helpers as well. The Rspack configuration maps `react-router` to this file and
// `@afterglow/react-router-build` to the package's production build (pruned by
// frontends/react-router-loader.mjs); an import of anything not listed here fails the build.
import { createElement, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from '@afterglow/react-router-build';

// The shell matches its routes itself and gives a page the route context `<Routes>` would
// (frontends/shell/src/App.tsx): React Router's matching and route rendering stay out of the pages.
export {
  BrowserRouter,
  UNSAFE_RouteContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@afterglow/react-router-build';

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
 * the page (a modified click, another target or `reloadDocument` is left to the browser). The
 * package's own Link also carries framework mode's route discovery and prefetching (its
 * `PrefetchPageLinks`, the framework context and what they read), which a `BrowserRouter` never uses:
 * 2.7 KB gzip on every page (docs/adr/037-guest-page-weight.md).
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
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = useHref(external ? '/' : to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, {
    replace,
    state,
    target,
    preventScrollReset,
  });
  const spa = !external && !reloadDocument;
  return createElement('a', {
    ...rest,
    ref,
    target,
    href: external ? (to as string) : href,
    onClick: spa
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) navigate(event);
        }
      : onClick,
  });
}
