// What the shell and the remotes use of React Router, and all of it that they share (see
// docs/adr/007-lean-shared-modules.md). Module Federation shares a module whole, so sharing the
// package itself would send every phone React Router's data routers, server rendering and cookie
// helpers as well. The Rspack configuration maps `react-router` to this file and
// `@afterglow/react-router-build` to the package's production build; an import of anything not
// listed here fails the build.
export {
  BrowserRouter,
  Link,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@afterglow/react-router-build';
