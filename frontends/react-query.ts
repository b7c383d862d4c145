// What the shell and the remotes use of TanStack Query, and all of it that they share (as
// frontends/react-router.ts does for React Router; docs/adr/007-lean-shared-modules.md and
// 021-installable-and-offline.md). Module Federation shares a module whole, so sharing the package
// itself sent every phone its hydration, suspense, many-queries and mutation-state hooks as well. The
// Rspack configuration maps `@tanstack/react-query` to this file and `@afterglow/react-query-build` to
// the package's build; an import of anything not listed here fails the build.
export {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@afterglow/react-query-build';
