// PGlite's thread run from its TypeScript source (tests, tsx): tsx's loader first, then the thread.
// The built server runs pglite-worker.mjs, built from pglite-worker.ts, instead.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
