// React Router as the apps' development builds take it (see frontends/react-router.ts): the same names,
// and `<Routes>`/`<Route>` besides, for a remote's standalone development page (@afterglow/ui/standalone),
// which has no shell to match its routes.
export * from './react-router';
export { Route, Routes } from '@afterglow/react-router-build';
