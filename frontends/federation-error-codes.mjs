// The federation runtime's error codes (@module-federation/error-codes) as the apps ship them: the
// codes, and messages that give the code, the call's details, the documentation's address for the
// code and the original error, without the package's one-line description of each code (0.7 KB gzip
// on every page, its map being in the shell and in each remote's entry; docs/adr/037-guest-page-
// weight.md). React's production builds do the same with their errors. The Rspack configuration maps
// `@module-federation/error-codes` to this file and `@afterglow/federation-error-code-names` to the
// package's list of codes.
export * from '@afterglow/federation-error-code-names';

export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};

const docs = (code) =>
  `View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/${code
    .split('-')[0]
    .toLowerCase()}#${code.toLowerCase()}`;

/** As the package's: `<description> #<code>`, the arguments, the docs and the original error. */
export const getShortErrorMsg = (code, descMap, args, original) =>
  [
    `${descMap?.[code] ?? 'Module Federation error'} #${code}`,
    args && `args: ${JSON.stringify(args)}`,
    docs(code),
    original && `Original Error Message:\n ${original}`,
  ]
    .filter(Boolean)
    .join('\n');
