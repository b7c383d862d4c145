declare module '*.css';

/** React Router's production build, under a name of its own (see frontends/react-router.ts). */
declare module '@afterglow/react-router-build' {
  export * from 'react-router';
}

/** TanStack Query's build, under a name of its own (see frontends/react-query.ts). */
declare module '@afterglow/react-query-build' {
  export * from '@tanstack/react-query';
}
