// ESLint plugin `afterglow` with one rule, `import-boundaries`: which parts of the workspace may import
// which (README "How it is laid out"). A service never imports another service: it asks over the bus
// (the launcher, services/server, is the one place that puts the modules together); frontends never
// import services; packages never import services or frontends. And test support (`test-support/`
// folders, the `test/` folders) is imported only by tests, so it never ships in a bundle.
import { areaOf, isTestCode, resolveImport, workspacePackages } from './import-graph.mjs';

/** Why `from` may not import `to`, or null. */
export function boundaryRefusal(from, to) {
  if (!from || !to) return null;
  if (from.kind === 'packages' && to.kind !== 'packages')
    return `a package never imports ${to.kind === 'services' ? 'a service' : 'a frontend'} (${to.kind}/${to.name})`;
  if (from.kind === 'frontends' && to.kind === 'services')
    return `a frontend never imports a service (services/${to.name}): call its HTTP API`;
  if (from.kind === 'services' && to.kind === 'services' && from.name !== to.name && from.name !== 'server')
    return `a service never imports another service (services/${to.name}): ask it over the bus`;
  return null;
}

/** The workspace part an import lands in: its file's, or its package's when no file resolves. */
function targetArea(spec, file) {
  if (file) return areaOf(file);
  const m = /^(@afterglow\/[^/]+)/.exec(spec);
  const pkg = m && workspacePackages().get(m[1]);
  return pkg ? areaOf(pkg.dir) : null;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'services, frontends and packages import only what their layer may' },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = areaOf(filename);
    if (!from) return {};
    const testing = isTestCode(filename);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const file = resolveImport(source.value, filename);
      if (!testing && file && isTestCode(file)) {
        context.report({
          node: source,
          message: 'Import of test support from non-test code: it would ship.',
        });
        return;
      }
      const why = boundaryRefusal(from, targetArea(source.value, file));
      if (why) context.report({ node: source, message: `Import across a boundary: ${why}.` });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'afterglow' }, rules: { 'import-boundaries': importBoundaries } };
