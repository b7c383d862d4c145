// Rspack's loader for React Router's production build (frontends/react-router.ts re-exports the part
// of it the apps use). The build is one module of 11,000 lines whose top level keeps everything alive:
// `Link.displayName = "Link"` and its like are statements, so the minifier keeps each component they
// name, and all it reads (forms, fetchers, scroll restoration, framework mode); the contexts and
// components are made by calls the minifier must assume have effects. Without the assignments
// (development aids: React shows the names only in development) and with those calls marked pure,
// what no export the apps use reaches is dropped: 2 KB gzip on every page
// (docs/adr/037-guest-page-weight.md).

const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm;
const PURE_CALLS = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;

/** @param {string} source */
export default function reactRouterLoader(source) {
  const pruned = source.replace(DISPLAY_NAME, '').replace(PURE_CALLS, '/* @__PURE__ */ $1');
  // the build itself (its entry files only re-export it) no longer in these shapes: a size
  // regression to look at, not a failure
  if (pruned === source && source.length > 100_000)
    this.emitWarning(new Error("react-router-loader: nothing to prune in React Router's build"));
  return pruned;
}
