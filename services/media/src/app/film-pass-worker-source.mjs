// The film pass's thread run from its TypeScript source (tests, tsx): tsx's loader first, then the
// thread. The built server runs film-pass-worker.mjs, built from film-pass-worker.ts, instead.
import { register } from 'tsx/esm/api';

register();
await import('./film-pass-worker.ts');
