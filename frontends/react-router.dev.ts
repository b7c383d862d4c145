// React Router as the apps' development builds take it: the package itself, with the names
// frontends/react-router.ts gives the production builds, and `<Routes>`/`<Route>` besides, for a
// remote's standalone development page (@afterglow/ui/standalone), which has no shell to match its
// routes (docs/adr/037-guest-page-weight.md).
export {
  BrowserRouter,
  Link,
  Route,
  Routes,
  UNSAFE_RouteContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@afterglow/react-router-build';
